/**
 * Runs one extraction job: read the document (the run context's parseDocument(), so this file
 * never imports the parse operation), optional PII pre-flight, extract by the tier's
 * strategy, optionally re-read uncertain fields in a second reading, render the spec's result.
 *
 * Bounded work: the first EXTRACT_MAX_PAGES pages are read (a 500-page document reads pages
 * 1-50 and says so in `notes`); the schema is bounded at submission (schema.ts) and the engine
 * caps fields and rows (extract-document.ts).
 */
import { ProcessingError } from '../../errors.js';
import { DEFAULT_LIMITS, extractFromDocument, type Outcome } from '../../pipeline/extract/extract-document.js';
import { tokenizeDocument, type TokenizedDocument } from '../../pipeline/extract/tokens.js';
import type { FieldSchema } from '../../pipeline/extract/types.js';
import type { RunContext } from '../operation.js';
import type { QuireDocument } from '../../model/quire-document.js';
import { pagedSource } from '../../pipeline/pages/run-pages.js';
import type { ExtractOptions } from './options.js';
import { EXTRACTION_PARSE_OPTIONS, VERIFY_PARSE_OPTIONS } from './parse-options.js';
import { piiPreflight } from './pii-preflight.js';
import { extractionLlm, llmReread } from './llm-strategy.js';
import { needsReview, renderResult, type ExtractionResult } from './result.js';
import { REVIEW_THRESHOLD, rereadsLines, TIER_STRATEGY, verifies } from './tiers.js';
import { canReread, rereadLinesAndExtract, type ReadLines } from './line-reread.js';
import { rereadWordsAndExtract, type ReadWords } from './word-reread.js';

export const EXTRACT_MAX_PAGES = 50;

export interface ExtractJobResult {
  result: ExtractionResult;
  review: boolean;
  page_count: number;
  order: string[];
  notes: string[];
  timings_ms: { read: number; extract: number; reread: number; verify: number };
}

function uncertain(outcomes: Record<string, Outcome>): string[] {
  return Object.entries(outcomes)
    .filter(([, o]) => o.kind === 'scalar' && (!o.candidate || o.candidate.score < REVIEW_THRESHOLD))
    .map(([k]) => k);
}

/** The document's own page count (pages past 50 were not read, so the document says less). */
async function documentPageCount(ctx: RunContext<ExtractOptions>, doc: QuireDocument): Promise<number> {
  if (ctx.input.type !== 'pdf' || doc.pages.length < EXTRACT_MAX_PAGES) return doc.pages.length;
  const source = pagedSource('pdf', ctx.jobId, ctx.input.bytes);
  return ((await ctx.pool.run('pdf.inspect', source, { signal: ctx.signal })) as { pageCount: number }).pageCount;
}

