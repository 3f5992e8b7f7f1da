/**
 * V8 settings for the pool's work. V8 flags are process-wide, so this runs once, when a pool
 * worker loads, before any WebAssembly is compiled and before pdf.js is loaded.
 *
 * --wasm-tiering-budget: V8 first compiles WebAssembly with its baseline compiler and
 * recompiles each function with the optimising one after a small execution budget. On
 * tesseract.js's core that recompilation costs about 0.5 s of CPU around the first page
 * read (cover page of freeculture.pdf at 300 DPI: 1.75 s of CPU before, 1.25 s after),
 * while pages read later run as fast as before (OCRmyPDF multipage.pdf and cardinal.pdf, page by
 * page, within 3%): the hot loops still get optimised, the many lukewarm functions no
 * longer do.
 *
 * --interrupt-budget and --max-inlined-bytecode-size-cumulative: the same trade for
 * JavaScript. A parse is short and every worker is a fresh isolate, so V8's optimising
 * compiler (on its helper threads) spent about a third of a second of CPU per worker on pdf.js
 * functions that ran a few times, with large inlined graphs. Tiering up after ~4.4x the
 * default budget and inlining at most 300 bytes of bytecode per function cut freeculture.pdf
 * (352 pages) from 4.7 to 4.3 s of CPU and 2.6 to 2.3 s of wall time; a worker already
 * warm from earlier parses is as fast as before (GeoTopo, 400p, DA-619p in one engine, second
 * round).
 */
import v8 from 'node:v8';

export const V8_FLAGS = ['--wasm-tiering-budget=100000000', '--interrupt-budget=300000', '--max-inlined-bytecode-size-cumulative=300'];

let applied = false;

export function applyV8Tuning(): void {
  if (applied) return;
  applied = true;
  for (const flag of V8_FLAGS) v8.setFlagsFromString(flag);
}

/** The flags this module set in this process (none before a pool worker loaded). */
export function appliedV8Flags(): readonly string[] {
  return applied ? V8_FLAGS : [];
}
