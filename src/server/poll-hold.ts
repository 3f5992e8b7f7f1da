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
 * Bounds: only a job of this process whose pages are all done, or whose remaining pages
 * should take at most LEAD_MS at the pace of its pages so far (its progress, heard in memory:
 * watchProgress), is waited for, at most HOLD_MS; a poll of a queued job, of a job with more
 * than LEAD_MS of pages ahead or no pace yet (one page done), or of any other state answers at
 * once as before. A held poll then reads the job afresh, so its answer is what an immediate
 * read would give at that moment (same body, same statuses). Nothing is held for longer than
 * HOLD_MS even when the job's end never comes (a cluster node that died: the job stays
 * `Processing` until its lease passes, as before), or when the estimate was wrong.
 * `QUIRE_POLL_HOLD_MS=0` turns it off; `QUIRE_POLL_LEAD_MS=0` (or ServerConfig.pollLeadMs)
 * holds only jobs whose pages are all done (bench comparisons).
 *
 * Why the lead: the last step alone (pages done → result stored) is 5–15 ms for the sample,
 * so at 25 ms polling about half the polls, and at 100 ms most, missed it and their client
 * slept a further interval (bench/server-vs-library.ts: the HTTP time's spread between runs
 * came from there). A poll arriving in the last LEAD_MS of pages is now answered at the end too.
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

/**
 * A poll is held when the job's remaining pages should take at most this long (ms) at the
 * pace of its pages so far. Must stay well under HOLD_MS: the estimate plus the last step.
 */
const DEFAULT_LEAD_MS = 100;

function leadMs(ctx: ServerContext): number {
  if (ctx.config.pollLeadMs !== undefined) return ctx.config.pollLeadMs;
  const v = Number(process.env.QUIRE_POLL_LEAD_MS);
  return process.env.QUIRE_POLL_LEAD_MS !== undefined && Number.isFinite(v) && v >= 0 ? v : DEFAULT_LEAD_MS;
}

/** A running job's page progress as heard in memory: when its first report came, and its last. */
interface Pace {
  firstAt: number;
  firstDone: number;
  lastAt: number;
  done: number;
  total: number;
}

/** Per server: the page progress of this process's jobs that have not ended yet. */
const paces = new WeakMap<ServerContext, Map<string, Pace>>();
const pacesOf = (ctx: ServerContext): Map<string, Pace> => {
  let map = paces.get(ctx);
  if (!map) paces.set(ctx, (map = new Map()));
  return map;
};

/**
 * The job's page progress, for `ctx.engine.ended(id, onProgress)`: marks it finishing once
 * every page is done. In memory and at once: the record's `progress` field is written
 * asynchronously and reaches the store only as the job ends (measured: never seen by a poll
 * before `Succeeded`), while the main thread is busy assembling the document.
 */
export function watchProgress(ctx: ServerContext, jobId: string): (done: number, total: number) => void {
  return (done, total) => {
    if (total <= 0) return;
    const now = performance.now();
    const p = pacesOf(ctx).get(jobId);
    if (!p) pacesOf(ctx).set(jobId, { firstAt: now, firstDone: done, lastAt: now, done, total });
    else Object.assign(p, { lastAt: now, done, total });
  };
}

/** The job has ended (or will not be watched any more). */
export function unwatch(ctx: ServerContext, jobId: string): void {
  paces.get(ctx)?.delete(jobId);
}

/**
 * Whether the job is about to end: running (its record may still say starting for its first
 * milliseconds: jobs/start-early.ts), with every page analysed, or with its remaining pages
 * expected to take at most the lead at the pace of those done since its first report.
 */
export function isFinishing(ctx: ServerContext, jobId: string): boolean {
  const p = paces.get(ctx)?.get(jobId);
  const state = ctx.store.peek(jobId)?.state;
  if (!p || (state !== 'processing' && state !== 'starting')) return false;
  if (p.done >= p.total) return true;
  const lead = leadMs(ctx);
  if (lead === 0 || p.done <= p.firstDone) return false;
  const perPage = (p.lastAt - p.firstAt) / (p.done - p.firstDone);
  return perPage * (p.total - p.done) - (performance.now() - p.lastAt) <= lead;
}

/** Resolves when the job has ended or HOLD_MS have passed, at once when it is not finishing. */
export async function holdWhileFinishing(ctx: ServerContext, jobId: string): Promise<void> {
  const holdFor = ctx.config.pollHoldMs ?? HOLD_MS;
  if (holdFor === 0 || !isFinishing(ctx, jobId)) return;
  markPhase('poll-held', jobId);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, holdFor)));
  try {
    await Promise.race([ctx.engine.ended(jobId).then(() => undefined, () => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
