/** Shared test helpers: fixtures, the output schema validator, corpus access. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { outputSchema } from '../src/model/output-schema.js';

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
