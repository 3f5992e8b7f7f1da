/**
 * Scoring PII findings against the blind set's labels (bench/pii-blind.ts).
 *
 * Matching rule (chosen to be fair to a detector that reports boxes and masked values only):
 * a finding matches a label when it is on the same document and page, has the same severity,
 * and its box overlaps the label's box (intersection ≥ 30% of the smaller of the two, the label
 * padded by 1 pt, so a box around part of a value or around the value plus its context word
 * still counts); a finding without a box matches on its masked value instead (separators
 * removed, every unmasked character equal to the label's at the same position). Kind agreement
 * (e.g. `ssn` reported as `passport`) is reported separately and does not change the
 * severity figures, which are what blocking uses.
 *
 * Counting: recall = labels matched / labels; precision = labels matched / (labels matched +
 * false-positive findings), so several findings on one label (an MRZ reported line by line,
 * an address in two pieces) count once, and never as false positives. A finding of a LOWER
 * severity lying on a labelled identifier of a higher one (a name inside an e-mail or an
 * MRZ) is not scored: the text is PII anyway and blocking is decided by the higher finding.
 * Any other finding is a false positive, listed with what it lies on (a look-alike label,
 * another label, or unlabelled text).
 */
import type { Box, Label } from './pii-blind-set.js';

export type Sev = 'high' | 'medium' | 'low';
export const SEVERITIES: Sev[] = ['high', 'medium', 'low'];
const RANK: Record<string, number> = { high: 3, medium: 2, low: 1, none: 0 };

export interface Finding { doc: string; page: number; type: string; severity: string; bbox?: Box; masked?: string }

/** Read a finding of unknown shape (the detector's type is read at run time, not from its source). */
export function readFinding(doc: string, f: Record<string, unknown>): Finding {
  const b = (f.bbox ?? f.box) as Record<string, number> | undefined;
  const bbox = b && typeof b.left === 'number' ? { left: b.left, top: b.top!, width: b.width!, height: b.height! } : undefined;
  return {
    doc,
    page: Number(f.page ?? f.page_number ?? 1),
    type: String(f.type ?? f.kind ?? '?'),
    severity: String(f.severity ?? '?'),
    bbox,
    masked: (f.masked_value ?? f.masked ?? f.value) as string | undefined,
  };
}

export function overlap(a: Box, b: Box, pad = 1): number {
  const bl = b.left - pad, bt = b.top - pad, bw = b.width + 2 * pad, bh = b.height + 2 * pad;
  const w = Math.min(a.left + a.width, bl + bw) - Math.max(a.left, bl);
  const h = Math.min(a.top + a.height, bt + bh) - Math.max(a.top, bt);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.max(1e-6, Math.min(a.width * a.height, bw * bh));
}

function iou(a: Box, b: Box): number {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  if (w <= 0 || h <= 0) return 0;
  const i = w * h;
  return i / (a.width * a.height + b.width * b.height - i);
}

