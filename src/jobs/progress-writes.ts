/**
 * A running job's progress, written to its store one write at a time, the latest value
 * winning. Progress comes once per page batch (a 352-page book: 58 batches, often two at
 * once), and each write is an atomic file replacement (stores/fs-job-store.ts) made on the
 * main thread while the pool's workers read pages; a value overtaken while an earlier write
 * is still under way is never written. Progress is not durable by design (a lost write only
 * means an older figure), and the last value reported is always the last one written.
 */
export interface Progress {
  done: number;
  total: number;
}

export class ProgressWrites {
  /** Jobs with a write under way → the value to write next (null: none newer yet). */
  private readonly next = new Map<string, Progress | null>();

  constructor(private readonly write: (id: string, progress: Progress) => Promise<unknown>) {}

  set(id: string, progress: Progress): void {
    if (this.next.has(id)) {
      this.next.set(id, progress);
      return;
    }
    this.next.set(id, null);
    void this.drain(id, progress);
  }

  private async drain(id: string, first: Progress): Promise<void> {
    let value: Progress | null = first;
    while (value) {
      await this.write(id, value).catch(() => undefined);
      value = this.next.get(id) ?? null;
      this.next.set(id, null);
    }
    this.next.delete(id);
  }
}
