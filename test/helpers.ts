/** Shared test helpers: fixtures, the output schema validator, corpus access. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { outputSchema } from '../src/model/output-schema.js';
import type { Engine } from '../src/index.js';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const fixture = (...p: string[]) => path.join(here, 'fixtures', ...p);
export { CORPUS, hasCorpus, corpusPath } from '../bench/lib/corpus.js';

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validate = ajv.compile(outputSchema);

/** Throws with ajv's messages when `value` does not match the output JSON Schema. */
export function assertValidOutput(value: unknown): void {
  if (!validate(value)) {
    throw new Error(`output does not match the schema: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
  }
}

/**
 * The segments of a parse that must succeed, in reading order (the test fails on the job's
 * message otherwise): the few lines most engine tests of page structure begin with.
 */
export async function parsedSegments<T = { segment_type: string; content: string; page_number: number }>(
  engine: Engine,
  input: Parameters<Engine['parse']>[0],
  options: Parameters<Engine['parse']>[1] = {},
): Promise<T[]> {
  const r = await engine.waitForJob((await engine.parse(input, options)).job_id);
  if (r.status !== 'Succeeded') throw new Error(`parse ended ${r.status}: ${r.message}`);
  return (r.chunks ?? []).flatMap((c) => c.segments as unknown as T[]);
}
