/**
 * How the extraction benchmark judges values: SROIE's task-3 rule (exact string after
 * whitespace normalisation), invoice2data's rules from issue 23 (amounts ±0.01, ISO dates,
 * case-folded strings, issuer by containment), one-to-one line-item matching, and the
 * citation check (the cited box, on the cited page, holds the value's words).
 */
import type { Citation } from '../../src/pipeline/citations/cite.js';
import { normalizeWord, type TokenizedDocument } from '../../src/pipeline/extract/tokens.js';
import { ocrEquivalent } from '../../src/pipeline/extract/legal-forms.js';

/** invoice2data's scalar fields scored, and the line-item fields matched one to one. */
export const INVOICE_SCALARS = ['issuer', 'amount', 'amount_untaxed', 'amount_tax', 'date', 'invoice_number', 'currency'];
export const LINE_KEYS = ['name', 'qty', 'price_unit', 'price_subtotal'];

export const ws = (s: string) => s.replace(/\s+/g, ' ').trim();

export function sroieEqual(got: unknown, want: unknown): boolean {
  return got !== null && got !== undefined && ws(String(got)) === ws(String(want));
}

export function invoiceEqual(key: string, got: unknown, want: unknown): boolean {
  if (got === null || got === undefined) return false;
  if (typeof want === 'number') {
    const g = typeof got === 'number' ? got : Number(String(got).replace(/[^\d.-]/g, ''));
    return Math.abs(g - want) <= 0.01 + 1e-9;
  }
  const g = ws(String(got)).toLowerCase();
  const w = ws(String(want)).toLowerCase();
  if (key === 'issuer' || key === 'name') return g.length > 0 && (g.includes(w) || w.includes(g));
  return g === w;
}

export interface PRF {
  tp: number;
  predicted: number;
  expected: number;
}

export function f1(p: PRF): { precision: number; recall: number; f1: number } {
  const precision = p.predicted ? p.tp / p.predicted : 0;
  const recall = p.expected ? p.tp / p.expected : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** Line items: greedy one-to-one pairing by matching sub-fields, then field-level counts. */
export function lineItemCounts(got: Record<string, unknown>[], want: Record<string, unknown>[], keys: string[]): PRF {
  const wantRows = want.map((w) => Object.fromEntries(Object.entries(w).filter(([k]) => keys.includes(k)))).filter((w) => Object.keys(w).length > 0);
  const used = new Set<number>();
  let tp = 0;
  const fieldKeys = new Set(wantRows.flatMap((w) => Object.keys(w)));
  for (const w of wantRows) {
    let best = -1;
    let bestHits = 0;
    got.forEach((g, i) => {
      if (used.has(i)) return;
      const hits = Object.entries(w).filter(([k, v]) => invoiceEqual(k, g[k], v)).length;
      if (hits > bestHits) {
        best = i;
        bestHits = hits;
      }
    });
    if (best >= 0) {
      used.add(best);
      tp += bestHits;
    }
  }
  const predicted = got.reduce((n, g) => n + [...fieldKeys].filter((k) => g[k] !== null && g[k] !== undefined).length, 0);
  const expected = wantRows.reduce((n, w) => n + Object.keys(w).length, 0);
  return { tp, predicted, expected };
}

/** The cited box on the cited page holds the value's words (numbers: its digits). */
export function citationHolds(value: unknown, c: Citation | null, doc: TokenizedDocument): boolean {
  if (!c) return false;
  const [l, t, r, b] = c.bbox;
  const inside = doc.tokens.filter((k) => {
    if (k.page !== c.page) return false;
    const cx = (k.box[0] + k.box[2]) / 2;
    const cy = (k.box[1] + k.box[3]) / 2;
    return cx >= l - 1 && cx <= r + 1 && cy >= t - 1 && cy <= b + 1;
  });
  const digits = inside.map((k) => k.text).join('').replace(/\D/g, '');
  if (typeof value === 'number') {
    const d = Math.abs(value).toFixed(2).replace(/\D/g, '');
    const i = String(Math.trunc(Math.abs(value)));
    return digits.includes(d) || digits.includes(i);
  }
  const s = String(value);
  // Amounts and numbers printed as strings ("64.15" from "64. 15"): their digits.
  if (/^[-\d.,\s]+$/.test(s) && /\d/.test(s) && !/^\d{4}-\d{2}-\d{2}$/.test(s)) return digits.includes(s.replace(/\D/g, ''));
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) {
    const [y, m, d] = s.split('-');
    return (digits.includes(y!) || digits.includes(y!.slice(2))) && (digits.includes(String(Number(d))) || digits.includes(d!)) && (digits.includes(String(Number(m))) || inside.some((k) => /[a-z]{3}/i.test(k.text)));
  }
  const SYMBOL: Record<string, RegExp> = { USD: /\$/, EUR: /€/, GBP: /£/, INR: /₹|^rs\.?$/i, MYR: /^rm/i, JPY: /¥/ };
  if (/^[A-Z]{3}$/.test(s) && inside.some((k) => k.text.toUpperCase().includes(s) || SYMBOL[s]?.test(k.text))) return true;
  const squeeze = (x: string) => x.replace(/\s+/g, '').toLowerCase();
  if (squeeze(inside.map((k) => k.text).join('')).includes(squeeze(s))) return true;
  const norms = new Set(inside.map((k) => k.norm));
  const words = s.split(/\s+/).map(normalizeWord).filter(Boolean);
  // A legal form repaired by pipeline/extract/legal-forms.ts ("SDN" printed, OCR read "SIN"): the
  // box holds the printed word the value was read from, one look-alike glyph or edit away.
  return words.length > 0 && words.every((w) => norms.has(w) || inside.some((k) => k.norm.includes(w) || ocrEquivalent(k.norm, w)));
}

export function band(score: number): string {
  if (score >= 0.9) return '0.9-1.0';
  if (score >= 0.8) return '0.8-0.9';
  if (score >= 0.7) return '0.7-0.8';
  if (score >= 0.6) return '0.6-0.7';
  return '<0.6';
}
