/**
 * Timestamps of the steps a server job goes through (upload received, pages counted, job
 * created, claimed, run, result kept, finished, result served), for bench/server-phases.ts,
 * which lines them up with its client's own times to say where the HTTP path spends its
 * milliseconds against the library call. Off unless `QUIRE_PHASE_MARKS=1`: then each mark is
 * one stderr line `QUIRE_MARK <epoch ms, 2 decimals> <label> [job id]`. Epoch time (not a
 * monotonic clock) so that marks of the server and of its client compare directly.
 */
const on = process.env.QUIRE_PHASE_MARKS === '1';

export function markPhase(label: string, jobId = ''): void {
  if (on) process.stderr.write(`QUIRE_MARK ${(performance.timeOrigin + performance.now()).toFixed(2)} ${label} ${jobId}\n`);
}
