/**
 * One scalar field: candidates from labelled positions (value right of its label on the same
 * line, or below it in the label's column), from document-level cues, and from the field's type
 * alone; the best-scored wins. Several places agreeing on one value raise its score.
 *
 * Base scores per relation were set from how often each relation was right on the open corpus
 * (bench/extract.ts prints the reliability table they produce); they are properties of the
 * relation, not of any document.
 */
import { documentCues } from './cues.js';
import { findLabels, type FieldProfile } from './labels.js';
import type { ValueKind } from './lexicon.js';
import type { Line, Token, TokenizedDocument } from './tokens.js';
import { mainType, type Candidate, type FieldSchema, type Strategy } from './types.js';
import { recognise, type ValueMatch } from './values.js';

export function kindFor(schema: FieldSchema, profile: FieldProfile): ValueKind {
  const t = mainType(schema);
  if (schema.format === 'date' || schema.format === 'date-time') return 'date';
  if (schema.format === 'email') return 'email';
  if (t === 'integer') return profile.kind === 'amount' ? 'amount' : 'integer';
  if (t === 'number') return profile.kind === 'percent' ? 'percent' : 'amount';
  return profile.kind ?? 'text';
}

/** The value in the schema's terms: numbers for numeric types, printed words for strings. */
function shape(m: ValueMatch, kind: ValueKind, schema: FieldSchema): string | number {
  const t = mainType(schema);
  if (t === 'number' || t === 'integer') return typeof m.value === 'number' ? m.value : Number(m.value);
  if (kind === 'date' && schema.format !== 'date' && schema.format !== 'date-time') return m.raw;
  // An amount as printed, without its currency and without the spaces OCR put inside it ("64. 15").
  if (kind === 'amount') return m.raw.replace(/^[^\d-]+|[^\d]+$/g, '').replace(/\s+/g, '');
  return typeof m.value === 'number' ? m.raw : m.value;
}

function confOf(tokens: Token[]): number {
  return tokens.length ? Math.min(...tokens.map((t) => t.conf)) : 0;
}

/** Lines just below `line` on its page, nearest first (at most `n`, within 3 line heights). */
export function linesBelow(doc: TokenizedDocument, line: Line, n: number): Line[] {
  const h = line.box[3] - line.box[1];
  const out: Line[] = [];
  for (let i = line.index + 1; i < doc.lines.length && out.length < n; i++) {
    const l = doc.lines[i]!;
    if (l.page !== line.page || l.box[1] - line.box[3] > 3 * h) break;
    out.push(l);
  }
  return out;
}

function fromMatch(line: Line, m: ValueMatch, kind: ValueKind, schema: FieldSchema, base: number, via: string): Candidate | null {
  const tokens = line.tokens.slice(m.start, m.end);
  const value = shape(m, kind, schema);
  if (value === '' || (typeof value === 'number' && !Number.isFinite(value))) return null;
  const score = base * m.quality * (0.6 + 0.4 * confOf(tokens));
  return { value, tokens, score, via };
}

function labelled(doc: TokenizedDocument, schema: FieldSchema, profile: FieldProfile, kind: ValueKind, strategy: Strategy): Candidate[] {
  const out: Candidate[] = [];
  for (const line of doc.lines) {
    for (const hit of findLabels(line, profile)) {
      const right = recognise(kind, line.tokens, hit.end);
      if (right) {
        // Words between the label and the value lower the link ("Total items 3 ... 9.00").
        const skipped = line.tokens.slice(hit.end, right.start).filter((t) => t.norm !== '').length;
        const c = fromMatch(line, right, kind, schema, 0.95 * hit.strength * Math.pow(0.85, skipped), 'right-of-label');
        if (c) out.push(c);
      }
      if (!strategy.below || right) continue;
      const lx = line.tokens[hit.start]!.box[0];
      const rx = line.tokens[hit.end - 1]!.box[2];
      for (const [k, below] of linesBelow(doc, line, 2).entries()) {
        // Words of the label's column: overlapping the label horizontally (a little wider).
        const slack = (rx - lx) * 0.5 + 10;
        const col = below.tokens.filter((t) => t.box[2] > lx - slack && t.box[0] < rx + slack * 4);
        if (col.length === 0) continue;
        const first = below.tokens.indexOf(col[0]!);
        const last = below.tokens.indexOf(col[col.length - 1]!) + 1;
        const m = recognise(kind, below.tokens, first, last);
        if (!m) continue;
        const c = fromMatch(below, m, kind, schema, 0.8 * hit.strength * (k === 0 ? 1 : 0.8), 'below-label');
        if (c) out.push(c);
        if (kind !== 'text') break;
      }
    }
  }
  return out;
}

