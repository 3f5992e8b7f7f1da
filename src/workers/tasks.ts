/**
 * The registry of task kinds a pool worker can run. Adding an operation that needs heavy
 * per-page work means adding one entry here; the pool and the worker entry stay generic.
 */
import { analyzePdfPages, inspectPdf, type AnalyzePagesTask, type PdfSource } from '../operations/parse/pdf-tasks.js';
import type { AnalyzeImagePagesTask, ImageSource } from '../operations/parse/image-tasks.js';
import type { ParseExcelOptions } from '../operations/parse-excel/options.js';

// Image and spreadsheet tasks load their libraries (sharp, SheetJS) on first use, so that a
// worker starts in the time it takes to load what PDF pages need.
const imageTasks = () => import('../operations/parse/image-tasks.js');
const excel = () => import('../operations/parse-excel/parse-workbook.js');
const pdfEdit = () => import('../formats/pdf/edit/edit-pdf.js');
const pdfTextLayer = () => import('../formats/pdf/edit/text-layer.js');

export const taskHandlers = {
  'pdf.inspect': (p: PdfSource) => inspectPdf(p),
  'pdf.analyzePages': (p: AnalyzePagesTask) => analyzePdfPages(p),
  'image.inspect': async (p: ImageSource) => (await imageTasks()).inspectImage(p),
  'image.analyzePages': async (p: AnalyzeImagePagesTask) => (await imageTasks()).analyzeImagePages(p),
  'excel.parse': async (p: { data: Uint8Array; fileName: string; options: ParseExcelOptions }) => (await excel()).parseWorkbook(p.data, p.fileName, p.options),
  'pdf.edit': async (p: import('../formats/pdf/edit/edit-pdf.js').EditPdfTask) => (await pdfEdit()).editPdf(p),
  'pdf.textLayer': async (p: import('../formats/pdf/edit/text-layer.js').TextLayerTask) => (await pdfTextLayer()).readTextLayer(p),
} satisfies Record<string, (payload: never) => unknown>;

export type TaskKind = keyof typeof taskHandlers;
export type TaskPayload<K extends TaskKind> = Parameters<(typeof taskHandlers)[K]>[0];
export type TaskResult<K extends TaskKind> = Awaited<ReturnType<(typeof taskHandlers)[K]>>;
