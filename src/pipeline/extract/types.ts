/**
 * Types shared by the extraction engine's files: a field's schema as the engine reads it, a
 * candidate value with the words it came from, and the strategy switches of the model tiers.
 */
import type { Token } from './tokens.js';

export interface FieldSchema {
  type?: string | string[];
  description?: string;
  format?: string;
  enum?: unknown[];
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
  required?: string[];
}

export interface Candidate {
  value: string | number | boolean;
  tokens: Token[];
  /** Calibrated confidence that the value is right, 0..1. */
  score: number;
  /** How the value was found (for debugging and the README's tables). */
  via: string;
}

/** What a tier may use. */
export interface Strategy {
  /** Value on the line below its label. */
  below: boolean;
  /** Document-level cues: letterhead issuer, address block, largest total, currency. */
  cues: boolean;
  /** Arrays of objects from header rows and repeated lines. */
  arrays: boolean;
  /** Values of the field's type anywhere in the document when no label is found. */
  typeFallback: boolean;
}

export const FULL_STRATEGY: Strategy = { below: true, cues: true, arrays: true, typeFallback: true };
export const LABEL_ONLY_STRATEGY: Strategy = { below: false, cues: false, arrays: false, typeFallback: false };

/** The schema's main type, `null` dropped from unions. */
export function mainType(s: FieldSchema): string {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  return t ?? 'string';
}
