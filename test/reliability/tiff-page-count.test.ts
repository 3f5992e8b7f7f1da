/**
 * Issue 21 item 6: a TIFF's pages are counted in one linear walk of its directory chain,
 * and a file over the page limit is refused before any work. Before the fix every page's
 * header was read through sharp, which walks the chain from the start for each page: a
 * 2,000-page TIFF spent minutes there and ran into the task time limit.
 */
import { describe, expect, it } from 'vitest';
import { buildTiff } from '../../bench/lib/hostile/tiff.js';
import { ProcessingError } from '../../src/errors.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { createEngine } from '../../src/index.js';

describe('TIFF page counting', () => {
  it('reads every page directory of a long TIFF, follows a loop only once, refuses past maxPages', async () => {
    const long = await loadImagePages(buildTiff({ pages: 3000, width: 40, height: 30 }));
    expect(long.pageCount).toBe(3000);
    expect(long.pages[2999]).toEqual({ width: 40, height: 30, dpi: 300 });
    const looped = await loadImagePages(buildTiff({ pages: 5, loopTo: 1 }));
    expect(looped.pageCount).toBe(5);
    const err = await loadImagePages(buildTiff({ pages: 10_000 }), { maxPages: 2000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessingError);
    expect((err as ProcessingError).kind).toBe('page_limit_exceeded');
    expect((err as ProcessingError).message).toMatch(/more than 2000 pages/);
  }, 60_000);

  it('the engine refuses a 10,000-page TIFF for its page count and parses pages of a legal 2,000-page one', async () => {
    const engine = createEngine({ workers: 1, taskTimeoutMs: 10_000 });
    try {
      const over = await engine.waitForJob((await engine.parse({ data: buildTiff({ pages: 10_000 }), fileName: 'long.tif' })).job_id);
      expect(over.status).toBe('Failed');
      expect(over.message).toMatch(/more than 2000 pages; the limit is 2000/);
      const legal = await engine.parse({ data: buildTiff({ pages: 2000 }), fileName: 'legal.tif' }, { page_range: '1999-2000' });
      const res = await engine.waitForJob(legal.job_id);
      expect(res.message ?? '').toBe('');
      expect(res.status).toBe('Succeeded');
      expect(res.page_count).toBe(2); // the pages selected
    } finally {
      await engine.close();
    }
  }, 120_000);
});
