/**
 * detect_pii for jobs (parse today; extraction's pre-flight calls the same functions): one
 * check before parsing — a PDF's text layer read by PDFium in a worker, no parsing — and one
 * after, for what had no text layer before OCR (scans, images). At or above
 * `pii_block_severity` the job fails with a message naming the kinds found, never the values.
 */
import { ProcessingError } from '../../errors.js';
import type { LoadedInput } from '../../input/resolve-input.js';
import type { Chunk } from '../../model/document.js';
import { documentFromParseResult } from '../../model/document-from-segments.js';
import { detectPiiInDocument, detectPiiInPages, piiVerdict, type PiiVerdict } from './detect.js';
import type { PiiBlockSeverity, PiiEngine } from './types.js';
import type { TextLayerPage } from '../../formats/pdf/edit/text-layer.js';
import type { WorkerPool } from '../../workers/pool.js';

export interface PiiOptions {
  detect_pii: boolean;
  pii_block_severity: PiiBlockSeverity;
  pii_engine: PiiEngine;
  password?: string;
}

export interface PiiPreflight {
  /** The verdict on the text read before parsing (null: nothing could be read). */
  verdict: PiiVerdict | null;
  /** Pages whose text layer was empty: check them after parsing. */
  unreadPages: Set<number> | 'all';
}

/** Text of a PDF's pages before parsing; 'all' unread for other inputs or unreadable PDFs. */
export async function piiPreflight(input: LoadedInput, o: PiiOptions, pool: WorkerPool, signal?: AbortSignal): Promise<PiiPreflight> {
  if (input.type !== 'pdf') return { verdict: null, unreadPages: 'all' };
  let pages: TextLayerPage[];
  try {
    pages = (await pool.runAny('pdf.textLayer', { data: input.bytes, password: o.password }, { signal })) as TextLayerPage[];
  } catch {
    return { verdict: null, unreadPages: 'all' }; // the parse reports what is wrong with the PDF
  }
  const read = pages.filter((p) => p.text.trim().length > 0);
  const findings = await detectPiiInPages(read.map((p) => ({ pageNumber: p.pageNumber, text: p.text, spans: [] })), o.pii_engine);
  return { verdict: piiVerdict(findings, o.pii_block_severity), unreadPages: new Set(pages.filter((p) => !p.text.trim()).map((p) => p.pageNumber)) };
}

/** Throws (the job fails) when the pre-flight blocks. */
export async function refuseOnPiiBeforeParse(input: LoadedInput, o: PiiOptions, pool: WorkerPool, signal?: AbortSignal): Promise<PiiPreflight | null> {
  if (!o.detect_pii) return null;
  const pre = await piiPreflight(input, o, pool, signal);
  if (pre.verdict?.blocked) throw new ProcessingError('processing_error', pre.verdict.message);
  return pre;
}

/** After parsing: the pages the pre-flight could not read (OCR'd now); throws when they block. */
export async function refuseOnPiiAfterParse(pre: PiiPreflight | null, o: PiiOptions, result: { chunks: Chunk[]; page_count?: number }): Promise<void> {
  if (!pre || !o.detect_pii) return;
  if (pre.unreadPages !== 'all' && pre.unreadPages.size === 0) return;
  const doc = documentFromParseResult(result);
  const unread = pre.unreadPages;
  const items = unread === 'all' ? doc.items : doc.items.filter((it) => it.prov.some((p) => unread.has(p.pageNumber)));
  const verdict = piiVerdict(await detectPiiInDocument({ ...doc, items }, o.pii_engine), o.pii_block_severity);
  if (verdict.blocked) throw new ProcessingError('processing_error', verdict.message);
}
