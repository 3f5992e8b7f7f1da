/**
 * PII pre-flight seam (`detect_pii`, `pii_block_severity`, `pii_engine`). The PII detector is
 * built by the editing-and-PII issue (`engine.detectPii`); until it lands this seam reports
 * "not checked", and a job asked to check answers with a note saying so instead of pretending
 * the document is clean.
 *
 * INTEGRATION: replace `detector` below with the PII detector (document + severity + engine →
 * findings at or above the severity). The spec wants a blocked document to answer
 * `{status: 'pii_blocked', blocked: true}` with no job created, which needs the check before
 * the job exists (a submission hook that parses first); meanwhile a blocked document ends its
 * job `failed` with the error `pii_blocked` and no result.
 */
import type { QuireDocument } from '../../model/quire-document.js';

export type PiiSeverity = 'any' | 'low' | 'medium' | 'high';

export interface PiiVerdict {
  checked: boolean;
  blocked: boolean;
  /** What was found (kinds), when blocked. */
  findings?: string[];
}

export type PiiDetector = (doc: QuireDocument, severity: PiiSeverity, engine: 'standard' | 'advanced') => Promise<PiiVerdict>;

let detector: PiiDetector | null = null;

/** Installs the PII detector (the PII helper's `detectPii`, adapted). */
export function setPiiDetector(d: PiiDetector | null): void {
  detector = d;
}

export async function piiPreflight(doc: QuireDocument, severity: PiiSeverity, engine: 'standard' | 'advanced'): Promise<PiiVerdict> {
  if (!detector) return { checked: false, blocked: false };
  return detector(doc, severity, engine);
}
