/**
 * A worker stopped on a time limit or an abort while it is inside onnxruntime's session.run
 * must not take the process down (before the native guard, src/workers/native-guard.ts, the
 * first such stop aborted the process: "terminate called after throwing an instance of
 * 'Napi::Error'", exit 134). The pool runs in a child process so that a crash fails this test
 * instead of killing the runner. No time is asserted: the limits only decide when to stop.
 * The second test takes the same case through the engine's job rules (issues 21 and 29).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { here } from '../helpers.js';

describe('a pool worker stopped inside native code', () => {
  it('answers each stopped task, keeps the process alive, and serves the next task', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'workers', 'native-timeout-child.ts'), '4'], { encoding: 'utf8', timeout: 120_000 });
    expect(child.stderr).not.toMatch(/Napi::Error|FATAL ERROR/);
    expect({ status: child.status, signal: child.signal }).toEqual({ status: 0, signal: null });
    const out = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { answers: string[]; runsAtStop: number[]; after: unknown };
    expect(out.answers).toEqual(['timeout', 'cancelled by the test', 'timeout', 'cancelled by the test']);
    // The aborted rounds were stopped while the model ran back to back (two runs or more done).
    expect(out.runsAtStop.filter((_, i) => i % 2 === 1).every((n) => n >= 2)).toBe(true);
    expect(out.after).toEqual({ pageCount: 1 });
  }, 150_000);

  it('through the engine: a page over its time limit is skipped (Continue), a failed job stops its pages (Fail), cancel and close stop them, and the pool serves the next job', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'workers', 'native-timeout-engine-child.ts')], { encoding: 'utf8', timeout: 240_000 });
    expect(child.stderr).not.toMatch(/Napi::Error|FATAL ERROR/);
    expect({ status: child.status, signal: child.signal }).toEqual({ status: 0, signal: null });
    expect(JSON.parse(child.stdout.trim().split('\n').at(-1)!)).toEqual({
      continue: { status: 'Succeeded', skipped: [{ page_number: 4, error: 'Processing took longer than 5 s and was stopped.' }], pages: [1, 2, 3, 5] },
      continueNext: 'Succeeded',
      fail: { status: 'Failed', message: 'page 1 is broken (test marker)' },
      failNext: 'Succeeded',
      cancel: 'Cancelled',
      cancelNext: 'Succeeded',
      closed: true,
    });
  }, 270_000);
});
