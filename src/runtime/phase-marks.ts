/**
 * Timestamps of the steps a server job goes through (upload received, pages counted, job
 * created, claimed, run, result kept, finished, result served), for bench/server-phases.ts,
 * which lines them up with its client's own times to say where the HTTP path spends its
 * milliseconds against the library call. Off unless `QUIRE_PHASE_MARKS=1`: then each mark is
 * one stderr line `QUIRE_MARK <epoch ms, 2 decimals> <label> [job id]`. Epoch time (not a
 * monotonic clock) so that marks of the server and of its client compare directly.
 * Lines are collected and written later, off the marked path, by an asynchronous write to
 * fd 2: process.stderr is a pipe under the bench, and a write to a pipe is synchronous on
 * Linux (measured: about 1 ms a mark on a loaded machine, which the marks then timed).
 */
import fs from 'node:fs';

const on = process.env.QUIRE_PHASE_MARKS === '1';
let pending: string[] = [];
let writing = false;

function flush(): void {
  if (writing || !pending.length) return;
  writing = true;
  const text = pending.join('');
  pending = [];
  fs.write(2, text, () => {
    writing = false;
    flush();
  });
}

type Listener = (t: number, label: string, jobId: string) => void;
let listener: Listener | undefined;

/** Marks of this process go to `l` instead of stderr (the bench's in-process library engine). */
export function onPhaseMark(l: Listener): void {
  listener = l;
}

export function markPhase(label: string, jobId = ''): void {
  if (listener) return listener(performance.timeOrigin + performance.now(), label, jobId);
  if (!on) return;
  pending.push(`QUIRE_MARK ${(performance.timeOrigin + performance.now()).toFixed(2)} ${label} ${jobId}\n`);
  if (pending.length === 1 && !writing) setTimeout(flush, 5).unref();
}
