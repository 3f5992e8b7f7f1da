/**
 * The PII detector the whole engine shares (parse's detect_pii, extraction's pre-flight, the
 * library's engine.detectPii): pure functions from pages of text to findings, and from
 * findings to the spec's block decision. Overlapping candidates keep the most severe, then
 * the most confident, then the longest (a card number is not also a phone number).
 */
import type { QuireDocument } from '../../model/quire-document.js';
import { maskEmail, maskName, maskValue } from './mask.js';
import { boxOf, pagesFromDocument, type PiiPage } from './page-text.js';
import { findContacts } from './recognizers/contact.js';
import { findIdentifiers } from './recognizers/identifiers.js';
import { findQuasiIdentifiers } from './recognizers/quasi.js';
import { SEVERITY_OF, type Match, type PiiBlockSeverity, type PiiEngine, type PiiFinding, type PiiKind, type PiiSeverity } from './types.js';

const RANK: Record<PiiSeverity, number> = { high: 3, medium: 2, low: 1 };

/** Unknown engine names fall back to `standard` (spec: upload flow). */
export function piiEngineOf(v: unknown): PiiEngine {
  return String(v ?? '').trim().toLowerCase() === 'advanced' ? 'advanced' : 'standard';
}

function resolveOverlaps(matches: Match[]): Match[] {
  const sorted = [...matches].sort(
    (a, b) => RANK[SEVERITY_OF[b.type]] - RANK[SEVERITY_OF[a.type]] || b.confidence - a.confidence || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  const kept: Match[] = [];
  for (const m of sorted) if (!kept.some((k) => m.start < k.end && m.end > k.start)) kept.push(m);
  return kept.sort((a, b) => a.start - b.start);
}

function mask(m: Match): string {
  if (m.type === 'email') return maskEmail(m.value);
  if (m.type === 'person_name' || m.type === 'location') return maskName(m.value);
  if (m.type === 'date' || m.type === 'date_of_birth') return m.value.replace(/\d/g, '*');
  return maskValue(m.value.replace(/\s+/g, ' '));
}

/** The findings of one text with their character ranges (resolved overlaps). */
export async function findPiiMatches(text: string, engine: PiiEngine): Promise<Match[]> {
  return resolveOverlaps([...findIdentifiers(text, engine), ...findContacts(text, engine), ...(await findQuasiIdentifiers(text, engine))]);
}

export async function detectPiiInPages(pages: PiiPage[], engine: PiiEngine = 'standard'): Promise<PiiFinding[]> {
  const findings: PiiFinding[] = [];
  for (const page of pages) {
    const matches = await findPiiMatches(page.text, engine);
    for (const m of matches) {
      findings.push({ type: m.type, severity: SEVERITY_OF[m.type], page_number: page.pageNumber, bbox: boxOf(page, m.start, m.end), masked_value: mask(m), confidence: m.confidence });
    }
  }
  return findings;
}

export function detectPiiInDocument(doc: QuireDocument, engine: PiiEngine = 'standard'): Promise<PiiFinding[]> {
  return detectPiiInPages(pagesFromDocument(doc), engine);
}

export interface PiiVerdict {
  blocked: boolean;
  /** Kinds found at or above the threshold (names only, never values). */
  kinds: PiiKind[];
  /** A message naming the kinds found, never the values; empty when not blocked. */
  message: string;
}

/** The spec's rule: `any`/`low` block on any finding, `medium` on contact data or higher, `high` on direct identifiers. */
export function piiVerdict(findings: PiiFinding[], blockSeverity: PiiBlockSeverity): PiiVerdict {
  const floor = blockSeverity === 'any' ? 1 : RANK[blockSeverity];
  const hits = findings.filter((f) => RANK[f.severity] >= floor);
  const kinds = [...new Set(hits.map((f) => f.type))].sort();
  if (kinds.length === 0) return { blocked: false, kinds, message: '' };
  const counts = kinds.map((k) => `${k} (${hits.filter((f) => f.type === k).length})`).join(', ');
  return {
    blocked: true,
    kinds,
    message: `Personal data found at or above the '${blockSeverity}' severity: ${counts}. The task was rejected and the document was not processed.`,
  };
}
