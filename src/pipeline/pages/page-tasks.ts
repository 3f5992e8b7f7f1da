/**
 * The worker tasks of the page runner: count the pages of a PDF or an image, and analyze a
 * batch of them. Listed here, one floor below the operations, so the page runner and the
 * operations' task registry (operations/tasks.ts) share one definition.
 */
import { analyzePdfPages, inspectPdf, type AnalyzePagesTask, type PdfSource } from './pdf-pages.js';
import type { AnalyzeImagePagesTask, ImageSource } from './image-pages.js';

// Image tasks load sharp on first use, so that a worker starts in the time it takes to load
// what PDF pages need.
const imageTasks = () => import('./image-pages.js');

export const pageTaskHandlers = {
  'pdf.inspect': (p: PdfSource) => inspectPdf(p),
  'pdf.analyzePages': (p: AnalyzePagesTask) => analyzePdfPages(p),
  'image.inspect': async (p: ImageSource) => (await imageTasks()).inspectImage(p),
  'image.analyzePages': async (p: AnalyzeImagePagesTask) => (await imageTasks()).analyzeImagePages(p),
};

export type PageTasks = typeof pageTaskHandlers;