export async function runExtract(ctx: RunContext<ExtractOptions>): Promise<ExtractJobResult> {
  const o = ctx.options;
  const notes: string[] = [];
  const t0 = performance.now();
  const qdoc = await ctx.parseDocument({ ...EXTRACTION_PARSE_OPTIONS, page_range: `1-${EXTRACT_MAX_PAGES}` });
  const pageCount = await documentPageCount(ctx, qdoc);
  if (pageCount > EXTRACT_MAX_PAGES) notes.push(`Only pages 1-${EXTRACT_MAX_PAGES} of ${pageCount} were read.`);
  if (o.detect_pii) {
    const verdict = await piiPreflight(qdoc, o.pii_block_severity, o.pii_engine);
    if (verdict.blocked) throw new ProcessingError('processing_error', `pii_blocked: the document holds PII at or above severity ${o.pii_block_severity}${verdict.findings?.length ? ` (${verdict.findings.join(', ')})` : ''}`);
    if (!verdict.checked) notes.push('detect_pii: no PII detector is installed in this engine; the document was not checked.');
  }
  let doc = tokenizeDocument(qdoc);
  if (doc.tokens.length === 0) throw new ProcessingError('processing_error', 'The document has no readable text (no text layer, and OCR found no words): nothing can be extracted.');
  const firstDoc = doc;
  const t1 = performance.now();
  const outcomes = extractFromDocument(doc, o.schema, TIER_STRATEGY[o.model], DEFAULT_LIMITS);
  const tExtracted = performance.now();
  if (rereadsLines(o.model) && canReread(ctx.input)) {
    // Scans: the OCR'd lines the values and labels sit on are read again, one crop each.
    const read: ReadLines = (page, lines) => ctx.pool.run('ocr.rereadLines', { data: ctx.input.bytes, kind: ctx.input.type === 'pdf' ? 'pdf' : 'image', page, lines }, { signal: ctx.signal });
    const r = await rereadLinesAndExtract(doc, o.schema, outcomes, TIER_STRATEGY[o.model], read);
    if (r) {
      doc = r.doc;
      notes.push(`Line re-read: ${r.lines} line(s) OCR'd again one by one; ${r.changed} value(s) changed.`);
    }
    // Then the unsure words of the values (and dates with an implausible year), each alone.
    const readWords: ReadWords = (page, boxes, enlarge) => ctx.pool.run('ocr.rereadLines', { data: ctx.input.bytes, kind: ctx.input.type === 'pdf' ? 'pdf' : 'image', page, lines: boxes, enlarge }, { signal: ctx.signal });
    const w = await rereadWordsAndExtract([doc, firstDoc], o.schema, outcomes, TIER_STRATEGY[o.model], readWords);
    if (w) {
      doc = w.doc;
      notes.push(`Word re-read: ${w.words} word(s) OCR'd again one by one; ${w.changed} value(s) changed.`);
    }
  }
  const t2 = performance.now();
  if (verifies(o.model, o.high_accuracy_mode)) {
    await verify(ctx, o.schema, outcomes, o, notes, qdoc.pages.some((p) => p.textSource === 'text-layer'));
    const llm = extractionLlm(ctx.extractionLlm);
    if (llm) {
      // Optional: a language model on the user's network re-reads what is still uncertain.
      try {
        const n = await llmReread(llm, doc, o.schema, outcomes, uncertain(outcomes), ctx.signal);
        notes.push(`Language model pass (${llm.model}): ${n} field(s) improved.`);
      } catch (err) {
        notes.push(`Language model pass failed: ${(err as Error).message}`);
      }
    }
  }
  const t3 = performance.now();
  const result = renderResult(outcomes, doc, o.model, o.enable_citations);
  return {
    result,
    review: needsReview(result, o.schema),
    page_count: pageCount,
    order: Object.keys(o.schema.properties ?? {}),
    notes,
    timings_ms: { read: Math.round(t1 - t0), extract: Math.round(tExtracted - t1), reread: Math.round(t2 - tExtracted), verify: Math.round(t3 - t2) },
  };
}

/**
 * The verification pass: fields left null or under the review line are looked for again in a
 * second reading (OCR of every page at high resolution, text layer or not); a candidate found
 * there replaces the first one when it scores higher; when both readings agree the value's score
 * rises (two independent readings of the same words).
 */
async function verify(ctx: RunContext<ExtractOptions>, schema: FieldSchema, outcomes: Record<string, Outcome>, o: ExtractOptions, notes: string[], textLayer: boolean): Promise<void> {
  if (uncertain(outcomes).length === 0) return;
  const second = tokenizeDocument(await ctx.parseDocument({ ...VERIFY_PARSE_OPTIONS, page_range: `1-${EXTRACT_MAX_PAGES}` }));
  const { checked, improved } = reextractUncertain(outcomes, second, schema, o.model, textLayer);
  notes.push(`Verification pass: ${checked} uncertain field(s) re-read with full OCR at high resolution; ${improved} improved.`);
}

/** Re-extracts the uncertain top-level fields from a second reading; keeps the better candidate (in place). */
export function reextractUncertain(outcomes: Record<string, Outcome>, second: TokenizedDocument, schema: FieldSchema, model: ExtractOptions['model'], independent: boolean): { checked: number; improved: number } {
  const keys = uncertain(outcomes);
  if (keys.length === 0 || second.tokens.length === 0) return { checked: keys.length, improved: 0 };
  const sub: FieldSchema = { ...schema, properties: Object.fromEntries(keys.map((k) => [k, schema.properties![k]!])) };
  const again = extractFromDocument(second, sub, TIER_STRATEGY[model], DEFAULT_LIMITS);
  let improved = 0;
  for (const k of keys) {
    const a = outcomes[k]!;
    const b = again[k]!;
    if (a.kind !== 'scalar' || b.kind !== 'scalar' || !b.candidate) continue;
    // A value the line re-read corrected was read from its own line's crop: a page reading of
    // the same pixels is no better evidence against it.
    if (a.candidate?.via.endsWith('+reread')) continue;
    if (a.candidate && String(a.candidate.value).toLowerCase() === String(b.candidate.value).toLowerCase()) {
      // Two independent readings (text layer, then OCR) agree: the value is surer (its first
      // citation is kept). A second OCR of the same scan is not independent: no gain.
      if (!independent) continue;
      a.candidate = { ...a.candidate, score: 1 - (1 - a.candidate.score) * (1 - 0.5 * b.candidate.score), via: `${a.candidate.via}+verified` };
      improved++;
    } else if (b.candidate.score > (a.candidate?.score ?? 0)) {
      outcomes[k] = b;
      improved++;
    }
  }
  return { checked: keys.length, improved };
}
