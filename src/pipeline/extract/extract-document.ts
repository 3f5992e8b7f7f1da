/**
 * The extraction engine's entry: a JSON schema and a tokenized document in, a tree of outcomes
 * out (one per schema field, nested like the schema). Pure: no I/O, no clock.
 *
 * Work is bounded whatever the schema: at most `maxFields` leaf fields are looked for (the rest
 * come back null with score 0), objects recurse to `maxDepth`, arrays keep `maxRows` rows.
 */
import { extractArray, type Row } from './arrays.js';
import { profileField } from './labels.js';
import { extractScalar } from './scalar.js';
import type { TokenizedDocument } from './tokens.js';
import { mainType, type Candidate, type FieldSchema, type Strategy } from './types.js';

export type Outcome =
  | { kind: 'scalar'; candidate: Candidate | null }
  | { kind: 'array'; rows: Record<string, Outcome>[] | null; scalars?: Candidate[] }
  | { kind: 'object'; fields: Record<string, Outcome> };

export interface ExtractLimits {
  maxFields: number;
  maxDepth: number;
  maxRows: number;
}

export const DEFAULT_LIMITS: ExtractLimits = { maxFields: 500, maxDepth: 8, maxRows: 500 };

export function extractFromDocument(doc: TokenizedDocument, schema: FieldSchema, strategy: Strategy, limits: ExtractLimits = DEFAULT_LIMITS): Record<string, Outcome> {
  let budget = limits.maxFields;
  const walk = (props: Record<string, FieldSchema>, depth: number): Record<string, Outcome> => {
    const out: Record<string, Outcome> = {};
    for (const [key, s] of Object.entries(props)) {
      const t = mainType(s);
      if (t === 'object') {
        out[key] = { kind: 'object', fields: depth < limits.maxDepth ? walk(s.properties ?? {}, depth + 1) : {} };
      } else if (t === 'array') {
        out[key] = arrayOutcome(key, s, depth);
      } else {
        out[key] = { kind: 'scalar', candidate: budget-- > 0 ? extractScalar(doc, s, profileField(key, s.description, t, s.format), strategy) : null };
      }
    }
    return out;
  };
  const arrayOutcome = (key: string, s: FieldSchema, depth: number): Outcome => {
    const items = s.items ?? {};
    if (mainType(items) === 'object') {
      const n = Object.keys(items.properties ?? {}).length;
      if (!strategy.arrays || budget < n || depth >= limits.maxDepth) return { kind: 'array', rows: null };
      budget -= n;
      const rows = extractArray(doc, items, limits.maxRows);
      return { kind: 'array', rows: rows ? rows.map((r) => rowOutcome(r)) : null };
    }
    // An array of plain values: the best value found under the field's labels.
    const c = budget-- > 0 ? extractScalar(doc, items.description ? items : { ...items, description: s.description }, profileField(key, s.description, mainType(items), items.format), strategy) : null;
    return { kind: 'array', rows: null, scalars: c ? [c] : [] };
  };
  return walk(schema.properties ?? {}, 1);
}

function rowOutcome(row: Row): Record<string, Outcome> {
  return Object.fromEntries(Object.entries(row).map(([k, c]) => [k, { kind: 'scalar', candidate: c } as Outcome]));
}
