/**
 * The chunk-lines result file (render/chunk-lines.ts): one valid JSON document, written only
 * past its size threshold, read back header-first and chunk by chunk, with text that needs
 * escaping (newlines, quotes, non-Latin-1) and a header longer than one read step.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonPieces } from '../../src/render/json-pieces.js';
import { chunkSourceOf, chunkTexts, lazyChunkedResult, readChunkLinesHeader, writeChunkLinesIfLarge } from '../../src/render/chunk-lines.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-chunk-lines-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const chunks = Array.from({ length: 300 }, (_, i) => ({ chunk_id: `c${i}`, segments: [{ content: `line one\nline "two" — ${'é€😀'.repeat(i % 7)}\u2028end`, n: i }] }));
const result = { chunks, page_count: 3, pdf_url: null, notes: ['x'.repeat(200_000)], skipped_pages: [] };

describe('chunk-lines result files', () => {
  it('keep a result under the threshold as an object (nothing written)', () => {
    const file = path.join(dir, 'small', 'result.json');
    expect(writeChunkLinesIfLarge(result, { path: file, minChars: 10_000_000 })).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('write a larger one as JSON that parses to the result, one chunk per line, header read alone', () => {
    const file = path.join(dir, 'big', 'result.json');
    const ref = writeChunkLinesIfLarge(result, { path: file, minChars: 1000 });
    expect(ref).toMatchObject({ path: file, chunkCount: 300, header: { page_count: 3, pdf_url: null, skipped_pages: [] } });
    const text = fs.readFileSync(file, 'utf8');
    expect(ref!.chars).toBe(text.length);
    const { $chunk_lines, ...whole } = JSON.parse(text);
    expect($chunk_lines).toBe(300);
    expect(whole).toEqual(result);
    expect(text.split('\n')).toHaveLength(300 + 3); // header, chunks, closing line, final newline
    const head = readChunkLinesHeader(file)!;
    expect(head.chunkCount).toBe(300);
    expect(head.header).toEqual({ page_count: 3, pdf_url: null, notes: result.notes, skipped_pages: [] }); // a 200 KB header line
    expect([...chunkTexts(file)].map((t) => JSON.parse(t))).toEqual(chunks);
    const lazy = lazyChunkedResult(file, head);
    expect([...jsonPieces(lazy)].join('')).toBe(JSON.stringify({ ...head.header, chunks }));
    expect(chunkSourceOf(lazy)).toBeDefined();
    expect(lazy.chunks).toEqual(chunks);
    expect(chunkSourceOf(lazy)).toBeUndefined();
  });

  it('tell ordinary JSON and missing files apart from chunk-lines files', () => {
    const plain = path.join(dir, 'plain.json');
    fs.writeFileSync(plain, JSON.stringify(result));
    expect(readChunkLinesHeader(plain)).toBeNull();
    expect(readChunkLinesHeader(path.join(dir, 'absent.json'))).toBeNull();
    const truncated = path.join(dir, 'truncated.json');
    fs.writeFileSync(truncated, fs.readFileSync(path.join(dir, 'big', 'result.json'), 'utf8').slice(0, 210_000));
    expect(() => [...chunkTexts(truncated)]).toThrow(/ends early/);
  });
});
