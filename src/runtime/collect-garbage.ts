/**
 * A full garbage collection on request, for a worker that has just finished a task whose
 * garbage is hundreds of MB (a 1M-formula workbook: SheetJS cells, the grid, the result it
 * wrote to a file). A pool worker idles between tasks and V8 does not collect an idle
 * isolate, so that garbage stayed resident while the main thread went on to read the result
 * (bench/result-memory.ts, library-chunks: RSS after the job 562–607 MB without, 372–397 MB
 * with; the peak, reached while parsing, is unchanged). `gc` is not exposed without `--expose-gc`; setting the flag at
 * run time and taking `gc` from a fresh context is Node's documented way around that.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null | undefined;

/** Runs a full collection; false where this runtime does not allow it. */
export function collectGarbage(): boolean {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
  return gc != null;
}
