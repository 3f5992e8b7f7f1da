/**
 * The parts of reading order that pages printed with CSS columns broke, each on the page that
 * shows it (test/fixtures/pdf/printed-columns, made by bench/synthetic-columns.ts; seeds 128
 * 162, 91 and 1, whose whole order is not yet right, are copied from its cache): words of a
 * justified line spaced wider than the split gap, two caption lines half inside a body line's
 * band, a gutter under a spanning caption crossed by its glyphs, three columns of prose under a
 * figure, justified prose beside lists of names, and columns under an abstract that the stream
 * detector took for a table. The whole pages' order is checked in printed-columns.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { extractPageContent } from '../../src/formats/pdf/page-content.js';
import { buildLines } from '../../src/pipeline/lines/build-lines.js';
import { findColumnGutters } from '../../src/pipeline/lines/gutters.js';
import { detectTables } from '../../src/pipeline/tables/detect-tables.js';

const dir = path.resolve('test/fixtures/pdf/printed-columns');
async function pageOne(name: string) {
  const doc = await openPdf(new Uint8Array(fs.readFileSync(path.join(dir, `${name}.pdf`))));
  return extractPageContent(await doc.getPage(1));
}

describe('printed columns, part by part', () => {
  it('keeps the words of a stretched justified line in one line (synthetic-175)', async () => {
    const lines = buildLines((await pageOne('synthetic-175')).runs).map((l) => l.text);
    // A bold heading stretched to the measure of a narrow column: its gaps are over 2 em.
    expect(lines).toContain('1 That after such');
    // A body line whose word spaces are stretched as wide.
    expect(lines.some((l) => l.startsWith('ARTICLES in addition to, and'))).toBe(true);
    expect(lines).not.toContain('after');
  }, 60_000);

  it('keeps two caption lines apart when a body line of the next column reaches half into both (synthetic-175)', async () => {
    const lines = buildLines((await pageOne('synthetic-175')).runs).map((l) => l.text);
    expect(lines).toContain('Table 2: When vacancies happen in the');
    expect(lines).toContain('representation');
  }, 60_000);

  it('finds the gutter under a spanning caption whose glyphs cross it (synthetic-128)', async () => {
    const gutters = findColumnGutters((await pageOne('synthetic-128')).runs);
    // The columns under the figure and its two-line caption: 298 to 314 pt, from 430 pt down.
    const under = gutters.find((g) => g.x0 >= 295 && g.x1 <= 316 && g.top < 440 && g.bottom > 700);
    expect(under, JSON.stringify(gutters)).toBeDefined();
    const lines = buildLines((await pageOne('synthetic-128')).runs).map((l) => l.text);
    expect(lines.some((l) => /three-\s+No law/.test(l))).toBe(false);
  }, 60_000);

  it('does not take three columns of prose under a figure for a table (synthetic-162)', async () => {
    const page = await pageOne('synthetic-162');
    const tables = detectTables(page);
    // The page's two real tables (ruled, one column wide) stay; nothing spans the columns.
    expect(tables.length).toBeGreaterThanOrEqual(2);
    for (const t of tables) expect(t.grid.bbox.width).toBeLessThan(0.5 * page.width);
  }, 60_000);

  it('does not take justified columns of words spaced over the chunk gap, beside lists, for a table (synthetic-91)', async () => {
    const page = await pageOne('synthetic-91');
    // Three columns under an abstract: a numbered list and a paragraph justified in narrow
    // measures (each word its own chunk), and a list of names. No table at all on the page.
    expect(detectTables(page).map((t) => t.grid.bbox)).toEqual([]);
    const lines = buildLines(page.runs).map((l) => l.text);
    expect(lines).toContain('Publication the Electors should be');
  }, 60_000);

  it('cuts the stream search at gutters that hold only under the abstract (synthetic-1)', async () => {
    const page = await pageOne('synthetic-1');
    // The page's one table is a ruled table of a column; the three columns under the abstract
    // (names, names, prose) are no table across them.
    const tables = detectTables(page);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.grid.bbox.width).toBeLessThan(0.25 * page.width);
  }, 60_000);
});
