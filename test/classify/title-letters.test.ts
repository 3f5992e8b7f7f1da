/**
 * A title is words (issue 27 item 7): IRS Form 1040 sets its number "1040" in larger type
 * than its name, and the number was typed Title; the form's name is the title. Corpus page
 * (pdf.js's prefilled form); skipped without the corpus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus, parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; page_number: number }

describe.skipIf(!hasCorpus)('a number set large is no title', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it("types Form 1040's name Title, not its number", async () => {
    const segs = await parsedSegments<Seg>(engine, corpusPath('robustness/pdf.js/test/pdfs/prefilled_f1040.pdf'), { page_range: '1' });
    const titles = segs.filter((s) => s.segment_type === 'Title').map((s) => s.content.replace(/\s+/g, ' '));
    expect(titles).toEqual(['U.S. Individual Income Tax Return 2010']);
  });
});
