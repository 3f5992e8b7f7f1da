/**
 * Options of an extraction job (`POST /v2/extract`), checked at submission: nothing is created
 * for a bad schema or option. Defaults are the spec's: `gamma`, citations off, no verification
 * pass, PII pre-flight off with severity `high` and engine `standard`.
 */
import { ValidationError } from '../../errors.js';
import { toBool, toEnum, toStr } from '../../options/coerce.js';
import type { FieldSchema } from '../../pipeline/extract/types.js';
import { parseExtractionSchema } from './schema.js';

export const MODELS = ['alpha', 'beta', 'gamma', 'delta'] as const;
export type ModelTier = (typeof MODELS)[number];

export interface ExtractOptions {
  schema: FieldSchema;
  model: ModelTier;
  enable_citations: boolean;
  high_accuracy_mode: boolean;
  schema_name: string | null;
  detect_pii: boolean;
  pii_engine: 'standard' | 'advanced';
  pii_block_severity: 'any' | 'low' | 'medium' | 'high';
}

const KNOWN = new Set(['schema_data', 'model', 'enable_citations', 'high_accuracy_mode', 'schema_name', 'detect_pii', 'pii_engine', 'pii_block_severity', 'file_name']);

export function validateExtractOptions(raw: Record<string, unknown>): ExtractOptions {
  for (const k of Object.keys(raw)) if (!KNOWN.has(k)) throw new ValidationError(k, `is not an extraction option (known: ${[...KNOWN].join(', ')})`);
  return {
    schema: parseExtractionSchema(raw.schema_data),
    model: toEnum('model', raw.model, MODELS, 'gamma'),
    enable_citations: toBool('enable_citations', raw.enable_citations, false),
    high_accuracy_mode: toBool('high_accuracy_mode', raw.high_accuracy_mode, false),
    schema_name: toStr('schema_name', raw.schema_name) ?? null,
    detect_pii: toBool('detect_pii', raw.detect_pii, false),
    // The spec: unknown engines fall back to `standard` in the upload flow; here they are refused.
    pii_engine: toEnum('pii_engine', raw.pii_engine, ['standard', 'advanced'] as const, 'standard'),
    pii_block_severity: toEnum('pii_block_severity', raw.pii_block_severity, ['any', 'low', 'medium', 'high'] as const, 'high'),
  };
}

/** The job's echoed configuration (the schema goes to `metadata.schema`). */
export function extractConfiguration(o: ExtractOptions): Record<string, unknown> {
  return {
    model: o.model,
    enable_citations: o.enable_citations,
    high_accuracy_mode: o.high_accuracy_mode,
    schema_name: o.schema_name,
    detect_pii: o.detect_pii,
    pii_engine: o.pii_engine,
    pii_block_severity: o.pii_block_severity,
    schema: o.schema,
  };
}
