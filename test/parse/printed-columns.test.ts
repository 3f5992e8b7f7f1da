/**
 * Multi-column pages as a browser prints them (issue 27 item 1): HTML with CSS columns printed
 * to PDF by headless Chromium (bench/synthetic-columns.ts --fixtures), one glyph per text run,
 * an exact reading order (the HTML's own), and the gutters from the CSS geometry. Each page has
 * what broke the order before: an abstract or author block set close above the columns, a
 * larger heading of one column on the baseline of the other's line, a column's first line
 * under a full-width block, two figures spanning the columns, a footnote under them, a title's
 * word space on a narrow gutter and a justified line of two words (31), columns under a centred
 * caption (92), a URL running past its column's edge into the gutter (89), prose columns beside
 * lists of names that passed for a table (20). Checked:
 * no segment holds lines of two columns, and parse's word order is within 0.02 of the truth.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { checkColumns, type SegmentLike } from '../../bench/lib/column-lines.js';
import { wordEditDistance } from '../../bench/lib/text-metrics.js';
import { orderWords } from '../../bench/lib/synthetic-columns.js';

const dir = path.resolve('test/fixtures/pdf/printed-columns');
const truth: Record<string, { columns: number; gutters: number[]; truth: string }> = JSON.parse(fs.readFileSync(path.join(dir, 'truth.json'), 'utf8'));

let engine: Engine;
beforeAll(() => {
  engine = createEngine({ workers: 1 });
});
afterAll(async () => {
  await engine.close();
});

describe('pages printed with CSS columns', () => {
  for (const [name, doc] of Object.entries(truth)) {
    it(`${name} (${doc.columns} columns) is read column by column`, async () => {
      const res = await engine.waitForJob((await engine.parse(path.join(dir, `${name}.pdf`), {})).job_id);
      expect(res.status).toBe('Succeeded');
      const segs = (res.chunks ?? []).flatMap((c) => c.segments as unknown as SegmentLike[]);
      const check = checkColumns(segs, doc.gutters);
      expect(check.mixed, check.examples.join(' / ')).toBe(0);
      const ours = orderWords(segs.filter((s) => s.segment_type !== 'Table').map((s) => s.content).join('\n'));
      const ref = orderWords(doc.truth);
      const distance = wordEditDistance(ours, ref) / Math.max(ours.length, ref.length);
      expect(distance).toBeLessThanOrEqual(0.02);
    }, 120_000);
  }
});
