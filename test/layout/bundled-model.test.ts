/**
 * The bundled layout model on a real page: it loads, runs in the budget, finds text where
 * the page has text and nothing on a blank page; and parse uses it (smart layout) or not
 * (page_by_page) without changing the text.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadManifest } from '../../src/engines/layout/manifest.js';
import { OnnxLayoutEngine } from '../../src/engines/layout/onnx-layout-engine.js';
import { BUNDLED_LAYOUT_MODEL } from '../../src/engines/layout/model-ref.js';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { renderPdfPage } from '../../src/formats/pdf/render-page.js';
import { createEngine } from '../../src/index.js';
import { assertValidOutput, fixture } from '../helpers.js';

const engines: OnnxLayoutEngine[] = [];
afterAll(async () => {
  for (const e of engines) await e.close();
});

describe('bundled layout model', () => {
  it('finds the text of a real page, inside the page', async () => {
    const engine = await OnnxLayoutEngine.create(loadManifest(BUNDLED_LAYOUT_MODEL));
    engines.push(engine);
    const doc = await openPdf(new Uint8Array(fs.readFileSync(fixture('pdf', 'us_constitution.pdf'))));
    const raster = await renderPdfPage(await doc.getPage(1), 100);
    await doc.destroy();
    const regions = await engine.detect(raster);
    const text = regions.filter((r) => r.type === 'Text' || r.type === 'ListItem' || r.type === 'SectionHeader' || r.type === 'Title');
    expect(text.length).toBeGreaterThan(2);
    for (const r of regions) {
      expect(r.left).toBeGreaterThanOrEqual(0);
      expect(r.top).toBeGreaterThanOrEqual(0);
      expect(r.left + r.width).toBeLessThanOrEqual(raster.width + 1e-6);
      expect(r.top + r.height).toBeLessThanOrEqual(raster.height + 1e-6);
    }
    // Text regions cover a real share of the page: the model is looking at the page.
    const covered = text.reduce((a, r) => a + r.width * r.height, 0) / (raster.width * raster.height);
    expect(covered).toBeGreaterThan(0.05);
  });

  it('finds nothing on a blank page', async () => {
    const engine = engines[0] ?? (await OnnxLayoutEngine.create(loadManifest(BUNDLED_LAYOUT_MODEL)));
    const blank = { data: new Uint8Array(612 * 792).fill(255), width: 612, height: 792, channels: 1 as const, dpi: 72 };
    expect(await engine.detect(blank)).toEqual([]);
  });

  it('parse with the model keeps every word of the text layer', async () => {
    const quire = createEngine({ workers: 1 });
    const withoutModel = createEngine({ workers: 1, layoutModel: null });
    try {
      const words = async (e: typeof quire) => {
        const { job_id } = await e.parse(fixture('pdf', 'hybrid_multipage.pdf'), {});
        await e.waitForJob(job_id);
        const view = await e.getParseJob(job_id, { includeChunks: true });
        expect(view.status).toBe('Succeeded');
        assertValidOutput(view);
        const segs = (view.chunks ?? []).flatMap((c) => c.segments);
        return segs.map((s) => (s as { content: string }).content).join(' ').split(/\s+/).filter(Boolean).sort();
      };
      expect(await words(quire)).toEqual(await words(withoutModel));
    } finally {
      await quire.close();
      await withoutModel.close();
    }
  }, 120_000);
});
