/**
 * The parse job for office documents and HTML (DOCX, PPTX, DOC, PPT, HTML; XLSX/XLS are
 * handed to the Excel path, its output returned inside the parse job).
 *
 * DOCX/PPTX/HTML are read natively (formats/docx, formats/pptx, formats/html) on the main
 * thread: reading is XML walking, well under a second for ordinary documents. DOC/PPT are
 * converted to DOCX/PPTX by LibreOffice first, and fail with a clear message without it.
 * Where LibreOffice is installed, DOCX/PPTX/DOC/PPT are also rendered to PDF: `pdf_url`
 * points at the rendering and `metadata.pagination` says how page numbers were obtained.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ProcessingError } from '../../../errors.js';
import type { ChunkedResult } from '../../../model/document.js';
import type { QuireDocument } from '../../../model/quire-document.js';
import { selectPages } from '../../../options/page-range.js';
import { officeKind } from '../../../formats/office/load-office.js';
import type { WorkerPool } from '../../../workers/pool.js';
import { sofficeAvailable, sofficeConvert } from '../../../engines/soffice/soffice.js';
import type { LoadedInput } from '../../../input/resolve-input.js';
import { alignToRendering } from './align-to-rendering.js';
import { DEFAULT_PARSE_EXCEL_OPTIONS } from '../../parse-excel/options.js';
import type { ParseOptions } from '../options.js';
import type { ParseResult } from '../run-parse.js';
import type { RunContext } from '../../operation.js';

type ParseContext = RunContext<ParseOptions>;
import { stableId } from '../../../model/ids.js';
import { chunkSegments } from '../../../pipeline/chunking/chunk-segments.js';
import { segmentsOf } from '../../../render/segments.js';
import { linkCitations } from '../../../pipeline/bibliography/link-citations.js';
import { applyContentSource, contentSourceNotes } from '../content-source.js';
import { tableProcessingNotes } from '../processing-notes.js';

export type OfficeInputKind = 'docx' | 'pptx' | 'html' | 'doc' | 'ppt' | 'xls' | 'xlsx';

/** UTF-16LE stream names of a CFB directory tell Word, PowerPoint and Excel apart. */
function cfbKind(bytes: Uint8Array, fileName: string): 'doc' | 'ppt' | 'xls' | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf16le');
  if (text.includes('WordDocument')) return 'doc';
  if (text.includes('PowerPoint Document')) return 'ppt';
  if (text.includes('Workbook') || text.includes('Book')) return 'xls';
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return ext === 'doc' || ext === 'ppt' || ext === 'xls' ? ext : null;
}

/** Which office path takes the input, or null for PDFs, images and unknown files. */
export function officeInputKind(input: LoadedInput): OfficeInputKind | null {
  if (input.type === 'pdf') return null;
  if (input.type === 'cfb') return cfbKind(input.bytes, input.fileName);
  if (input.type !== 'zip' && input.type !== 'unknown') return null;
  const kind = officeKind(input.bytes, input.fileName);
  return kind === 'cfb' || kind === null ? null : kind;
}

export interface OfficeParseResult extends ParseResult {
  pdf_url: string | null;
  document_metadata: Record<string, unknown>;
}

/** Loads the neutral document of an office/HTML input (converting DOC/PPT), plus its PDF rendering when LibreOffice exists. */
export async function loadOfficeInput(input: LoadedInput, kind: 'docx' | 'pptx' | 'html' | 'doc' | 'ppt', pool: WorkerPool, signal?: AbortSignal, render = true): Promise<{ doc: QuireDocument; pdf: Uint8Array | null }> {
  let bytes = input.bytes;
  let native: 'docx' | 'pptx' | 'html' = kind === 'doc' ? 'docx' : kind === 'ppt' ? 'pptx' : kind;
  if (kind === 'doc' || kind === 'ppt') {
    if (!sofficeAvailable()) throw new ProcessingError('unsupported_format', `Legacy .${kind} files need LibreOffice (soffice) to be converted; it is not installed on this host. Install LibreOffice or save the file as .${native}.`);
    bytes = await sofficeConvert(bytes, kind, native, { signal });
  }
  // Read in a worker: the pool's time limit and heap limit bound a hostile or huge file.
  const doc = (await pool.runAny('office.load', { data: bytes, fileName: input.fileName }, { signal })) as QuireDocument;
  let pdf: Uint8Array | null = null;
  if (render && native !== 'html' && sofficeAvailable()) {
    try {
      pdf = await sofficeConvert(bytes, native, 'pdf', { signal });
      doc.metadata = { ...doc.metadata, rendering: 'libreoffice-pdf' };
    } catch (err) {
      if (signal?.aborted) throw err;
      doc.warnings.push({ message: `The PDF rendering failed: ${(err as Error).message}` });
    }
  } else doc.metadata = { ...doc.metadata, rendering: 'none (LibreOffice not available)' };
  native = native as typeof native;
  return { doc, pdf };
}

