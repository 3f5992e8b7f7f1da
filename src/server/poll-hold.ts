/**
 * A status read of a job that is about to end waits briefly for that end, so that it
 * answers the final state instead of `Processing` a few milliseconds before it changes.
 *
 * Why: clients written for the cloud service learn that a job ended only by polling
 * `GET /parse/{job_id}`. A poll that arrives while the job is in its last step (every page
 * analysed; the document being assembled, its result written and its record fsynced) would
 * answer `Processing`, and the client would sleep a whole polling interval before it learns
 * of a job that ended a few milliseconds after that answer: on average half an interval
 * plus a request, about as long as all the other costs of the HTTP path put together for a
 * short job (bench/server-phases.ts: "until a poll sees it", 21.6 ms median at 25 ms
 * polling for the 19-page sample). Holding that one poll until the end costs the client
 * nothing it would not have waited anyway, and spares it one interval.
 *
 * Bounds: only a job of this process whose pages are all done (its progress, heard in
 * memory: watchProgress) is waited for, at most HOLD_MS; a poll of a queued job, of a job still on its pages, or of
 * any other state answers at once as before. A held poll then reads the job afresh, so its
 * answer is what an immediate read would give at that moment (same body, same statuses).
 * Nothing is held for longer than HOLD_MS even when the job's end never comes (a cluster
 * node that died: the job stays `Processing` until its lease passes, as before).
 * `QUIRE_POLL_HOLD_MS=0` turns it off (bench comparisons).
 */
import type { ServerContext } from './context.js';
import { markPhase } from '../runtime/phase-marks.js';

/**
 * The longest a poll waits for a finishing job. The last step of the sample (19 pages) takes
 * 5–20 ms; of a 500-page document, a few hundred ms: such a poll then answers `Processing`
 * after HOLD_MS, a delay the spec's advised 5 s polling interval does not notice.
 */
const DEFAULT_HOLD_MS = 250;

function holdMs(): number {
  const v = Number(process.env.QUIRE_POLL_HOLD_MS);
  return Number.isFinite(v) && v >= 0 ? v : DEFAULT_HOLD_MS;
}
const HOLD_MS = holdMs();

/** Per server: the jobs of this process whose pages are all done and that have not ended yet. */
const finishing = new WeakMap<ServerContext, Set<string>>();
const finishingOf = (ctx: ServerContext): Set<string> => {
  let set = finishing.get(ctx);
  if (!set) finishing.set(ctx, (set = new Set()));
  return set;
};

/**
 * The job's page progress, for `ctx.engine.ended(id, onProgress)`: marks it finishing once
 * every page is done. In memory and at once: the record's `progress` field is written
 * asynchronously and reaches the store only as the job ends (measured: never seen by a poll
 * before `Succeeded`), while the main thread is busy assembling the document.
 */
export function watchProgress(ctx: ServerContext, jobId: string): (done: number, total: number) => void {
  return (done, total) => {
    if (total > 0 && done >= total) finishingOf(ctx).add(jobId);
  };
}

/** The job has ended (or will not be watched any more). */
export function unwatch(ctx: ServerContext, jobId: string): void {
  finishing.get(ctx)?.delete(jobId);
}

/** Whether the job is in its last step: running, with every page analysed. */
export function isFinishing(ctx: ServerContext, jobId: string): boolean {
  if (!finishing.get(ctx)?.has(jobId)) return false;
  return ctx.store.peek(jobId)?.state === 'processing';
}

/** Resolves when the job has ended or HOLD_MS have passed, at once when it is not finishing. */
export async function holdWhileFinishing(ctx: ServerContext, jobId: string): Promise<void> {
  if (HOLD_MS === 0 || !isFinishing(ctx, jobId)) return;
  markPhase('poll-held', jobId);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, HOLD_MS)));
  try {
    await Promise.race([ctx.engine.ended(jobId).then(() => undefined, () => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
