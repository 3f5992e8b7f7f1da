/**
 * Entry point of page classification: a neutral document and the caller's categories in,
 * page scores and the document's decision out. Pure: no I/O beyond WordNet's files.
 */
import type { QuireDocument } from '../../model/quire-document.js';
import { buildProfiles, type CategoryInput, type CategoryProfile } from './category-profile.js';
import { documentEvidence, type PageEvidence } from './page-evidence.js';
import { combinePages, scorePage, type DocumentScore, type PageScore } from './score-pages.js';

export interface ClassifyInput {
  doc: QuireDocument;
  /** Pages to classify (1..pageCount); pages without items are blank. */
  pageCount: number;
  categories: readonly CategoryInput[];
  sizes?: ReadonlyArray<{ width: number; height: number }>;
  /** Softmax temperature (default: the calibrated one); the bench fits it. */
  temperature?: number;
  /** Called after each page is scored. */
  onPage?: (done: number, total: number) => void;
}

export interface PageClassification {
  profiles: CategoryProfile[];
  evidence: PageEvidence[];
  pages: PageScore[];
}

export function classifyPages(input: ClassifyInput): PageClassification {
  const profiles = buildProfiles(input.categories);
  const evidence = documentEvidence(input.doc, input.pageCount, input.sizes);
  const pages = evidence.map((e, i) => {
    const s = scorePage(e, profiles, input.temperature);
    input.onPage?.(i + 1, evidence.length);
    return s;
  });
  return { profiles, evidence, pages };
}

export function classifyDocument(input: ClassifyInput): DocumentScore {
  const { pages, profiles } = classifyPages(input);
  return combinePages(pages, profiles.map((p) => p.name));
}
