/**
 * PII pre-flight seam (`detect_pii`, `pii_block_severity`, `pii_engine`): the shared detector
 * (pipeline/pii, the one parse's detect_pii and engine.detectPii use) is installed by default;
 * `setPiiDetector(null)` leaves a job asked to check with a note saying it was not checked.
 *
 * This is the job-time check, on the document as parsed (OCR included). A PDF's text layer is
 * checked before the job exists (pii-submit.ts: blocked → `status: pii_blocked`, no job); what
 * only OCR can read (scans, images) is checked here, and a blocked document ends its job
 * `failed` with the error `pii_blocked` and no result.
 */
import type { QuireDocument } from '../../model/quire-document.js';
import { detectPiiInDocument, piiVerdict } from '../../pipeline/pii/detect.js';

export type PiiSeverity = 'any' | 'low' | 'medium' | 'high';

export interface PiiVerdict {
  checked: boolean;
  blocked: boolean;
  /** What was found (kinds), when blocked. */
  findings?: string[];
}

export type PiiDetector = (doc: QuireDocument, severity: PiiSeverity, engine: 'standard' | 'advanced') => Promise<PiiVerdict>;

/** The shared detector (pipeline/pii): findings at or above the severity block; kinds only, never values. */
const sharedDetector: PiiDetector = async (doc, severity, engine) => {
  const verdict = piiVerdict(await detectPiiInDocument(doc, engine), severity);
  return { checked: true, blocked: verdict.blocked, findings: verdict.kinds };
};

let detector: PiiDetector | null = sharedDetector;

/** Installs the PII detector (the PII helper's `detectPii`, adapted). */
export function setPiiDetector(d: PiiDetector | null): void {
  detector = d;
}

export async function piiPreflight(doc: QuireDocument, severity: PiiSeverity, engine: 'standard' | 'advanced'): Promise<PiiVerdict> {
  if (!detector) return { checked: false, blocked: false };
  return detector(doc, severity, engine);
}
