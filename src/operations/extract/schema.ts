/**
 * `schema_data` checked by the spec's rules with ajv: a meta-schema describes what an extraction
 * schema may hold (root `type: object` with `properties`, `required` and `additionalProperties:
 * false`; field types string, number, integer, boolean, array with `items`, object with
 * `properties`, `null` in type unions; `description`, `enum`, `format`), then ajv compiles the
 * schema itself so it is valid JSON Schema too. The first fault is reported with its JSON pointer.
 *
 * Status: text that is not JSON, or no schema, is 400 (the spec's "invalid extraction schema or
 * missing parameters"); JSON that breaks the rules is 422 ("malformed schema").
 */
import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { QuireError, ValidationError } from '../../errors.js';
import type { FieldSchema } from '../../pipeline/extract/types.js';

/** A schema that breaks the rules (422), with the JSON pointer of the fault. */
export class SchemaError extends QuireError {
  readonly pointer: string;
  constructor(pointer: string, message: string) {
    super('malformed_schema', `schema_data${pointer ? ` at ${pointer}` : ''}: ${message}`, 422);
    this.pointer = pointer;
  }
}

export const MAX_SCHEMA_FIELDS = 1000;
export const MAX_SCHEMA_DEPTH = 10;

const TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

const META = {
  $id: 'quire:extraction-schema',
  definitions: {
    field: {
      type: 'object',
      required: ['type'],
      properties: {
        type: { anyOf: [{ enum: TYPES }, { type: 'array', items: { enum: TYPES }, minItems: 1, uniqueItems: true }] },
        description: { type: 'string' },
        format: { type: 'string' },
        enum: { type: 'array', minItems: 1 },
        items: { $ref: '#/definitions/field' },
        properties: { type: 'object', additionalProperties: { $ref: '#/definitions/field' } },
        required: { type: 'array', items: { type: 'string' } },
        additionalProperties: { type: 'boolean' },
      },
    },
  },
  type: 'object',
  required: ['type', 'properties', 'required', 'additionalProperties'],
  properties: {
    type: { const: 'object' },
    properties: { type: 'object', minProperties: 1, additionalProperties: { $ref: '#/definitions/field' } },
    required: { type: 'array', items: { type: 'string' } },
    additionalProperties: { const: false },
    description: { type: 'string' },
    title: { type: 'string' },
  },
};

// ajv is loaded and the meta-schema compiled on the first extraction schema, not when the
// operations registry loads (it cost every CLI start ~70 ms).
const require = createRequire(import.meta.url);
let kit: { Ajv: new (o: object) => Ajv; addFormats: (a: Ajv) => Ajv; checkMeta: ValidateFunction } | undefined;
function ajvKit(): NonNullable<typeof kit> {
  if (!kit) {
    const { Ajv: AjvClass } = require('ajv') as { Ajv: new (o: object) => Ajv };
    const formats = require('ajv-formats') as { default?: (a: Ajv) => Ajv } & ((a: Ajv) => Ajv);
    kit = { Ajv: AjvClass, addFormats: formats.default ?? formats, checkMeta: new AjvClass({ allErrors: false, strict: false }).compile(META) };
  }
  return kit;
}

function pointerOf(e: ErrorObject): string {
  if (e.keyword === 'required') return `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`;
  if (e.keyword === 'additionalProperties') return `${e.instancePath}/${(e.params as { additionalProperty: string }).additionalProperty}`;
  return e.instancePath;
}

function typesOf(s: FieldSchema): string[] {
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
}

/** Rules the meta-schema cannot say: arrays need items, objects need properties, names of required exist, size. */
function walk(s: FieldSchema, ptr: string, depth: number, count: { n: number }): void {
  if (depth > MAX_SCHEMA_DEPTH) throw new SchemaError(ptr, `nesting deeper than ${MAX_SCHEMA_DEPTH} levels`);
  const types = typesOf(s);
  if (types.includes('array') && !s.items) throw new SchemaError(`${ptr}/items`, 'an array field needs `items`');
  if (types.includes('object') && !s.properties) throw new SchemaError(`${ptr}/properties`, 'an object field needs `properties`');
  if (types.length > 0 && types.every((t) => t === 'null')) throw new SchemaError(`${ptr}/type`, '`null` only combines with another type');
  for (const r of s.required ?? []) if (!s.properties || !(r in s.properties)) throw new SchemaError(`${ptr}/required`, `required field "${r}" is not in properties`);
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    if (++count.n > MAX_SCHEMA_FIELDS) throw new SchemaError(`${ptr}/properties`, `more than ${MAX_SCHEMA_FIELDS} fields`);
    walk(p, `${ptr}/properties/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1, count);
  }
  if (s.items) walk(s.items, `${ptr}/items`, depth + 1, count);
}

/** Parses and checks `schema_data` (JSON text or an object). */
export function parseExtractionSchema(raw: unknown): FieldSchema {
  if (raw === undefined || raw === null || raw === '') throw new ValidationError('schema_data', 'is required (a JSON schema of the fields to extract)');
  let schema: unknown = raw;
  if (typeof raw === 'string') {
    try {
      schema = JSON.parse(raw);
    } catch (e) {
      throw new ValidationError('schema_data', `is not valid JSON (${(e as Error).message})`);
    }
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new ValidationError('schema_data', 'must be a JSON object');
  const { Ajv: AjvClass, addFormats, checkMeta } = ajvKit();
  if (!checkMeta(schema)) {
    const e = checkMeta.errors![0]!;
    throw new SchemaError(pointerOf(e), e.message ?? 'invalid');
  }
  walk(schema as FieldSchema, '', 0, { n: 0 });
  try {
    const ajv = new AjvClass({ strict: false });
    addFormats(ajv);
    ajv.compile(schema as object);
  } catch (e) {
    throw new SchemaError('', (e as Error).message);
  }
  return schema as FieldSchema;
}