/** Values of the right kind anywhere, when no label names them (dates, emails, phones). */
function byTypeAlone(doc: TokenizedDocument, kind: ValueKind, schema: FieldSchema): Candidate[] {
  if (kind !== 'date' && kind !== 'email' && kind !== 'phone' && kind !== 'currency') return [];
  const out: Candidate[] = [];
  for (const line of doc.lines) {
    const m = recognise(kind, line.tokens, 0);
    if (m) {
      const c = fromMatch(line, m, kind, schema, kind === 'date' ? 0.55 : 0.6, 'type-alone');
      if (c) out.push(c);
    }
    if (out.length >= 20) break;
  }
  // The first one in reading order is the usual one (issue date before due and period dates).
  return out.map((c, i) => ({ ...c, score: c.score * (i === 0 ? 1 : 0.7) }));
}

function valueKey(v: Candidate['value']): string {
  return typeof v === 'string' ? v.toLowerCase().replace(/\s+/g, ' ').trim() : String(v);
}

/** Candidates agreeing on one value reinforce it: 1 − Π(1 − s), from the best placement. */
function combine(cands: Candidate[]): Candidate[] {
  const groups = new Map<string, Candidate[]>();
  for (const c of cands) groups.set(valueKey(c.value), [...(groups.get(valueKey(c.value)) ?? []), c]);
  return [...groups.values()].map((g) => {
    g.sort((a, b) => b.score - a.score);
    const best = g[0]!;
    const others = g.slice(1, 3).reduce((p, c) => p * (1 - c.score * 0.5), 1);
    return { ...best, score: 1 - (1 - best.score) * others };
  });
}

const separators = new WeakMap<TokenizedDocument, '.' | ',' | null>();

/** The decimal separator most of the document's amounts use (null: no clear majority). */
function decimalSeparator(doc: TokenizedDocument): '.' | ',' | null {
  if (separators.has(doc)) return separators.get(doc)!;
  let dot = 0;
  let comma = 0;
  for (const t of doc.tokens) {
    if (/\d\.\d{2}\)?$/.test(t.text)) dot++;
    else if (/\d,\d{2}\)?$/.test(t.text)) comma++;
  }
  const sep = dot >= 3 * Math.max(1, comma) ? '.' : comma >= 3 * Math.max(1, dot) ? ',' : null;
  separators.set(doc, sep);
  return sep;
}

/**
 * An amount printed with the document's minority decimal separator ("91,00" among "9.00",
 * "0.00") is most likely an OCR misreading: written with the document's separator, scored lower.
 */
function harmonise(doc: TokenizedDocument, c: Candidate, kind: ValueKind): Candidate {
  if (kind !== 'amount' || typeof c.value !== 'string') return c;
  const sep = decimalSeparator(doc);
  const m = /^(-?[\d.,]*?)([.,])(\d{2})$/.exec(c.value);
  if (!sep || !m || m[2] === sep || m[1]!.includes(sep)) return c;
  return { ...c, value: `${m[1]}${sep}${m[3]}`, score: c.score * 0.75, via: `${c.via}+separator` };
}

export function extractScalar(doc: TokenizedDocument, schema: FieldSchema, profile: FieldProfile, strategy: Strategy): Candidate | null {
  const kind = kindFor(schema, profile);
  let cands = labelled(doc, schema, profile, kind, strategy);
  if (strategy.cues) cands.push(...documentCues(doc, schema, profile, kind, cands));
  if (strategy.typeFallback && cands.length === 0) cands = byTypeAlone(doc, kind, schema);
  if (schema.enum && schema.enum.length > 0) cands = enumCandidates(doc, schema.enum, cands);
  if (mainType(schema) === 'integer') cands = cands.filter((c) => typeof c.value === 'number' && Number.isInteger(c.value));
  const ranked = combine(cands.map((c) => harmonise(doc, c, kind))).sort((a, b) => b.score - a.score);
  return ranked[0] ?? null;
}

/** An enum field takes an allowed value: a candidate equal to one, or the allowed word found in the text. */
function enumCandidates(doc: TokenizedDocument, allowed: unknown[], cands: Candidate[]): Candidate[] {
  const norm = new Map(allowed.map((a) => [String(a).toLowerCase(), a]));
  const kept = cands.filter((c) => norm.has(String(c.value).toLowerCase())).map((c) => ({ ...c, value: norm.get(String(c.value).toLowerCase()) as string }));
  if (kept.length) return kept;
  for (const t of doc.tokens) {
    const hit = norm.get(t.norm);
    if (hit !== undefined) return [{ value: hit as string, tokens: [t], score: 0.5 * (0.6 + 0.4 * t.conf), via: 'enum-word' }];
  }
  return [];
}
