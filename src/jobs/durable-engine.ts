/**
 * The engine over a durable store (the HTTP server's): the spec says accepted jobs run to
 * completion, so after a restart the jobs a killed process left queued or running are
 * queued again (recover), and a graceful stop leaves queued jobs in the store instead of
 * cancelling them (stopForRestart). Kept apart from engine.ts, whose library default is an
 * in-memory store where neither applies.
 */
import { JobNotFoundError, ProcessingError } from '../errors.js';
import type { JobRecord } from '../model/job.js';
import { Engine, type EngineConfig } from './engine.js';
import { findUnfinished } from './recovery.js';

export class DurableEngine extends Engine {
  constructor(config: EngineConfig & { store: NonNullable<EngineConfig['store']> }) {
    super(config);
  }

  /** Jobs waiting for a slot (not counting running ones). */
  get queuedJobs(): number {
    return this.queued;
  }

  /**
   * Resolves with the job's record once it has ended (succeeded, failed or cancelled);
   * `onProgress` hears its page progress meanwhile (the server's poll hold, server/poll-hold.ts).
   */
  async ended(id: string, onProgress?: (done: number, total: number) => void): Promise<JobRecord> {
    await this.untilTerminal(id, onProgress ? { onProgress } : {});
    const rec = await this.store.get(id);
    if (!rec) throw new JobNotFoundError(id);
    return rec;
  }

  /**
   * The serialized `chunks` of a finished job's stored result, while it is held in memory
   * (ResultCache.storedChunksJson): for the server's answer of a view that shows them as stored.
   */
  storedChunksJson(id: string): { chunks: unknown[]; json: Buffer } | undefined {
    return this.results.storedChunksJson(id);
  }

  /** Queue again what a killed process left unfinished (recovery.ts); returns how many. */
  async recover(): Promise<number> {
    let queued = 0;
    for (const u of await findUnfinished(this.store)) {
      const id = u.rec.id;
      if ('error' in u) {
        await this.finish(id, { state: 'failed', message: u.error });
        continue;
      }
      await this.store.update(id, { state: 'starting', startedAt: null, progress: null, options: u.options });
      this.queued++;
      await this.queue.enqueue(id);
      queued++;
    }
    setImmediate(() => this.runner.pump());
    return queued;
  }

  /**
   * Stop for a restart: no new jobs start, running ones get `graceMs` to finish, then are
   * stopped without a terminal state; queued ones stay queued in the store (recover()).
   */
  async stopForRestart(graceMs: number): Promise<void> {
    this.closed = true;
    this.runner.stop();
    const running = [...this.runner.running.keys()].map((id) => this.untilTerminal(id, {}).catch(() => undefined));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(running), new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
    this.runner.drain();
    for (const c of this.runner.running.values()) c.abort(new ProcessingError('processing_error', 'Server shutting down.'));
    await this.pool.destroy();
  }
}
