/**
 * The classify operation: read the document (read-document.ts), score each page against the
 * caller's categories (pipeline/page-classes) and combine pages into the document's decision.
 * Only the first CLASSIFY_PAGE_CAP pages are read: beyond page 3 every page weighs x1, and a
 * 1,000-page upload must still finish in bounded time; `pages_considered` says how many.
 */
import { ProcessingError } from '../../errors.js';
import { classifyPages } from '../../pipeline/page-classes/classify-document.js';
import { combinePages, type DocumentScore } from '../../pipeline/page-classes/score-pages.js';
import { readDocument } from './read-document.js';
import type { RunContext } from '../operation.js';
import type { ClassifyOptions } from './options.js';

export const CLASSIFY_PAGE_CAP = 20;

export interface ClassificationResult extends Omit<DocumentScore, 'pages'> {
  pages: Array<{ page: number; classification: string; confidence: number; scores: Record<string, number> }>;
  /** Pages read and scored (the first CLASSIFY_PAGE_CAP at most). */
  pages_considered: number;
  /** Present when the decision rests on no evidence (no text was found). */
  note?: string;
}

export async function runClassify(ctx: RunContext<ClassifyOptions>): Promise<ClassificationResult> {
  const { options } = ctx;
  if (options.problem) throw new ProcessingError('processing_error', options.problem);
  const { doc, pageCount } = await readDocument(ctx, `1-${CLASSIFY_PAGE_CAP}`, options.password);
  if (pageCount === 0) throw new ProcessingError('processing_error', 'No page of the document could be read.');
  const { pages, profiles } = classifyPages({ doc, pageCount, categories: options.categories });
  const score = combinePages(pages, profiles.map((p) => p.name));
  return {
    classification: score.classification,
    confidence: score.confidence,
    band: score.band,
    scores: score.scores,
    pages: score.pages.map(({ page, classification, confidence, scores }) => ({ page, classification, confidence, scores })),
    pages_considered: pageCount,
    ...(doc.items.some((i) => i.text.trim()) ? {} : { note: 'No text was found in the document; the scores are uniform and carry no evidence.' }),
  };
}
