/**
 * V8 settings for the pool's work. V8 flags are process-wide, so this runs once, when a pool
 * worker loads, before any WebAssembly is compiled.
 *
 * --wasm-tiering-budget: V8 first compiles WebAssembly with its baseline compiler and
 * recompiles each function with the optimising one after a small execution budget. On
 * tesseract.js's core that recompilation costs about 0.5 s of CPU around the first page
 * read (cover page of freeculture.pdf at 300 DPI: 1.75 s of CPU before, 1.25 s after),
 * while pages read later run as fast as before (OCRmyPDF multipage.pdf and cardinal.pdf, page by
 * page, within 3%): the hot loops still get optimised, the many lukewarm functions no
 * longer do.
 */
import v8 from 'node:v8';

export const WASM_TIERING_BUDGET = 100_000_000;

let applied = false;

export function applyV8Tuning(): void {
  if (applied) return;
  applied = true;
  v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}
