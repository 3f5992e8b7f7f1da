/**
 * The parse operation, orchestrated on the main thread: load → inspect → per-page stages
 * in the pool (batches spread over all workers) → document-level typing → segments →
 * filter → chunks.
 */
import { ProcessingError } from '../../errors.js';
import type { Chunk, Segment } from '../../model/document.js';
import type { PageLayout } from '../../model/layout.js';
import { selectPages } from '../../options/page-range.js';
import { buildSegments } from '../../pipeline/assemble/build-segments.js';
import { chunkSegments } from '../../pipeline/chunking/chunk-segments.js';
import { classifyDocument } from '../../pipeline/classify/document-types.js';
import { attachProvenance, mergeTablesAcrossPages } from '../../pipeline/merge-tables/merge-tables.js';
import { tableProcessingNotes } from '../tables/processing-notes.js';
import type { LoadedInput } from '../../input/resolve-input.js';
import path from 'node:path';
import { sniffImageType } from '../../formats/image/sniff-image-type.js';
import { isSpreadsheetContainer } from '../../formats/xlsx/spreadsheet-container.js';
import type { WorkerPool } from '../../workers/pool.js';
import type { ParseOptions } from './options.js';
import type { OcrSettings } from './page-ocr.js';
import type { LayoutModelRef } from '../../engines/layout/model-ref.js';

export interface ParseContext {
  jobId: string;
  input: LoadedInput;
  options: ParseOptions;
  pool: WorkerPool;
  signal: AbortSignal;
  maxPages: number;
  layoutModel: LayoutModelRef | null;
  /** Folder for files the job generates (segment crops). */
  jobDir: string;
  /** Called once the page count is known; throws to refuse (quota). */
  reservePages(count: number): void;
  progress(done: number, total: number): void;
}

export interface ParseResult {
  chunks: Chunk[];
  page_count: number;
  /** Pages skipped under error_handling=Continue, with reasons. */
  skipped_pages: Array<{ page_number: number; error: string }>;
  /** Options accepted without local effect, explained (shown in the job's metadata). */
  notes?: string[];
}

/** Extra time a batch gets per page beyond its first: roughly one slow OCR page. */
const OCR_PAGE_ALLOWANCE_MS = 20_000;

const OFFICE_HINT = 'Office documents (DOCX, PPTX, DOC, PPT) are not supported by this build; convert them to PDF first.';

function refuseUnsupported(input: LoadedInput): never {
  const name = input.fileName.toLowerCase();
  if (/\.(xlsx|xlsm|xls)$/.test(name) || isSpreadsheetContainer(input.bytes)) {
    throw new ProcessingError('unsupported_format', `${input.fileName} is a spreadsheet (Excel workbook): spreadsheets are parsed by the parse excel operation (parseExcel / \`quire excel\`).`);
  }
  if (input.type === 'zip' || input.type === 'cfb') throw new ProcessingError('unsupported_format', OFFICE_HINT);
  throw new ProcessingError('unsupported_format', `Unsupported file type: ${input.fileName} is not a PDF, image or office document.`);
}

/** Whether the job's output can show segment images (so crops are worth making). */
function wantsImages(o: ParseOptions): boolean {
  if (o.response_profile === 'slim') return false;
  if (o.response_profile === 'full') return true;
  return o.output_fields.image;
}

/**
 * Batches small enough to balance the workers, large enough to amortise task overhead. The
 * first page goes alone: it is the page most often a scanned cover, and a worker reading a
 * page by OCR would otherwise hold the rest of its batch back (and run them cold, beside the
 * OCR) while the other workers run out of pages.
 */
function batches(pages: readonly number[], threads: number, ocrEveryPage: boolean): number[][] {
  // OCR pages are slow enough that one page per task balances best.
  const size = ocrEveryPage ? 1 : Math.max(1, Math.min(8, Math.ceil(pages.length / (threads * 4))));
  const out: number[][] = size > 1 && pages.length > 1 ? [pages.slice(0, 1)] : [];
  for (let i = out.length; i < pages.length; i += size) out.push(pages.slice(i, i + size));
  return out;
}

