/**
 * The guard protocol of src/workers/native-guard.ts on one thread: the pool's stop waits for
 * the sections in flight, no section starts once a stop is asked, and a section that outlives
 * its task still holds off a stop of the next task. (The two-thread case, a real worker in
 * onnxruntime, is native-timeout.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { nativeSection, newNativeGuard, stopWhenSafe, useNativeGuard } from '../../src/workers/native-guard.js';

/** A call that ends when the test says so. */
function gate() {
  let open!: () => void;
  const ended = new Promise<string>((r) => (open = () => r('ran')));
  return { open, call: () => ended };
}

afterEach(() => useNativeGuard(undefined));

describe('native guard', () => {
  it('a stop waits until the section in flight has returned, then terminates', async () => {
    const guard = newNativeGuard();
    useNativeGuard(guard);
    const g = gate();
    const section = nativeSection(g.call);
    let terminated = false;
    const stopping = stopWhenSafe(guard, () => (terminated = true), () => false);
    await new Promise((r) => setTimeout(r, 50));
    expect(terminated).toBe(false);
    g.open();
    expect(await section).toBe('ran');
    await stopping;
    expect(terminated).toBe(true);
  });

  it('no section starts once a stop is asked', async () => {
    const guard = newNativeGuard();
    useNativeGuard(guard);
    const g = gate();
    const first = nativeSection(g.call);
    const stopping = stopWhenSafe(guard, () => undefined, () => false);
    let started = false;
    void nativeSection(() => (started = true));
    g.open();
    await first;
    await stopping;
    expect(started).toBe(false);
  });

  it('a section left running by the last task holds off a stop of the next one', async () => {
    useNativeGuard(newNativeGuard());
    const g = gate();
    const leftover = nativeSection(g.call);
    const next = newNativeGuard();
    useNativeGuard(next);
    let terminated = false;
    const stopping = stopWhenSafe(next, () => (terminated = true), () => false);
    await new Promise((r) => setTimeout(r, 50));
    expect(terminated).toBe(false);
    g.open();
    await leftover;
    await stopping;
    expect(terminated).toBe(true);
  });

  it('a task that ends on its own is not terminated', async () => {
    const guard = newNativeGuard();
    useNativeGuard(guard);
    const g = gate();
    const section = nativeSection(g.call);
    let ended = false;
    let terminated = false;
    const stopping = stopWhenSafe(guard, () => (terminated = true), () => ended);
    ended = true;
    g.open();
    await section;
    await stopping;
    expect(terminated).toBe(false);
  });
});
