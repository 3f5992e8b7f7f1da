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
import type { LoadedInput } from '../../input/resolve-input.js';
import type { WorkerPool } from '../../workers/pool.js';
import type { ParseOptions } from './options.js';

export interface ParseContext {
  jobId: string;
  input: LoadedInput;
  options: ParseOptions;
  pool: WorkerPool;
  signal: AbortSignal;
  maxPages: number;
  /** Called once the page count is known; throws to refuse (quota). */
  reservePages(count: number): void;
  progress(done: number, total: number): void;
}

export interface ParseResult {
  chunks: Chunk[];
  page_count: number;
  /** Pages skipped under error_handling=Continue, with reasons. */
  skipped_pages: Array<{ page_number: number; error: string }>;
}

const OFFICE_HINT = 'Office documents (DOCX, PPTX, DOC, PPT) are not supported by this build; convert them to PDF first.';

function refuseNonPdf(input: LoadedInput): never {
  const name = input.fileName.toLowerCase();
  if (/\.(xlsx|xlsm|xls)$/.test(name)) {
    throw new ProcessingError('unsupported_format', 'Spreadsheets are parsed by the parse excel operation (parseExcel / `quire excel`).');
  }
  if (input.type === 'zip' || input.type === 'cfb') throw new ProcessingError('unsupported_format', OFFICE_HINT);
  if (input.type === 'unknown') {
    throw new ProcessingError('unsupported_format', `Unsupported file type: ${input.fileName} is not a PDF, image or office document.`);
  }
  throw new ProcessingError('unsupported_format', `Image inputs (${input.type}) need the OCR pipeline, which this build does not include yet.`);
}

/** Batches small enough to balance the workers, large enough to amortise task overhead. */
function batches(pages: number[], threads: number): number[][] {
  const size = Math.max(1, Math.min(8, Math.ceil(pages.length / (threads * 4))));
  const out: number[][] = [];
  for (let i = 0; i < pages.length; i += size) out.push(pages.slice(i, i + size));
  return out;
}

export async function runParse(ctx: ParseContext): Promise<ParseResult> {
  const { input, options, pool, signal } = ctx;
  if (input.type !== 'pdf') refuseNonPdf(input);
  // One shared copy of the bytes for every worker and batch of this job.
  const shared = new SharedArrayBuffer(input.bytes.length);
  new Uint8Array(shared).set(input.bytes);
  const source = { key: ctx.jobId, data: shared, password: options.password };

  const { pageCount } = await pool.run('pdf.inspect', source, { signal });
  if (pageCount === 0) throw new ProcessingError('corrupt_document', 'The PDF has no pages.');
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
  let done = 0;
  ctx.progress(0, pages.length);
  const results = await Promise.all(
    batches(pages, pool.threads).map(async (batch) => {
      const layouts = await pool.run('pdf.analyzePages', { ...source, pages: batch, options: analyze }, { signal });
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
  let segments: Segment[] = buildSegments(ok, ctx.jobId);
  if (options.segment_filter !== 'all') {
    const keep = new Set<string>(options.segment_filter);
    segments = segments.filter((s) => keep.has(s.segment_type));
  }
  // Chunks left without segments do not exist: chunking runs on the filtered list.
  const chunks = chunkSegments(segments, ctx.jobId);
  return {
    chunks,
    page_count: pages.length,
    skipped_pages: failed.map((f) => ({ page_number: f.pageNumber, error: f.error! })),
  };
}
