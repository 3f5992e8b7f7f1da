/**
 * The registry of task kinds a pool worker can run. Adding an operation that needs heavy
 * per-page work means adding one entry here; the pool and the worker entry stay generic.
 */
import { analyzePdfPages, inspectPdf, type AnalyzePagesTask, type PdfSource } from '../operations/parse/pdf-tasks.js';
import { analyzeImagePages, inspectImage, type AnalyzeImagePagesTask, type ImageSource } from '../operations/parse/image-tasks.js';
import type { ParseExcelOptions } from '../operations/parse-excel/options.js';
import { parseWorkbook } from '../operations/parse-excel/parse-workbook.js';

export const taskHandlers = {
  'pdf.inspect': (p: PdfSource) => inspectPdf(p),
  'pdf.analyzePages': (p: AnalyzePagesTask) => analyzePdfPages(p),
  'image.inspect': (p: ImageSource) => inspectImage(p),
  'image.analyzePages': (p: AnalyzeImagePagesTask) => analyzeImagePages(p),
  'excel.parse': (p: { data: Uint8Array; fileName: string; options: ParseExcelOptions }) => parseWorkbook(p.data, p.fileName, p.options),
} satisfies Record<string, (payload: never) => unknown>;

export type TaskKind = keyof typeof taskHandlers;
export type TaskPayload<K extends TaskKind> = Parameters<(typeof taskHandlers)[K]>[0];
export type TaskResult<K extends TaskKind> = Awaited<ReturnType<(typeof taskHandlers)[K]>>;