const norm = (s: string): string => s.replace(/[\s\-./()<]/g, '').toUpperCase();
const MASK = /[*•●█■#xX…]/;
/** Every unmasked character of the masked value equals the label's at the same position. */
export function maskedConsistent(masked: string | undefined, value: string): boolean {
  if (!masked) return false;
  const m = norm(masked);
  const v = norm(value);
  if (m.length !== v.length) return v.includes(m.replace(/[*•●█■#…]+/g, '')) && /[A-Z0-9@]{2,}/.test(m);
  for (let i = 0; i < m.length; i++) if (!MASK.test(m[i]!) && m[i] !== v[i]) return false;
  return true;
}

const FAMILY: Record<string, RegExp> = {
  ssn: /ssn|social/i, passport: /passport|mrz|document/i, id_card: /passport|mrz|id|document/i, mrz: /mrz|machine|passport/i,
  card: /card|credit|payment|pan/i, iban: /iban|bank/i, email: /mail/i, phone: /phone|tel/i,
  name: /name|person/i, dob: /birth|dob|date/i, date: /date|birth/i, address: /address|location|place|postal|street/i, location: /location|place|address|city|gpe/i,
};
export const kindAgrees = (labelKind: string, findingType: string): boolean => (FAMILY[labelKind] ?? new RegExp(labelKind, 'i')).test(findingType);

export interface SevScore { labels: number; matched: number; fp: number; precision: number; recall: number }
export interface Score {
  perSeverity: Record<Sev, SevScore>;
  falsePositives: { f: Finding; on: string }[];
  misses: Label[];
  kindMismatches: { label: Label; type: string }[];
  ignored: number;
  maskedChecked: { consistent: number; total: number };
}

function onWhat(f: Finding, labels: Label[]): string {
  if (!f.bbox) return 'no box';
  const hits = labels.filter((l) => overlap(f.bbox!, l.bbox) >= 0.3);
  return hits.length ? hits.map((l) => `${l.severity}:${l.kind} "${l.value.replace(/\n/g, ' / ')}"`).join('; ') : 'unlabelled text';
}

export function score(labels: Label[], findings: Finding[]): Score {
  const matched = new Set<string>();
  const falsePositives: Score['falsePositives'] = [];
  const kindMismatches: Score['kindMismatches'] = [];
  const fpBySev: Record<string, number> = { high: 0, medium: 0, low: 0 };
  const maskedChecked = { consistent: 0, total: 0 };
  let ignored = 0;
  const byPage = new Map<string, Label[]>();
  for (const l of labels) {
    const k = `${l.doc}|${l.page}`;
    if (!byPage.has(k)) byPage.set(k, []);
    byPage.get(k)!.push(l);
  }
  for (const f of findings) {
    const page = byPage.get(`${f.doc}|${f.page}`) ?? [];
    const same = page.filter((l) => l.severity === f.severity && (f.bbox ? overlap(f.bbox, l.bbox) >= 0.3 : maskedConsistent(f.masked, l.value)));
    if (same.length) {
      // A coarse box (a whole block) may cover several labels: prefer an unmatched one whose
      // value the masked value agrees with, then the one the box overlaps most.
      const rank = (l: Label) => (matched.has(l.id) ? 0 : 4) + (maskedConsistent(f.masked, l.value) ? 2 : 0) + (f.bbox ? iou(f.bbox, l.bbox) : 0);
      const best = same.reduce((a, b) => (rank(b) > rank(a) ? b : a));
      const firstTime = !matched.has(best.id);
      matched.add(best.id);
      if (firstTime && f.masked !== undefined) {
        maskedChecked.total++;
        if (maskedConsistent(f.masked, best.value)) maskedChecked.consistent++;
      }
      if (firstTime && !kindAgrees(best.kind, f.type)) kindMismatches.push({ label: best, type: f.type });
      continue;
    }
    const higher = f.bbox && page.some((l) => RANK[l.severity]! > RANK[f.severity]! && overlap(f.bbox!, l.bbox) >= 0.3);
    if (higher) { ignored++; continue; }
    fpBySev[f.severity] = (fpBySev[f.severity] ?? 0) + 1;
    falsePositives.push({ f, on: onWhat(f, page) });
  }
  const perSeverity = {} as Record<Sev, SevScore>;
  for (const s of SEVERITIES) {
    const ls = labels.filter((l) => l.severity === s);
    const m = ls.filter((l) => matched.has(l.id)).length;
    const fp = fpBySev[s] ?? 0;
    perSeverity[s] = { labels: ls.length, matched: m, fp, precision: m + fp ? m / (m + fp) : 1, recall: ls.length ? m / ls.length : 1 };
  }
  const misses = labels.filter((l) => l.severity !== 'none' && !matched.has(l.id));
  return { perSeverity, falsePositives, misses, kindMismatches, ignored, maskedChecked };
}
