/**
 * The extraction operation (`POST /v2/extract`, `GET /extract/{job_id}`): values of a
 * caller's JSON schema found in a document's own words, with scores and citations. It reads
 * its document through the run context's parseDocument() (the parse pipeline's neutral
 * document), so it never imports the parse operation.
 */
import type { Operation } from '../operation.js';
import { extractConfiguration, validateExtractOptions, type ExtractOptions } from './options.js';
import type { ExtractJobResult } from './run.js';
import { extractViews } from './views.js';

export const extractOperation: Operation<ExtractOptions, ExtractJobResult> = {
  name: 'extract',
  description: 'Extract the values of a JSON schema from a PDF or image, with scores and citations',
  genericType: 'extraction',
  family: 'extract',
  extraOptionNames: ['file_name'],
  optionDefaults: { schema_data: null, model: 'gamma', enable_citations: false, high_accuracy_mode: false, schema_name: null, detect_pii: false, pii_engine: 'standard', pii_block_severity: 'high' },
  validate: validateExtractOptions,
  publicConfig: extractConfiguration,
  // The extraction engine (date/phone libraries, lexicons) loads with the first job, not with the CLI.
  run: async (ctx) => (await import('./run.js')).runExtract(ctx),
  // detect_pii: the text layer is checked before the job exists (a blocked document gets no job).
  presubmit: { wants: (o) => o.detect_pii, check: async (input, o, pool) => (await import('./pii-submit.js')).refuseBlockedAtSubmission(input, o, pool) },
  views: extractViews,
};
