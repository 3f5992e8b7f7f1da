/**
 * Presigned-upload tickets (`POST /v2/parse/upload`): a job that waits for its file. The
 * ticket id is the job id the client polls; once the PUT lands, the engine job's id is
 * recorded here and `GET /parse/{ticket id}` reads that job. One JSON file per ticket
 * (json-book.ts: atomic rename), or a Redis hash when several servers share the tickets
 * (shared-state/). A ticket changes state by compare-and-set where two servers could race
 * (expiry, upload), so its page is refunded or charged once.
 */
import type { RecordBook } from './shared-state/record-book.js';

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
  /** `book` buckets tickets by state (shared-state/record-book.ts). */
  constructor(private readonly book: RecordBook<Ticket>) {}

  get(id: string): Promise<Ticket | undefined> {
    return this.book.get(id);
  }

  /** Tickets still waiting for their PUT. */
  awaiting(): Promise<Ticket[]> {
    return this.book.inBucket('awaiting_upload');
  }

  /** Uploads waiting for room in the queue, oldest first. */
  async parked(): Promise<Ticket[]> {
    return (await this.book.inBucket('uploaded')).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async save(t: Ticket): Promise<void> {
    if (!/^[0-9a-f-]{36}$/.test(t.id)) throw new Error('invalid ticket id');
    await this.book.save(t.id, t);
  }

  /** Saves `next` only if the ticket is still `t` (another server may have moved it); true when saved. */
  replace(t: Ticket, next: Ticket): Promise<boolean> {
    return this.book.replace(t.id, t, next);
  }
}
