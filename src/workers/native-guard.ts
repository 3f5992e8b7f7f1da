/**
 * Why a pool worker is never terminated inside a native call.
 *
 * `Worker.terminate()` (piscina aborting a task over its time limit, a job's cancel, a
 * failed job's other batches) stops V8 at once but cannot stop native code: a synchronous
 * add-on call runs on, and when it comes back into a terminating environment node-addon-api
 * throws a C++ `Napi::Error` that nothing can catch; `std::terminate` then aborts the whole
 * process, main thread included. onnxruntime-node's `session.run` (a synchronous call on the
 * worker's thread) does this on the first try (bench/terminate-native.ts; test/workers/
 * native-timeout.test.ts).
 *
 * So each task carries a guard, one Int32 in shared memory: the number of native sections
 * its worker has in flight, plus a STOP bit that the pool sets when it wants the worker gone.
 * - The worker wraps a risky native call in `nativeSection`: it counts itself in with a
 *   compare-and-set that fails once STOP is set (the section then never starts: the worker
 *   waits in JS to be terminated), and counts itself out when the call has returned.
 * - The pool sets STOP (atomic or) and terminates the worker once the cell holds STOP alone:
 *   no section in flight, and none can start any more. A worker that runs native calls back
 *   to back is thus stopped between two of them, without the pool having to catch the
 *   instant between them.
 * Both sides use atomics on the same cell, so no terminate can meet a guarded native call.
 */

/** Guard bit: the pool is stopping this worker; no native section may start. */
const STOP = 1 << 30;

/** A guard cell for one task (shared with its worker through the task message). */
export function newNativeGuard(): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
}

// ---- worker side -----------------------------------------------------------------------

/** The guard of the task this worker runs now (a pool worker runs one task at a time). */
let current: Int32Array | undefined;
/** Native sections in flight in this worker, whichever task started them. */
let inFlight = 0;

/**
 * Called by the worker entry at the start of each task with the guard its message carries.
 * A section an earlier task left running (a call it did not await before it answered) counts
 * for the new task too: the pool must not terminate the worker under it either.
 */
export function useNativeGuard(guard: SharedArrayBuffer | undefined): void {
  current = guard ? new Int32Array(guard) : undefined;
  if (current && inFlight > 0) Atomics.add(current, 0, inFlight);
}

/**
 * Runs `call` (a native add-on call, sync or async) so that the pool does not terminate this
 * worker while it is in flight. Outside a pool task (main thread, tests) it simply runs.
 */
export async function nativeSection<T>(call: () => T | Promise<T>): Promise<T> {
  const guard = current;
  if (guard) {
    for (;;) {
      const n = Atomics.load(guard, 0);
      // The pool is stopping this worker: never enter native code again; wait to be terminated.
      if (n & STOP) return new Promise<never>(() => undefined);
      if (Atomics.compareExchange(guard, 0, n, n + 1) === n) break;
    }
  }
  inFlight += 1;
  try {
    return await call();
  } finally {
    inFlight -= 1;
    // Counted in the guard of the task that runs now: at entry or when that task started.
    if (current) Atomics.sub(current, 0, 1);
  }
}

// ---- pool side -------------------------------------------------------------------------

/** How often the pool looks again at a worker that is inside a native section. */
const POLL_MS = 10;

/**
 * Asks the task's worker to stop entering native code and calls `terminate` once it has no
 * native section in flight; gives up if the task ends on its own first (`ended()`). Resolves
 * when it has done either.
 */
export async function stopWhenSafe(guard: SharedArrayBuffer, terminate: () => void, ended: () => boolean): Promise<void> {
  const cell = new Int32Array(guard);
  Atomics.or(cell, 0, STOP);
  for (;;) {
    if (ended()) return;
    if (Atomics.load(cell, 0) === STOP) {
      terminate();
      return;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
