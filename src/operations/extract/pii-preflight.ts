/**
 * PII pre-flight (`detect_pii`, `pii_block_severity`, `pii_engine`) on the extraction's own
 * reading of the document: the project's PII detector (pipeline/pii: findings and the spec's
 * severity rule). `setPiiDetector` replaces it (embedders; null restores it).
 *
 * The spec wants a blocked document to answer
 * `{status: 'pii_blocked', blocked: true}` with no job created, which needs the check before
 * the job exists (a submission hook that parses first); meanwhile a blocked document ends its
 * job `failed` with the error `pii_blocked` and no result.
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

const projectDetector: PiiDetector = async (doc, severity, engine) => {
  const v = piiVerdict(await detectPiiInDocument(doc, engine), severity);
  return { checked: true, blocked: v.blocked, findings: v.kinds };
};

let detector: PiiDetector = projectDetector;

/** Replaces the PII detector (null: the project's own). */
export function setPiiDetector(d: PiiDetector | null): void {
  detector = d ?? projectDetector;
}

export function piiPreflight(doc: QuireDocument, severity: PiiSeverity, engine: 'standard' | 'advanced'): Promise<PiiVerdict> {
  return detector(doc, severity, engine);
}
