/**
 * Page selections in every syntax the spec lists: `1-5`, `2,4,6`, `[1,3,5]`,
 * `1-3,7,10-15` (also a JSON array of numbers). Pages are 1-based.
 */
import { ValidationError } from '../errors.js';

export type PageRange = Array<[number, number]>;

export function parsePageRange(field: string, v: unknown): PageRange | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  let parts: string[];
  if (Array.isArray(v)) parts = v.map(String);
  else if (typeof v === 'number') parts = [String(v)];
  else if (typeof v === 'string') parts = v.trim().replace(/^\[|\]$/g, '').split(',');
  else throw new ValidationError(field, `expected a page range like "1-5" or "[1,3,5]", got ${JSON.stringify(v)}`);
  const out: PageRange = [];
  for (const raw of parts) {
    const p = raw.trim();
    if (!p) continue;
    const m = /^(\d+)\s*(?:-\s*(\d+))?$/.exec(p);
    if (!m) throw new ValidationError(field, `cannot read "${p}" (use forms like 1-5, 2,4,6, [1,3,5])`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b < a) throw new ValidationError(field, `invalid range "${p}" (pages start at 1, ranges ascend)`);
    out.push([a, b]);
  }
  if (out.length === 0) throw new ValidationError(field, 'selects no pages');
  return out;
}

/** The selected pages of a document, ascending and unique, ignoring pages past the end. */
export function selectPages(range: PageRange | undefined, pageCount: number): number[] {
  if (!range) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const set = new Set<number>();
  for (const [a, b] of range) for (let p = a; p <= Math.min(b, pageCount); p++) set.add(p);
  return [...set].sort((x, y) => x - y);
}