export async function runParse(ctx: ParseContext): Promise<ParseResult> {
  const { input, options, pool, signal } = ctx;
  const isImage = input.type !== 'pdf' && sniffImageType(input.bytes) !== null;
  if (input.type !== 'pdf' && !isImage) refuseUnsupported(input);
  // One shared copy of the bytes for every worker and batch of this job.
  const shared = new SharedArrayBuffer(input.bytes.length);
  new Uint8Array(shared).set(input.bytes);
  const source = { key: ctx.jobId, data: shared, password: options.password };

  const { pageCount } = isImage ? await pool.run('image.inspect', { ...source, maxPages: ctx.maxPages }, { signal }) : await pool.run('pdf.inspect', source, { signal });
  if (pageCount === 0) throw new ProcessingError('corrupt_document', 'The document has no pages.');
  if (pageCount > ctx.maxPages) {
    throw new ProcessingError('page_limit_exceeded', `The document has ${pageCount} pages; the limit is ${ctx.maxPages}. Split it or select pages with page_range.`);
  }
  const pages = selectPages(options.page_range ?? undefined, pageCount);
  if (pages.length === 0) throw new ProcessingError('no_pages_selected', `page_range selects no page of this ${pageCount}-page document.`);
  ctx.reservePages(pages.length);

  const analyze = {
    pageByPage: options.segmentation_method === 'page_by_page',
    fixReadingOrder: options.fix_reading_order,
  };
  // page_by_page has no layout to detect; the other methods use the model when there is one.
  const layout = analyze.pageByPage || !ctx.layoutModel ? null : { ...ctx.layoutModel, advanced: options.segmentation_method === 'advanced_layout_detection' };
  const ocr: OcrSettings = {
    ocrMode: options.ocr_mode,
    ocrEngine: options.ocr_engine,
    highResolution: options.use_high_resolution,
    cropDir: wantsImages(options) ? path.join(ctx.jobDir, 'images') : null,
  };
  let done = 0;
  ctx.progress(0, pages.length);
  const results = await Promise.all(
    batches(pages, pool.threads, isImage).map(async (batch) => {
      // Pages may need OCR (seconds each), so a batch's time limit grows with its size.
      const timeoutMs = pool.taskTimeoutMs + (batch.length - 1) * OCR_PAGE_ALLOWANCE_MS;
      const task = { ...source, pages: batch, options: analyze, ocr, layout };
      const layouts = isImage ? await pool.run('image.analyzePages', task, { signal, timeoutMs }) : await pool.run('pdf.analyzePages', task, { signal, timeoutMs });
      done += batch.length;
      ctx.progress(done, pages.length);
      return layouts;
    }),
  );
  const layouts: PageLayout[] = results.flat().sort((a, b) => a.pageNumber - b.pageNumber);
  const failed = layouts.filter((l) => l.error);
  if (failed.length > 0 && (options.error_handling === 'Fail' || failed.length === layouts.length)) {
    const f = failed[0]!;
    throw new ProcessingError('corrupt_document', `Page ${f.pageNumber} could not be processed: ${f.error}`);
  }
  const ok = layouts.filter((l) => !l.error);
  classifyDocument(ok);
  const merged = options.merge_tables ? mergeTablesAcrossPages(ok, { maxGroup: options.max_tables_per_merge_group }) : new Map();
  let segments: Segment[] = attachProvenance(buildSegments(ok, ctx.jobId), ok, merged);
  if (options.segment_filter !== 'all') {
    const keep = new Set<string>(options.segment_filter);
    segments = segments.filter((s) => keep.has(s.segment_type));
  }
  // Chunks left without segments do not exist: chunking runs on the filtered list.
  const chunks = chunkSegments(segments, ctx.jobId);
  const notes = tableProcessingNotes(options.segment_processing);
  return {
    chunks,
    page_count: pages.length,
    skipped_pages: failed.map((f) => ({ page_number: f.pageNumber, error: f.error! })),
    ...(notes.length ? { notes } : {}),
  };
}
