/**
 * Arrays of objects: rows of a table whose header words name the sub-fields ("Description |
 * Qty | Unit price | Amount"), read until a total-like line; without such a header, repeated
 * lines of the form "words … amount" stand for the rows. Each row's words are shared among the
 * columns by their horizontal position (boundaries half-way between header labels), and each
 * sub-field's value is recognised in its column's words, so every value keeps its own citation.
 */
import { findLabels, profileField, type FieldProfile, type LabelHit } from './labels.js';
import { kindFor } from './scalar.js';
import type { Line, Token, TokenizedDocument } from './tokens.js';
import { mainType, type Candidate, type FieldSchema } from './types.js';
import { recognise } from './values.js';

export type Row = Record<string, Candidate | null>;

interface Column {
  key: string | null;
  left: number;
  right: number;
}

const STOP_ROW = /^(sub\s*-?total|total|totaal|summe|gesamt|montant|grand|balance|amount due|tax|vat|gst|tva|btw|mwst|iva|exclusief|net|netto)\b/i;

function headerOf(doc: TokenizedDocument, profiles: FieldProfile[]): { line: Line; columns: Column[] } | null {
  let best: { line: Line; hits: { key: string; hit: LabelHit }[] } | null = null;
  for (const line of doc.lines) {
    const pairs = profiles.flatMap((p) => findLabels(line, p, false).map((hit) => ({ key: p.key, hit })));
    // One label per sub-field and one sub-field per label, strongest first.
    pairs.sort((a, b) => b.hit.strength - a.hit.strength);
    const usedKeys = new Set<string>();
    const usedAt = new Set<number>();
    const hits = pairs.filter((p) => {
      if (usedKeys.has(p.key) || usedAt.has(p.hit.start)) return false;
      usedKeys.add(p.key);
      usedAt.add(p.hit.start);
      return true;
    });
    // A header is mostly labels: few other words.
    const labelWords = hits.reduce((n, h) => n + h.hit.end - h.hit.start, 0);
    if (hits.length >= Math.min(2, profiles.length) && labelWords >= line.tokens.length * 0.3 && (!best || hits.length > best.hits.length)) best = { line, hits };
  }
  if (!best) return null;
  const cols: Column[] = best.hits.map(({ key, hit }) => ({ key, left: hit.line.tokens[hit.start]!.box[0], right: hit.line.tokens[hit.end - 1]!.box[2] }));
  // Header words that name no sub-field are columns too, so their values go nowhere.
  // ...unless they continue a label's words ("Prijs per stuk"): then they widen its column.
  cols.sort((a, b) => a.left - b.left);
  let prev: Column | null = null;
  for (const t of best.line.tokens) {
    const own = cols.find((c) => t.box[0] >= c.left - 1 && t.box[2] <= c.right + 1);
    if (own) {
      prev = own;
      continue;
    }
    if (!t.norm) continue;
    if (prev && t.gap < 0.8 && !cols.some((c) => c !== prev && c.left > prev!.right && c.left < t.box[2])) {
      prev.right = t.box[2];
    } else {
      prev = { key: null, left: t.box[0], right: t.box[2] };
      cols.push(prev);
    }
  }
  cols.sort((a, b) => a.left - b.left);
  return { line: best.line, columns: cols };
}

function columnOf(columns: Column[], t: Token): Column {
  const cx = (t.box[0] + t.box[2]) / 2;
  for (let i = 0; i < columns.length; i++) {
    const next = columns[i + 1];
    const c = columns[i]!;
    const boundary = next ? (Math.max(c.right, (c.left + c.right) / 2) + next.left) / 2 : Infinity;
    if (cx < boundary) return c;
  }
  return columns[columns.length - 1]!;
}

function cell(tokens: Token[], schema: FieldSchema, profile: FieldProfile, base: number): Candidate | null {
  if (tokens.length === 0) return null;
  const kind = kindFor(schema, profile);
  const m = recognise(kind, tokens, 0);
  if (!m) return null;
  const used = tokens.slice(m.start, m.end);
  const t = mainType(schema);
  const value = t === 'number' || t === 'integer' ? (typeof m.value === 'number' ? m.value : Number(m.value)) : kind === 'text' ? tokens.map((x) => x.text).join(' ') : m.raw;
  const words = kind === 'text' ? tokens : used;
  return { value, tokens: words, score: base * m.quality * (0.6 + 0.4 * Math.min(...words.map((w) => w.conf))), via: 'table-column' };
}

