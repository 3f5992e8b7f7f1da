/**
 * Progress written one write at a time per job, the latest value winning
 * (src/jobs/progress-writes.ts): a value overtaken while a write is under way is skipped,
 * the last value reported is always the last one written, and jobs do not wait on each other.
 */
import { describe, expect, it } from 'vitest';
import { ProgressWrites, type Progress } from '../../src/jobs/progress-writes.js';

/** A write that finishes when the test says so, recording what it was given. */
function gatedWrites() {
  const written: Array<[string, Progress]> = [];
  const gates: Array<() => void> = [];
  const write = (id: string, p: Progress) =>
    new Promise<void>((resolve) => {
      written.push([id, p]);
      gates.push(resolve);
    });
  const release = async () => {
    gates.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { written, gates, write, release };
}

describe('progress writes', () => {
  it('writes one at a time and skips values overtaken while a write is under way', async () => {
    const g = gatedWrites();
    const w = new ProgressWrites(g.write);
    w.set('a', { done: 1, total: 5 });
    w.set('a', { done: 2, total: 5 });
    w.set('a', { done: 3, total: 5 });
    expect(g.written).toEqual([['a', { done: 1, total: 5 }]]); // the first goes at once, the others wait
    await g.release();
    expect(g.written.map(([, p]) => p.done)).toEqual([1, 3]); // 2 was overtaken by 3
    w.set('a', { done: 5, total: 5 });
    await g.release();
    await g.release();
    expect(g.written.map(([, p]) => p.done)).toEqual([1, 3, 5]);
    expect(g.gates).toHaveLength(0);
    // once idle, the next value is written at once again
    w.set('a', { done: 5, total: 5 });
    expect(g.written).toHaveLength(4);
  });

  it('keeps jobs apart, and a failed write does not stop the next', async () => {
    const written: string[] = [];
    let fail = true;
    const w = new ProgressWrites(async (id, p) => {
      written.push(`${id}:${p.done}`);
      if (id === 'a' && fail) {
        fail = false;
        throw new Error('disk full');
      }
    });
    w.set('a', { done: 1, total: 2 });
    w.set('b', { done: 1, total: 1 });
    w.set('a', { done: 2, total: 2 });
    await new Promise((r) => setImmediate(r));
    expect(written).toEqual(['a:1', 'b:1', 'a:2']);
  });
});
