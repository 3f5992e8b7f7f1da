/**
 * The engine over a durable store (the HTTP server's): the spec says accepted jobs run to
 * completion, so after a restart the jobs a killed process left queued or running are
 * queued again (recover), and a graceful stop leaves queued jobs in the store instead of
 * cancelling them (shutdown). Kept apart from engine.ts, whose library default is an
 * in-memory store where neither applies.
 */
import { ProcessingError } from '../errors.js';
import { Engine, type EngineConfig } from './engine.js';
import { findUnfinished } from './recovery.js';

export class DurableEngine extends Engine {
  constructor(config: EngineConfig & { store: NonNullable<EngineConfig['store']> }) {
    super(config);
  }

  /** Jobs waiting for a slot (not counting running ones). */
  get queuedJobs(): number {
    return this.queue.length;
  }

  /** Queue again what a killed process left unfinished (recovery.ts); returns how many. */
  async recover(): Promise<number> {
    let queued = 0;
    for (const u of await findUnfinished(this.store, this.limits)) {
      if (this.queue.some((p) => p.id === u.id) || this.running.has(u.id)) continue;
      if ('error' in u) await this.finish(u.id, { state: 'failed', message: u.error });
      else {
        await this.store.update(u.id, { state: 'starting', startedAt: null, progress: null });
        this.queue.push(u);
        queued++;
      }
    }
    setImmediate(() => this.pump());
    return queued;
  }

  /**
   * Stop for a restart: no new jobs start, running ones get `graceMs` to finish, then are
   * stopped without a terminal state; queued ones stay queued in the store (recover()).
   */
  async shutdown(graceMs: number): Promise<void> {
    this.closed = true;
    this.queue.splice(0);
    const running = [...this.running.keys()].map((id) => this.untilTerminal(id, {}).catch(() => undefined));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(running), new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
    this.draining = true;
    for (const c of this.running.values()) c.abort(new ProcessingError('processing_error', 'Server shutting down.'));
    await this.pool.destroy();
  }
}
