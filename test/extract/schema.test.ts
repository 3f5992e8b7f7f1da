/** Schema validation by the spec's rules: refusals name the fault's JSON pointer. */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { parseExtractionSchema, SchemaError } from '../../src/operations/extract/schema.js';
import { validateExtractOptions } from '../../src/operations/extract/options.js';

const ok = { type: 'object', properties: { total: { type: 'number', description: 'Total' } }, required: ['total'], additionalProperties: false };

function fault(schema: unknown): SchemaError {
  try {
    parseExtractionSchema(typeof schema === 'string' ? schema : JSON.stringify(schema));
  } catch (e) {
    if (e instanceof SchemaError) return e;
    throw e;
  }
  throw new Error('accepted');
}

describe('extraction schema', () => {
  it('accepts the spec form, with null unions, enums, formats, arrays and objects', () => {
    const s = {
      ...ok,
      properties: {
        ...ok.properties,
        date: { type: ['string', 'null'], format: 'date' },
        kind: { type: 'string', enum: ['invoice', 'receipt'] },
        lines: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
        seller: { type: 'object', properties: { name: { type: 'string' } } },
      },
    };
    expect(parseExtractionSchema(JSON.stringify(s)).properties!.lines!.items!.properties!.name!.type).toBe('string');
  });

  it('refuses text that is not JSON, and a missing schema, with 400', () => {
    expect(() => parseExtractionSchema('{oops')).toThrow(ValidationError);
    expect(() => validateExtractOptions({})).toThrow(/schema_data: is required/);
  });

  it('names the JSON pointer of the fault (422)', () => {
    expect(fault({ ...ok, type: 'array' }).pointer).toBe('/type');
    expect(fault({ ...ok, additionalProperties: true }).pointer).toBe('/additionalProperties');
    expect(fault({ type: 'object', properties: ok.properties, additionalProperties: false }).pointer).toBe('/required');
    expect(fault({ ...ok, properties: { a: { type: 'date' } } }).pointer).toBe('/properties/a/type');
    expect(fault({ ...ok, properties: { total: ok.properties.total, l: { type: 'array' } } }).pointer).toBe('/properties/l/items');
    expect(fault({ ...ok, properties: { total: ok.properties.total, o: { type: 'object' } } }).pointer).toBe('/properties/o/properties');
    expect(fault({ ...ok, required: ['missing'] }).pointer).toBe('/required');
    expect(fault({ ...ok, properties: { total: ok.properties.total, n: { type: 'null' } } }).pointer).toBe('/properties/n/type');
    expect(fault({ ...ok, type: 'array' }).status).toBe(422);
  });

  it('bounds size and depth', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 15; i++) deep = { type: 'object', properties: { x: deep } };
    expect(fault({ ...ok, properties: { total: ok.properties.total, deep } }).message).toMatch(/nesting deeper/);
    const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}`, { type: 'string' }]));
    expect(fault({ ...ok, properties: many, required: [] }).message).toMatch(/more than 1000 fields/);
  });

  it('checks the other options', () => {
    const schema_data = JSON.stringify(ok);
    expect(validateExtractOptions({ schema_data }).model).toBe('gamma');
    expect(validateExtractOptions({ schema_data }).pii_block_severity).toBe('high');
    expect(() => validateExtractOptions({ schema_data, model: 'omega' })).toThrow(/model/);
    expect(() => validateExtractOptions({ schema_data, enable_citations: 'perhaps' })).toThrow(/enable_citations/);
    expect(() => validateExtractOptions({ schema_data, modle: 'alpha' })).toThrow(/modle/);
  });
});