function rowsUnderHeader(doc: TokenizedDocument, header: { line: Line; columns: Column[] }, props: [string, FieldSchema][], profiles: Map<string, FieldProfile>, maxRows: number): Row[] {
  const rows: Row[] = [];
  const h = header.line.box[3] - header.line.box[1];
  let lastBottom = header.line.box[3];
  for (let i = header.line.index + 1; i < doc.lines.length && rows.length < maxRows; i++) {
    const line = doc.lines[i]!;
    if (line.page !== header.line.page) break;
    if (STOP_ROW.test(line.text.trim())) break;
    if (line.box[1] - lastBottom > 4 * h && rows.length > 0) break;
    const hasNumber = line.tokens.some((t) => /\d/.test(t.text) && recognise('amount', [t], 0));
    if (!hasNumber) continue;
    const byCol = new Map<Column, Token[]>();
    for (const t of line.tokens) {
      const c = columnOf(header.columns, t);
      byCol.set(c, [...(byCol.get(c) ?? []), t]);
    }
    const row: Row = {};
    for (const [key, schema] of props) {
      const col = header.columns.find((c) => c.key === key);
      row[key] = col ? cell(byCol.get(col) ?? [], schema, profiles.get(key)!, 0.9) : null;
    }
    if (Object.values(row).some((c) => c !== null)) rows.push(row);
    lastBottom = line.box[3];
  }
  return rows;
}

/** A line that is a known scalar label with its amount ("Charges $4.11", "VAT $0.00"): not an item. */
function isSummaryLine(text: string, summary: FieldProfile[]): boolean {
  const words = text.toLowerCase().replace(/[^\p{L}\s]/gu, ' ').trim();
  return summary.some((p) => p.labels.some((l) => l.strength >= 0.9 && l.words.join(' ') === words));
}

/**
 * Without a header: lines "words … amount" that share their left edge (items of a list are
 * aligned), the largest such group; at least two rows.
 */
function repeatedLines(doc: TokenizedDocument, props: [string, FieldSchema][], profiles: Map<string, FieldProfile>, maxRows: number): Row[] {
  const kinds = props.map(([k, s]) => ({ k, s, kind: kindFor(s, profiles.get(k)!), concept: profiles.get(k)!.concepts[0]?.name }));
  const textKey = kinds.find((x) => x.kind === 'text')?.k;
  const amount = kinds.find((x) => x.concept === 'unit-price') ?? kinds.find((x) => x.concept === 'line-total') ?? kinds.find((x) => x.kind === 'amount');
  if (!textKey || !amount) return [];
  const summary = ['total', 'untaxed', 'tax', 'date'].map((n) => profileField(n, ''));
  const groups = new Map<number, Row[]>();
  for (const line of doc.lines) {
    const last = line.tokens[line.tokens.length - 1];
    if (!last || line.tokens.length < 2 || STOP_ROW.test(line.text.trim())) continue;
    const amt = recognise('amount', line.tokens, line.tokens.length - 1);
    if (!amt || amt.quality < 1) continue;
    const textTokens = line.tokens.slice(0, amt.start).filter((t) => !recognise('amount', [t], 0));
    if (textTokens.length === 0 || textTokens.every((t) => t.norm === '') || recognise('date', line.tokens, 0)) continue;
    const name = textTokens.map((t) => t.text).join(' ');
    if (isSummaryLine(name, summary)) continue;
    const row: Row = Object.fromEntries(props.map(([k]) => [k, null]));
    row[textKey] = { value: name, tokens: textTokens, score: 0.5, via: 'repeated-line' };
    row[amount.k] = { value: mainType(amount.s) !== 'string' ? Number(amt.value) : amt.raw, tokens: line.tokens.slice(amt.start, amt.end), score: 0.5, via: 'repeated-line' };
    const left = Math.round(line.box[0] / 4) + line.page * 10_000;
    groups.set(left, [...(groups.get(left) ?? []), row]);
  }
  // Items have names of their own; a group repeating one name ("Charges") is sub-lines.
  const distinct = (rows: Row[]) => new Set(rows.map((r) => String(r[textKey]?.value).toLowerCase())).size;
  const best = [...groups.values()].sort((a, b) => distinct(b) - distinct(a))[0] ?? [];
  return best.length >= 2 ? best.slice(0, maxRows) : [];
}

export function extractArray(doc: TokenizedDocument, items: FieldSchema, maxRows = 500): Row[] | null {
  const props = Object.entries(items.properties ?? {});
  if (mainType(items) !== 'object' || props.length === 0) return null;
  const profiles = new Map(props.map(([k, s]) => [k, profileField(k, s.description, mainType(s), s.format)]));
  const header = headerOf(doc, [...profiles.values()]);
  if (header) {
    const rows = rowsUnderHeader(doc, header, props, profiles, maxRows);
    if (rows.length > 0) return rows;
  }
  return repeatedLines(doc, props, profiles, maxRows);
}
