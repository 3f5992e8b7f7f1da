/**
 * The registry of task kinds a pool worker can run (operations/worker-entry.ts dispatches
 * to it). Adding an operation that needs heavy per-page work means adding one entry here;
 * the pool and the worker entry stay generic.
 */
import { pageTaskHandlers } from '../pipeline/pages/page-tasks.js';
import type { WorkbookTask } from './parse-excel/workbook-task.js';

// The spreadsheet task loads SheetJS on first use, so that a worker starts in the time it
// takes to load what PDF pages need.
const excel = () => import('./parse-excel/workbook-task.js');
const office = () => import('../formats/office/load-office.js');
const pdfEdit = () => import('../formats/pdf/edit/edit-pdf.js');
const pdfTextLayer = () => import('../formats/pdf/edit/text-layer.js');
const rereadLines = () => import('../pipeline/ocr/reread-lines.js');

export const taskHandlers = {
  ...pageTaskHandlers,
  // A large result comes back as a reference to the file it was written to (model/result-file.ts).
  'excel.parse': async (p: WorkbookTask) => (await excel()).parseWorkbookTask(p),
  // DOCX/PPTX/HTML → QuireDocument in a worker: the pool's time and memory limits bound a hostile file.
  'office.load': async (p: { data: Uint8Array; fileName: string }) => (await office()).loadOfficeDocument(p.data, p.fileName),
  'pdf.edit': async (p: import('../formats/pdf/edit/edit-pdf.js').EditPdfTask) => (await pdfEdit()).editPdf(p),
  'pdf.textLayer': async (p: import('../formats/pdf/edit/text-layer.js').TextLayerTask) => (await pdfTextLayer()).readTextLayer(p),
  // Extraction re-reads the lines its values sit on, one crop each (pipeline/ocr/reread-lines.ts).
  'ocr.rereadLines': async (p: import('../pipeline/ocr/reread-lines.js').RereadLinesTask) => (await rereadLines()).rereadLines(p),
} satisfies Record<string, (payload: never) => unknown>;

export type TaskHandlers = typeof taskHandlers;
export type TaskKind = keyof TaskHandlers;
export type TaskPayload<K extends TaskKind> = Parameters<TaskHandlers[K]>[0];
export type TaskResult<K extends TaskKind> = Awaited<ReturnType<TaskHandlers[K]>>;
