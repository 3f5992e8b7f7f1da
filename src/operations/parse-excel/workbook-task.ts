/**
 * The worker task of parse excel: parse the workbook, and when the job gave a result file
 * and the result is large, write it there (render/chunk-lines.ts) and answer with a small
 * reference instead of the result. A 1M-formula workbook's result (~118 M characters) then
 * never crosses to the main thread: no structured-clone copy, no second object graph there,
 * no JSON.stringify of the whole (issue 21: 1.2–1.4 GB RSS before this).
 */
import type { ChunkedResult } from '../../model/document.js';
import { isResultFileRef, type ResultFileRef, type ResultFileTarget } from '../../model/result-file.js';
import { collectGarbage } from '../../runtime/collect-garbage.js';
import { writeChunkLinesIfLarge } from '../../render/chunk-lines.js';
import type { ParseExcelOptions } from './options.js';
import { parseWorkbook } from './parse-workbook.js';

export interface WorkbookTask {
  data: Uint8Array;
  fileName: string;
  options: ParseExcelOptions;
  /** Where a large result goes instead of back to the caller (absent: always returned). */
  resultFile?: ResultFileTarget;
}

function parseAndWrite(p: WorkbookTask): ChunkedResult | ResultFileRef {
  const result = parseWorkbook(p.data, p.fileName, p.options);
  if (!p.resultFile) return result;
  return writeChunkLinesIfLarge({ ...result, pdf_url: null }, p.resultFile) ?? result;
}

export function parseWorkbookTask(p: WorkbookTask): ChunkedResult | ResultFileRef {
  const out = parseAndWrite(p);
  // A result large enough for a file left hundreds of MB of garbage in this (now idle) worker.
  if (isResultFileRef(out)) collectGarbage();
  return out;
}
