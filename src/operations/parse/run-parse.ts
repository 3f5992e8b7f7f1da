/**
 * The parse operation, orchestrated on the main thread: load → inspect → per-page stages
 * in the pool (batches spread over all workers) → document-level typing → segments →
 * filter → chunks.
 */
import { ProcessingError } from '../../errors.js';
import type { Chunk, Segment } from '../../model/document.js';
import type { PageLayout } from '../../model/layout.js';
import { pagedSource, planPages, runPages } from '../../pipeline/pages/run-pages.js';
import type { QuireDocument } from '../../model/quire-document.js';
import type { PreparedBlocks } from '../../pipeline/assemble/build-document.js';
import type { CitationMetadata } from '../../pipeline/bibliography/link-citations.js';
import type { LoadedInput } from '../../input/resolve-input.js';
import path from 'node:path';
import { sniffImageType } from '../../formats/image/sniff-image-type.js';
import type { WorkerPool } from '../../workers/pool.js';
import type { TaskHandlers } from '../tasks.js';
import type { ParseOptions } from './options.js';
import type { OcrSettings } from '../../pipeline/pages/page-ocr.js';
import type { LayoutModelRef } from '../../engines/layout/model-ref.js';
import { usesTableOcr } from './processing-notes.js';
import { fixPageOrder } from '../../pipeline/reading-order/fix-order.js';

export interface ParseContext {
  jobId: string;
  input: LoadedInput;
  options: ParseOptions;
  pool: WorkerPool<TaskHandlers>;
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
  /** xml_citation: the bibliography and in-text citations (shown as `metadata.citations`). */
  citations?: CitationMetadata;
}

type Assembly = typeof import('./parse-assembly.js');
let assemblyModules: Promise<Assembly> | undefined;
/** The after-the-pages modules (parse-assembly.ts), loaded once, on first use. */
function assembly(): Promise<Assembly> {
  assemblyModules ??= import('./parse-assembly.js');
  return assemblyModules;
}

const OFFICE_HINT = 'Office documents (DOCX, PPTX, DOC, PPT) are not supported by this build; convert them to PDF first.';

function refuseUnsupported(input: LoadedInput): never {
  const name = input.fileName.toLowerCase();
  if (/\.(xlsx|xlsm|xls)$/.test(name)) {
    throw new ProcessingError('unsupported_format', 'Spreadsheets are parsed by the parse excel operation (parseExcel / `quire excel`).');
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

/** Text-layer facts the options ask for; none (and no cost) in a default parse. */
function textLayerRequest(o: ParseOptions): { textLayer?: { color: boolean; links: boolean; strike: boolean } } {
  const want = { color: o.transfer_text_color, links: o.attach_hyperlinks, strike: o.preserve_strikethrough };
  return want.color || want.links || want.strike ? { textLayer: want } : {};
}

/** The parse of an input as the neutral document, and how many pages were selected. */
export interface ParsedDocument {
  doc: QuireDocument;
  pageCount: number;
}

/**
 * Load → inspect → per-page stages in the pool → document-level typing → merged tables →
 * the neutral document. Other operations reach this through their run context's
 * parseDocument(); the parse operation serializes it (runParse).
 */
export async function parseToDocument(ctx: ParseContext): Promise<ParsedDocument> {
  const { input, options, pool, signal } = ctx;
  const isImage = input.type !== 'pdf' && sniffImageType(input.bytes) !== null;
  if (input.type !== 'pdf' && !isImage) refuseUnsupported(input);
  const source = pagedSource(isImage ? 'image' : 'pdf', ctx.jobId, input.bytes, options.password);
  const pages = await planPages(pool, source, options.page_range, ctx.maxPages, signal);
  ctx.reservePages(pages.length);

  const analyze = {
    pageByPage: options.segmentation_method === 'page_by_page',
    fixReadingOrder: options.fix_reading_order,
    ...textLayerRequest(options),
  };
  // page_by_page has no layout to detect; the other methods use the model when there is one.
  const layout = analyze.pageByPage || !ctx.layoutModel ? null : { ...ctx.layoutModel, advanced: options.segmentation_method === 'advanced_layout_detection' };
  const ocr: OcrSettings = {
    ocrMode: options.ocr_mode,
    ocrEngine: options.ocr_engine,
    highResolution: options.use_high_resolution,
    cropDir: wantsImages(options) ? path.join(ctx.jobDir, 'images') : null,
    ...(usesTableOcr(options.segment_processing) ? { tableOcr: true } : {}),
    agenticOcr: options.agentic_ocr,
  };
  // Compiled while the workers read the pages (parse-assembly.ts); awaited once they are back.
  const loading = assembly();
  loading.catch(() => undefined);
  // Each batch's blocks get their text and words while the workers read the next pages, not
  // all after the last one (build-document.ts's prepareBlocks; a cache: missing entries are
  // built later). In a macrotask, so that the pool hands the worker its next batch first.
  const prepared: PreparedBlocks = new WeakMap();
  const onLayouts = (batch: readonly PageLayout[]) => void loading.then((m) => setImmediate(() => m.prepareBlocks(batch, prepared))).catch(() => undefined);
  const layouts = await runPages(pool, { source, pages, settings: { options: analyze, ocr, layout }, errorHandling: options.error_handling, signal, progress: ctx.progress, onLayouts });
  const failed = layouts.filter((l) => l.error);
  const ok = layouts.filter((l) => !l.error);
  const { buildDocument, classifyDocument, mergeTablesAcrossPages } = await loading;
  classifyDocument(ok);
  if (options.fix_reading_order) ok.forEach(fixPageOrder);
  const merged = options.merge_tables ? mergeTablesAcrossPages(ok, { maxGroup: options.max_tables_per_merge_group }) : new Map();
  const docSource = { fileName: input.fileName, mimeType: input.mimeType, unit: isImage ? ('px' as const) : ('pt' as const) };
  return { doc: buildDocument(ok, failed, ctx.jobId, docSource, merged, prepared), pageCount: pages.length };
}

export async function runParse(ctx: ParseContext): Promise<ParseResult> {
  const { doc, pageCount } = await parseToDocument(ctx);
  const { segmentsOf, linkCitations, applyContentSource, chunkSegments, tableProcessingNotes, contentSourceNotes } = await assembly();
  const { options } = ctx;
  let segments: Segment[] = segmentsOf(doc);
  let citations: CitationMetadata | null = null;
  if (options.xml_citation) ({ segments, metadata: citations } = linkCitations(segments));
  segments = applyContentSource(segments, options.segment_processing);
  if (options.segment_filter !== 'all') {
    const keep = new Set<string>(options.segment_filter);
    segments = segments.filter((s) => keep.has(s.segment_type));
  }
  // Chunks left without segments do not exist: chunking runs on the filtered list.
  const chunks = chunkSegments(segments, ctx.jobId);
  // Page notes (an OCR reading that found nothing on a page with ink, a scan layer replaced).
  const notes = [...tableProcessingNotes(options.segment_processing), ...contentSourceNotes(options.segment_processing), ...doc.warnings.filter((w) => w.code === 'page_note').map((w) => `page ${w.pageNumber}: ${w.message}`)];
  return {
    chunks,
    page_count: pageCount,
    skipped_pages: doc.warnings.filter((w) => w.code === 'page_skipped').map((w) => ({ page_number: w.pageNumber!, error: w.message })),
    ...(notes.length ? { notes } : {}),
    ...(citations ? { citations } : {}),
  };
}
