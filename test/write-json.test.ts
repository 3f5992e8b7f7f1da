/** The CLI's piecewise JSON writer gives exactly JSON.stringify's text. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonPieces, writeJsonFile } from '../src/cli/write-json.js';

const joined = (v: unknown) => [...jsonPieces(v)].join('');

describe('jsonPieces', () => {
  it('matches JSON.stringify on the awkward cases', () => {
    const cases: unknown[] = [
      null,
      42,
      'text with "quotes" and é and 😀',
      [],
      {},
      [1, undefined, () => 1, Symbol('s'), null, { a: undefined }],
      { a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, 2], e: { f: undefined, g: [[]] } },
      { when: new Date(Date.UTC(2026, 10, 24)), nested: { toJSON: () => 'custom' }, n: NaN, inf: -Infinity },
      { toJSON: () => ({ replaced: true }) },
      { '2': 'integer keys', b: 1, '1': 'come first' },
      { chunks: [{ segments: [{ text: 'x\u2028y', bbox: { left: 0.1 } }] }, { segments: [] }], total: 2 },
    ];
    for (const c of cases) expect(joined(c)).toBe(JSON.stringify(c));
  });

  it('splits the elements of an object member that is an array into separate pieces', () => {
    const pieces = [...jsonPieces({ status: 'Succeeded', chunks: [{ a: 1 }, { b: 2 }, { c: 3 }] })];
    expect(pieces).toContain('{"a":1}');
    expect(pieces).toContain('{"c":3}');
  });

  it('writeJsonFile writes the same bytes as writeFileSync(JSON.stringify)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-json-'));
    const value = { chunks: Array.from({ length: 3000 }, (_, i) => ({ i, text: `chunk ${i} — ${'x'.repeat(i % 200)}` })), after: true };
    writeJsonFile(path.join(dir, 'a.json'), value);
    expect(fs.readFileSync(path.join(dir, 'a.json'), 'utf8')).toBe(JSON.stringify(value));
  });
});
