/**
 * Presigned-upload tickets (`POST /v2/parse/upload`): a job that waits for its file. The
 * ticket id is the job id the client polls; once the PUT lands, the engine job's id is
 * recorded here and `GET /parse/{ticket id}` reads that job. One JSON file per ticket
 * (json-book.ts: atomic rename), indexed in memory at startup.
 */
import { JsonBook } from './json-book.js';

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
  /** `uploaded`: the file is in, the queue was full: queued as soon as it has room (upload-flow.ts). */
  state: 'awaiting_upload' | 'uploaded' | 'queued' | 'failed';
  message?: string;
  engineJobId?: string;
  finishedAt?: string;
}

export class TicketBook {
  private constructor(private readonly book: JsonBook<Ticket>) {}

  static async open(dir: string): Promise<TicketBook> {
    return new TicketBook(await JsonBook.open<Ticket>(dir));
  }

  get(id: string): Ticket | undefined {
    return this.book.get(id);
  }

  /** Tickets still waiting for their PUT. */
  awaiting(): Ticket[] {
    return this.book.filter((t) => t.state === 'awaiting_upload');
  }

  /** Uploads waiting for room in the queue, oldest first. */
  parked(): Ticket[] {
    return this.book.filter((t) => t.state === 'uploaded').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** The ticket whose upload became engine job `jobId`. */
  byEngineJob(jobId: string): Ticket | undefined {
    return this.book.values().find((t) => t.engineJobId === jobId);
  }

  async save(t: Ticket): Promise<void> {
    if (!/^[0-9a-f-]{36}$/.test(t.id)) throw new Error('invalid ticket id');
    await this.book.save(t.id, t);
  }
}
