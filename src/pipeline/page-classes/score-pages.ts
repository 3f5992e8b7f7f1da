/**
 * Scores pages against category profiles and combines page scores into the document's
 * decision, as the spec describes: each page scored on its own; the document weighs page 1
 * x3, page 2 x2, page 3 x1.5, the rest x1; its confidence reflects per-page confidence and
 * consistency across pages; bands 0.8-1.0 high, 0.5-0.8 medium, 0.3-0.5 low, below very low.
 *
 * A term found in the title zone counts TITLE_BOOST times more than in the body; repeated
 * body occurrences saturate (a word said 30 times is not 30 times the evidence). Raw scores
 * become probabilities by a softmax whose temperature was calibrated on the labelled corpus
 * (bench/classify.ts prints the band → share-correct table).
 */
import type { CategoryProfile } from './category-profile.js';
import { CUE_NAMES, type PageEvidence } from './page-evidence.js';
import { pageSupport } from './page-support.js';

export type Band = 'high' | 'medium' | 'low' | 'very low';

export interface PageScore {
  page: number;
  classification: string;
  confidence: number;
  /** Category name → probability (sums to 1). */
  scores: Record<string, number>;
  /** Category name → raw evidence (for explanations and boundary detection). */
  evidence: Record<string, number>;
  /** How much evidence the page holds, 0..1 (pageSupport): scales its vote in the document's decision. */
  support?: number;
}

export interface DocumentScore {
  classification: string;
  confidence: number;
  band: Band;
  scores: Record<string, number>;
  pages: PageScore[];
}

const TITLE_BOOST = 2.5;
const TOP_TERMS = 12;
/** Softmax temperature (calibration; see README). */
export const TEMPERATURE = 1.3;
/** Evidence a fallback ("other") category stands on: what a weak match must beat. */
const FALLBACK_EVIDENCE = 1.5;

function has(text: string, term: string): boolean {
  return text.includes(` ${term} `);
}

/** Terms at least this long are also found glued inside a longer word (OCR joins words), at half weight. */
const GLUED_MIN = 6;

function occurrences(page: PageEvidence, term: string): number {
  let n = 0;
  if (!term.includes(' ')) n = page.counts.get(term) ?? 0;
  else for (let at = page.bodyText.indexOf(` ${term} `); at >= 0; at = page.bodyText.indexOf(` ${term} `, at + 1)) n++;
  if (n === 0) {
    const glued = term.replace(/ /g, '');
    if (glued.length >= GLUED_MIN && page.joined.includes(glued)) return 0.5;
  }
  return n;
}

/** Raw evidence of one page for one category. */
export function rawEvidence(page: PageEvidence, p: CategoryProfile): number {
  if (p.fallback) return FALLBACK_EVIDENCE;
  const parts: number[] = [];
  for (const [term, w] of p.terms) {
    const tf = occurrences(page, term);
    if (tf === 0) continue;
    parts.push(w * ((1 - Math.exp(-tf / 1.5)) + (has(page.titleText, term) ? TITLE_BOOST : 0)));
  }
  // The strongest TOP_TERMS pieces of evidence: a long lexicon must not win on many weak words.
  parts.sort((a, b) => b - a);
  let s = 0;
  for (const x of parts.slice(0, TOP_TERMS)) s += x;
  for (const cue of CUE_NAMES) {
    const w = p.cues.get(cue);
    if (w) s += w * page.cues[cue];
  }
  return s;
}

export function band(confidence: number): Band {
  if (confidence >= 0.8) return 'high';
  if (confidence >= 0.5) return 'medium';
  if (confidence >= 0.3) return 'low';
  return 'very low';
}

function softmax(values: number[], t: number): number[] {
  const m = Math.max(...values);
  const e = values.map((v) => Math.exp((v - m) / t));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / z);
}

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

function argmax(xs: number[]): number {
  let best = 0;
  for (let i = 1; i < xs.length; i++) if (xs[i]! > xs[best]!) best = i;
  return best;
}

/** A page's scores; a page without words gets uniform scores (it says nothing). */
export function scorePage(page: PageEvidence, profiles: readonly CategoryProfile[], temperature = TEMPERATURE): PageScore {
  const raw = profiles.map((p) => rawEvidence(page, p));
  const probs = page.wordCount === 0 && !Object.values(page.cues).some((v) => v > 0) ? profiles.map(() => 1 / profiles.length) : softmax(raw, temperature);
  const top = argmax(probs);
  return {
    page: page.pageNumber,
    classification: profiles[top]!.name,
    confidence: round(probs[top]!),
    scores: Object.fromEntries(profiles.map((p, i) => [p.name, round(probs[i]!)])),
    evidence: Object.fromEntries(profiles.map((p, i) => [p.name, round(raw[i]!)])),
    support: pageSupport(page, Math.max(0, ...raw.filter((_, i) => !profiles[i]!.fallback))),
  };
}

/** The spec's page weights: page 1 x3, page 2 x2, page 3 x1.5, the rest x1 (1-based within the document). */
export function pageWeight(indexInDocument: number): number {
  return indexInDocument === 0 ? 3 : indexInDocument === 1 ? 2 : indexInDocument === 2 ? 1.5 : 1;
}

/**
 * Combine page scores into the document's classification, confidence and band. The decision
 * weighs each page by the spec's weight times its support (a scanned cover whose OCR gives a
 * dozen words must not outvote the document through page 1's x3); the confidence keeps the
 * spec's weights: the chosen category's weighted mean probability and the pages' agreement.
 */
export function combinePages(pages: readonly PageScore[], names: readonly string[]): DocumentScore {
  // Pages without evidence (blank, uniform) carry no weight unless every page is blank.
  const informative = pages.filter((p) => names.length === 1 || p.confidence > 1 / names.length + 1e-6);
  const counted = informative.length ? informative : pages;
  const weighted = (weightOf: (p: PageScore) => number) => {
    const totals = names.map(() => 0);
    let wsum = 0;
    counted.forEach((p) => {
      const w = weightOf(p);
      wsum += w;
      names.forEach((n, i) => (totals[i]! += w * (p.scores[n] ?? 0)));
    });
    return { mean: totals.map((t) => (wsum ? t / wsum : 1 / names.length)), wsum };
  };
  const spec = (p: PageScore) => pageWeight(pages.indexOf(p));
  const vote = weighted((p) => spec(p) * (p.support ?? 1));
  const { mean, wsum } = weighted(spec);
  const top = argmax(vote.mean);
  const name = names[top]!;
  let agree = 0;
  counted.forEach((p) => {
    if (p.classification === name) agree += spec(p);
  });
  const consistency = wsum ? agree / wsum : 0;
  // Per-page confidence (the weighted mean probability, measured above chance: uniform
  // scores mean no evidence, whatever the number of categories) tempered by consistency.
  const chance = 1 / names.length;
  const aboveChance = names.length > 1 ? Math.max(0, (mean[top]! - chance) / (1 - chance)) : mean[top]!;
  const confidence = round(aboveChance * (0.6 + 0.4 * consistency));
  return {
    classification: name,
    confidence,
    band: band(confidence),
    scores: Object.fromEntries(names.map((n, i) => [n, round(vote.mean[i]!)])),
    pages: [...pages],
  };
}
