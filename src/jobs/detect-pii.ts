/**
 * engine.detectPii: parse the input (a normal parse job, so OCR and layout apply), rebuild the
 * neutral document from the result and run the shared detector (pipeline/pii) over it.
 * Findings carry boxes in the page frame of every Quire bbox, and masked values only.
 */
import { ProcessingError } from '../errors.js';
import type { JobInput } from '../input/resolve-input.js';
import { documentFromParseResult, type ParseResultLike } from '../model/document-from-segments.js';
import { detectPiiInDocument, piiEngineOf } from '../pipeline/pii/detect.js';
import type { PiiEngine, PiiFinding } from '../pipeline/pii/types.js';

export interface DetectPiiOptions {
  /** `standard` (default, fast) or `advanced` (context words, names and places by NLP); unknown → standard. */
  pii_engine?: string;
  /** Other parse options (page_range, password, ocr_mode …) pass through to the parse. */
  [option: string]: unknown;
}

export interface DetectPiiResult {
  pii_engine: PiiEngine;
  page_count: number;
  findings: PiiFinding[];
}

export interface DetectPiiHost {
  parse(input: JobInput, options: Record<string, unknown>): Promise<{ job_id: string }>;
  waitForJob(id: string): Promise<{ status: string; message?: string; chunks?: unknown[]; page_count?: number }>;
}

export async function detectPiiWith(host: DetectPiiHost, input: JobInput, options: DetectPiiOptions = {}): Promise<DetectPiiResult> {
  const { pii_engine, ...parseOptions } = options;
  const engine = piiEngineOf(pii_engine);
  const { job_id } = await host.parse(input, { ...parseOptions, detect_pii: false });
  const view = await host.waitForJob(job_id);
  if (view.status !== 'Succeeded' || !view.chunks) throw new ProcessingError('processing_error', `The document could not be parsed for PII detection: ${view.message ?? view.status}`);
  const doc = documentFromParseResult({ chunks: view.chunks, page_count: view.page_count } as ParseResultLike);
  return { pii_engine: engine, page_count: doc.pages.length, findings: await detectPiiInDocument(doc, engine) };
}
