/**
 * `detect_pii` at submission (the spec: a blocked extraction answers `status: pii_blocked`,
 * `blocked: true`, and no job is created). The shared pre-flight (pipeline/pii/preflight.ts)
 * reads a PDF's text layer with PDFium in a worker, without parsing, and the shared detector
 * judges it; at or above `pii_block_severity` the submission throws PiiBlockedError.
 *
 * What the pre-flight cannot see: images, scans and PDF pages without a text layer (their
 * words exist only after OCR, which is the job's work). Those are checked by the job after
 * its parse (run.ts), which ends `failed` with `pii_blocked: …` as before; a PDF whose text
 * layer is clean but whose scanned pages hold PII is therefore blocked at job time, not here.
 */
import { PiiBlockedError } from '../../errors.js';
import type { LoadedInput } from '../../input/resolve-input.js';
import { piiPreflight } from '../../pipeline/pii/preflight.js';
import type { WorkerPool } from '../../workers/pool.js';
import type { TaskHandlers } from '../tasks.js';
import type { ExtractOptions } from './options.js';

export async function refuseBlockedAtSubmission(input: LoadedInput, o: ExtractOptions, pool: WorkerPool<TaskHandlers>): Promise<void> {
  const pre = await piiPreflight(input, { detect_pii: true, pii_block_severity: o.pii_block_severity, pii_engine: o.pii_engine }, pool);
  if (pre.verdict?.blocked) throw new PiiBlockedError(pre.verdict.message, pre.verdict.kinds);
}
