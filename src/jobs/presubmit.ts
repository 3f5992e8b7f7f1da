/**
 * Submission-time checks of an operation, run by Engine.submit before any job exists:
 * `precheck` on the input's description, then `presubmit` on the input's bytes for an
 * operation that asks for them (extraction with `detect_pii`: the spec answers a blocked
 * document with `status: pii_blocked` and creates no job, so the check cannot wait for the job).
 *
 * The bytes are read only when the operation wants them. An input that cannot be read here
 * (missing file, refused or failing URL) is left to the job, which reports it as it always
 * has; a URL is therefore downloaded twice when the check runs (once here, once by the job).
 */
import type { InputDescriptor, InputLimits } from '../input/resolve-input.js';
import { loadInput, type LoadedInput } from '../input/resolve-input.js';
import type { Operation } from '../operations/operation.js';
import type { TaskHandlers } from '../operations/tasks.js';
import type { WorkerPool } from '../workers/pool.js';

export async function runSubmissionChecks<O>(op: Operation<O>, desc: InputDescriptor, options: O, pool: WorkerPool<TaskHandlers>, limits: InputLimits): Promise<void> {
  op.precheck?.(desc);
  if (!op.presubmit?.wants(options)) return;
  let input: LoadedInput;
  try {
    input = await loadInput(desc, limits);
  } catch {
    return; // the job reads the input again and reports what is wrong with it
  }
  await op.presubmit.check(input, options, pool);
}
