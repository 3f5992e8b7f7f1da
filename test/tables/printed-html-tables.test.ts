/**
 * Tables of pages printed from HTML by Chromium (fixtures in test/fixtures/pdf/printed-html,
 * their HTML beside them), issue 27 item 7:
 *  - a datasheet set in two page columns, a list and a paragraph on the left, a spec table on
 *    the right, each heading underlined by a rule that stops at the gutter: the whole page
 *    read as one table (the right column holds no prose, so its gutter was taken for a
 *    table's column gap); the spec table's keys stand at the middle of their rows, between a
 *    value's wrapped lines, and its first and last groups were lost; the paragraph over the
 *    order table's underlined heading was taken in as heading lines;
 *  - a table of contents: its "Contents" title read as the table's header row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { fixture, parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; html: string }

const rows = (html: string) => [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<br>/g, ' ')));

describe('tables of pages printed from HTML', () => {
  let engine: Engine;
  let sheet: Seg[];
  let toc: Seg[];
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    sheet = await parsedSegments<Seg>(engine, fixture('pdf', 'printed-html', 'datasheet.pdf'));
    toc = await parsedSegments<Seg>(engine, fixture('pdf', 'printed-html', 'toc.pdf'));
  });
  afterAll(() => engine.close());

  const shown = (segs: Seg[]) => JSON.stringify(segs.map((s) => [s.segment_type, s.content.slice(0, 40)]));

  it('reads two page columns as columns, each table in its own', () => {
    const tables = sheet.filter((s) => s.segment_type === 'Table');
    expect(tables.length, shown(sheet)).toBe(2);
    for (const t of tables) {
      expect(t.content).not.toContain('Features');
      expect(t.content).not.toContain('Process heating');
    }
    const order = rows(tables[0]!.html);
    expect(order[0]).toEqual(['Order code', 'Output', 'Approval']);
    expect(order.slice(1).map((r) => r[0])).toEqual(['TMX-420-A', 'TMX-420-H', 'TMX-420-HX', 'TMX-420-HXS']);
    expect(sheet.some((s) => s.segment_type === 'SectionHeader' && s.content === 'Ordering information'), shown(sheet)).toBe(true);
  });

  it("keeps a key set at the middle of its row's wrapped value in that row", () => {
    const spec = rows(sheet.filter((s) => s.segment_type === 'Table')[1]!.html);
    expect(spec).toContainEqual(['RTD', 'Pt100, Pt1000, Ni100 (2-, 3- or 4- wire)']);
    expect(spec).toContainEqual(['Operating temperature', '−40 to +85 °C']);
    expect(spec[spec.length - 1]).toEqual(['Weight', '50 g']);
    expect(spec.map((r) => r[0])).toEqual(['Input', 'RTD', 'Thermocouple', 'Measuring range', 'Output', 'Signal', 'Supply voltage', 'Response time', 'Environment', 'Operating temperature', 'Protection', 'Weight']);
  });

  it("keeps a table of contents' title out of its rows", () => {
    const tables = toc.filter((s) => s.segment_type === 'Table');
    expect(tables.length, shown(toc)).toBe(1);
    expect(tables[0]!.content).not.toContain('Contents');
    expect(rows(tables[0]!.html).find((r) => r[0] === '2.1.1 Hardware')).toEqual(['2.1.1 Hardware', '5']);
    expect(toc.some((s) => s.segment_type !== 'Table' && s.content === 'Contents'), shown(toc)).toBe(true);
  });
});