export async function runOfficeParse(ctx: ParseContext, kind: OfficeInputKind): Promise<OfficeParseResult | (ChunkedResult & { pdf_url: null; skipped_pages: [] })> {
  const { input, options } = ctx;
  if (kind === 'xls' || kind === 'xlsx') {
    const result = (await ctx.pool.run('excel.parse', { data: input.bytes, fileName: input.fileName, options: DEFAULT_PARSE_EXCEL_OPTIONS }, { signal: ctx.signal })) as ChunkedResult;
    ctx.reservePages(Math.max(1, result.page_count));
    return { ...result, pdf_url: null, skipped_pages: [] };
  }
  const { doc, pdf } = await loadOfficeInput(input, kind, ctx.pool, ctx.signal);
  // Word documents get pages and boxes from the rendering; slides already have both.
  if (pdf && doc.metadata?.format === 'docx') {
    try {
      await alignToRendering(doc, pdf, ctx.pool, ctx.jobId, ctx.signal, ctx.maxPages);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      doc.warnings.push({ message: `Pages and boxes could not be taken from the rendering: ${(err as Error).message}` });
    }
  }
  return officeResult(doc, pdf, ctx, options);
}

/** The neutral document of an office/HTML input for operations that read documents (ctx.parseDocument). */
export async function officeDocument(ctx: ParseContext, kind: 'docx' | 'pptx' | 'html' | 'doc' | 'ppt'): Promise<QuireDocument> {
  const { doc } = await loadOfficeInput(ctx.input, kind, ctx.pool, ctx.signal, false);
  ctx.reservePages(doc.pages.length);
  doc.items.forEach((item, i) => (item.id = stableId(ctx.jobId, item.prov[0]?.pageNumber ?? 1, i, item.type, item.id)));
  return doc;
}

async function officeResult(doc: QuireDocument, pdf: Uint8Array | null, ctx: ParseContext, options: ParseOptions): Promise<OfficeParseResult> {
  const pageCount = doc.pages.length;
  if (pageCount === 0) throw new ProcessingError('empty_file', doc.metadata?.format === 'pptx' ? 'The presentation has no slides: there is nothing to parse.' : 'The document has no pages: there is nothing to parse.');
  if (pageCount > ctx.maxPages) throw new ProcessingError('page_limit_exceeded', `The document has ${pageCount} pages; the limit is ${ctx.maxPages}.`);
  const pages = selectPages(options.page_range ?? undefined, pageCount);
  if (pages.length === 0) throw new ProcessingError('no_pages_selected', `page_range selects no page of this ${pageCount}-page document.`);
  ctx.reservePages(pages.length);
  const selected = new Set(pages);
  const keepTypes = options.segment_filter === 'all' ? null : new Set<string>(options.segment_filter);
  // Loader ids are per file; the job's ids are stable hashes like the PDF path's (model/ids).
  doc.items.forEach((item, i) => (item.id = stableId(ctx.jobId, item.prov[0]?.pageNumber ?? 1, i, item.type, item.id)));
  let segments = segmentsOf(doc).filter((s) => selected.has(s.page_number));
  // The same text-layer options as a PDF parse (run-parse.ts), in the same order: citations
  // are linked before content_source copies the markdown, and filtering comes last.
  const citations = options.xml_citation ? linkCitations(segments) : null;
  if (citations) segments = citations.segments;
  segments = applyContentSource(segments, options.segment_processing).filter((s) => !keepTypes || keepTypes.has(s.segment_type));
  const chunks = chunkSegments(segments, ctx.jobId);
  let pdfUrl: string | null = null;
  if (pdf) {
    await fs.mkdir(ctx.jobDir, { recursive: true });
    const file = path.join(ctx.jobDir, 'rendered.pdf');
    await fs.writeFile(file, pdf);
    pdfUrl = pathToFileURL(file).href;
  }
  const notes = [...tableProcessingNotes(options.segment_processing), ...contentSourceNotes(options.segment_processing), ...doc.warnings.map((w) => (w.pageNumber ? `page ${w.pageNumber}: ${w.message}` : w.message))];
  ctx.progress(pages.length, pages.length);
  return {
    chunks,
    page_count: pages.length,
    skipped_pages: [],
    ...(notes.length ? { notes } : {}),
    ...(citations?.metadata ? { citations: citations.metadata } : {}),
    pdf_url: pdfUrl,
    document_metadata: doc.metadata ?? {},
  };
}
