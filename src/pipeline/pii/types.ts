/**
 * PII findings: what the detector reports (a kind, its severity, where it is, a masked value,
 * never the value itself) and the severities the spec blocks on.
 */
import type { BBox } from '../../model/document.js';

export type PiiSeverity = 'high' | 'medium' | 'low';
export type PiiEngine = 'standard' | 'advanced';
export type PiiBlockSeverity = 'any' | PiiSeverity;

export type PiiKind =
  | 'us_ssn'
  | 'passport_number'
  | 'mrz'
  | 'credit_card'
  | 'iban'
  | 'email'
  | 'phone_number'
  | 'person_name'
  | 'date_of_birth'
  | 'date'
  | 'location'
  | 'postal_address';

export const SEVERITY_OF: Record<PiiKind, PiiSeverity> = {
  us_ssn: 'high',
  passport_number: 'high',
  mrz: 'high',
  credit_card: 'high',
  iban: 'high',
  email: 'medium',
  phone_number: 'medium',
  person_name: 'low',
  date_of_birth: 'low',
  date: 'low',
  location: 'low',
  postal_address: 'low',
};

export interface PiiFinding {
  type: PiiKind;
  severity: PiiSeverity;
  /** 1-based; null for formats without pages. */
  page_number: number | null;
  /** Union of the boxes of the words the value spans (page frame, top-left origin); null when unknown. */
  bbox: BBox | null;
  /** The value with most characters hidden ("***-**-6789"). */
  masked_value: string;
  /** In [0, 1]: how sure the recognizer is (validity checks and context raise it). */
  confidence: number;
}

/** A raw match inside a text, before it is placed on a page. */
export interface Match {
  type: PiiKind;
  start: number;
  end: number;
  value: string;
  confidence: number;
}
