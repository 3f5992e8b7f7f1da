/**
 * Scores the detector on the labelled set: per severity, a finding is a true positive when it
 * overlaps a planted value of the same severity, a false positive otherwise; a planted value
 * no finding of its severity overlaps is a miss. Shared by the test and bench/pii.ts.
 */
import { findPiiMatches } from '../../src/pipeline/pii/detect.js';
import { SEVERITY_OF, type PiiEngine, type PiiSeverity } from '../../src/pipeline/pii/types.js';
import type { LabelledDoc } from './pii-dataset.js';

export interface Score {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  falsePositives: string[];
  misses: string[];
}

export async function scorePii(docs: LabelledDoc[], engine: PiiEngine): Promise<Record<PiiSeverity, Score>> {
  const out = {} as Record<PiiSeverity, Score>;
  for (const sev of ['high', 'medium', 'low'] as const) out[sev] = { tp: 0, fp: 0, fn: 0, precision: 0, recall: 0, falsePositives: [], misses: [] };
  for (const doc of docs) {
    const found = await findPiiMatches(doc.text, engine);
    for (const f of found) {
      const sev = SEVERITY_OF[f.type];
      if (doc.labels.some((l) => SEVERITY_OF[l.type] === sev && l.start < f.end && l.end > f.start)) out[sev].tp++;
      else {
        out[sev].fp++;
        out[sev].falsePositives.push(`${f.type}: ${JSON.stringify(f.value)}`);
      }
    }
    for (const l of doc.labels) {
      const sev = SEVERITY_OF[l.type];
      if (!found.some((f) => SEVERITY_OF[f.type] === sev && f.start < l.end && f.end > l.start)) {
        out[sev].fn++;
        out[sev].misses.push(`${l.type}: ${JSON.stringify(doc.text.slice(l.start, l.end))}`);
      }
    }
  }
  for (const s of Object.values(out)) {
    s.precision = s.tp + s.fp === 0 ? 1 : s.tp / (s.tp + s.fp);
    s.recall = s.tp + s.fn === 0 ? 1 : s.tp / (s.tp + s.fn);
  }
  return out;
}
