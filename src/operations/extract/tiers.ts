/**
 * The model tiers as strategies (measured in bench/extract.ts; README has the table):
 * - alpha: labels only — a value right of its label on the same line. Fastest, least recall.
 * - beta: alpha + values below their label + value-type fallback (first date, email...).
 * - gamma (default): beta + document-level cues (letterhead issuer, address block, largest
 *   total, currency of the amounts) + arrays of objects from tables and repeated lines.
 * - delta: gamma, then every field scored under the review line is looked for again in a
 *   second reading of the document (OCR on every page at high resolution) and the better
 *   candidate kept — the same pass `high_accuracy_mode` adds to any tier.
 */
import { FULL_STRATEGY, LABEL_ONLY_STRATEGY, type Strategy } from '../../pipeline/extract/types.js';
import type { ModelTier } from './options.js';

export const TIER_STRATEGY: Record<ModelTier, Strategy> = {
  alpha: LABEL_ONLY_STRATEGY,
  beta: { below: true, cues: false, arrays: false, typeFallback: true },
  gamma: FULL_STRATEGY,
  delta: FULL_STRATEGY,
};

/** Whether the tier re-reads, on a scanned image, the lines its values and labels sit on (line-reread.ts). */
export function rereadsLines(model: ModelTier): boolean {
  return model === 'gamma' || model === 'delta';
}

/** Whether the tier (or the option) re-reads uncertain fields in a second reading. */
export function verifies(model: ModelTier, highAccuracy: boolean): boolean {
  return highAccuracy || model === 'delta';
}

/** Fields scored below this are uncertain: re-checked by the verification pass, `review` in the job. */
export const REVIEW_THRESHOLD = 0.6;
