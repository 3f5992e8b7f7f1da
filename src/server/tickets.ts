/**
 * Presigned-upload tickets (`POST /v2/parse/upload`): a job that waits for its file. The
 * ticket id is the job id the client polls; once the PUT lands, the engine job's id is
 * recorded here and `GET /parse/{ticket id}` reads that job. One JSON file per ticket
 * (atomic rename), indexed in memory at startup.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../jobs/stores/atomic-file.js';

export interface Ticket {
  id: string;
  owner: string;
  fileName: string;
  mimeType: string;
  /** Raw options as submitted (validated at ticket creation). */
  options: Record<string, unknown>;
  createdAt: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  /** Pages reserved at creation; reconciled on upload. */
  reserved: number;
  state: 'awaiting_upload' | 'queued' | 'failed';
  message?: string;
  engineJobId?: string;
  finishedAt?: string;
}

export class TicketBook {
  private readonly index = new Map<string, Ticket>();
  private constructor(private readonly dir: string) {}

  static async open(dir: string): Promise<TicketBook> {
    const book = new TicketBook(dir);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    for (const name of await fs.readdir(dir)) {
      if (!name.endsWith('.json')) continue;
      try {
        const t = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as Ticket;
        book.index.set(t.id, t);
      } catch {
        /* a half-written temp file cannot be here (atomic rename); skip anything else */
      }
    }
    return book;
  }

  get(id: string): Ticket | undefined {
    const t = this.index.get(id);
    return t ? { ...t } : undefined;
  }

  /** The ticket whose upload became engine job `jobId`. */
  byEngineJob(jobId: string): Ticket | undefined {
    for (const t of this.index.values()) if (t.engineJobId === jobId) return { ...t };
    return undefined;
  }

  async save(t: Ticket): Promise<void> {
    if (!/^[0-9a-f-]{36}$/.test(t.id)) throw new Error('invalid ticket id');
    await writeFileAtomic(path.join(this.dir, `${t.id}.json`), JSON.stringify(t));
    this.index.set(t.id, { ...t });
  }
}
