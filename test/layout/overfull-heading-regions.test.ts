/**
 * A Title or SectionHeader region of the layout model that covers more words than a heading
 * holds retypes nothing (issue 27, item 3: the model boxed a tax form's large "COPY"
 * watermark as a Title, and the fusion made a Title of every form line under it). Lines come
 * from the real line builder, regions are what the model returns; a heading region over its
 * one heading still types it. The corpus form (pdf-lib's with_annots.pdf) is parsed too
 * (skipped without the corpus).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block, PageLayout } from '../../src/model/layout.js';
import { buildLines } from '../../src/pipeline/lines/build-lines.js';
import { blockText, toBlock } from '../../src/pipeline/blocks/build-blocks.js';
import { fuseLayout } from '../../src/pipeline/layout-fusion/fuse-layout.js';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus } from '../helpers.js';
import { lineRuns } from './support/text-line-runs.js';

const page = (blocks: Block[]): PageLayout => ({ pageNumber: 1, width: 612, height: 792, blocks, fontHistogram: {}, textSource: 'text', warnings: [] });

const FORM_LINES = [
  'Computation of Underpayment',
  'Tax liability total tax from your return for this year',
  'Tax liability total tax from your return for last year',
  'Multiply line 4 by 25 percent for each period',
  'Due date of payments',
  'Enter line 5 or the annualized income amount in each period',
];

describe('heading regions holding more words than a heading', () => {
  it('retype nothing, while a heading region over one heading still types it', () => {
    const lines = buildLines([
      ...lineRuns('Income Tax By Individuals', 200, 40),
      ...FORM_LINES.flatMap((t, k) => lineRuns(t, 60, 200 + k * 30)),
    ]);
    const layout = page(lines.map((l) => toBlock({ lines: [l] })));
    const out = fuseLayout(layout, [
      { type: 'Title', left: 195, top: 36, width: 170, height: 18, score: 0.56 },
      // The watermark's box: over every form line, more than thirty words under it.
      { type: 'Title', left: 40, top: 180, width: 480, height: 200, score: 0.51 },
    ]);
    expect(out.blocks.map((b) => [blockText(b), b.type ?? 'Text'])).toEqual([
      ['Income Tax By Individuals', 'Title'],
      ...FORM_LINES.map((t) => [t, 'Text']),
    ]);
  });
});

describe.skipIf(!hasCorpus)('the tax form with a COPY watermark', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('keeps its form lines out of Title', async () => {
    const file = corpusPath('robustness/pdf-lib/assets/pdfs/with_annots.pdf');
    const r = await engine.waitForJob((await engine.parse({ data: new Uint8Array(fs.readFileSync(file)), fileName: 'with_annots.pdf' }, { page_range: '1' })).job_id);
    expect(r.status).toBe('Succeeded');
    const segs = (r.chunks ?? []).flatMap((c) => c.segments as unknown as Array<{ segment_type: string; content: string }>);
    const titles = segs.filter((s) => s.segment_type === 'Title').map((s) => s.content);
    expect(titles.length, JSON.stringify(titles)).toBeLessThanOrEqual(3);
    for (const t of ['Due date of Payments', 'Multiply Line 4', '2012 DC Tax Liability', '1st Period']) {
      expect(titles.some((x) => x.startsWith(t)), JSON.stringify(titles)).toBe(false);
    }
  });
});
