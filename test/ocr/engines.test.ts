import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessingError } from '../../src/errors.js';
import { createOcrEngine, getOcrEngine, resolveOcrEngineName, terminateOcrEngines } from '../../src/engines/ocr/factory.js';
import type { OcrEngine, RasterImage } from '../../src/engines/ocr/interface.js';
import { encodePnm } from '../../src/engines/ocr/pnm-encode.js';
import { findTesseractBinary } from '../../src/engines/ocr/tesseract-cli-engine.js';
import { TesseractJsEngine } from '../../src/engines/ocr/tesseract-js-engine.js';
import { parseTesseractTsv } from '../../src/engines/ocr/tesseract-tsv.js';
import { findLocalTessdata, inspectTraineddata, npmBestIntTessdata } from '../../src/engines/ocr/tessdata.js';
import { loadImagePages } from '../../src/formats/image/load-image-pages.js';
import { repoRoot } from './helpers/corpus.js';
import { createRequire } from 'node:module';
import Tesseract from 'tesseract.js';

const phototest = path.join(repoRoot, 'test/fixtures/ocr/phototest.tif');
const loadPhototest = async (): Promise<RasterImage> => (await loadImagePages(fs.readFileSync(phototest))).getPage(0);

afterAll(() => terminateOcrEngines());

describe('engine names', () => {
  it('maps the spec values case-insensitively and falls back to ServiceHawk', () => {
    expect(resolveOcrEngineName('ServiceBeta')).toBe('ServiceBeta');
    expect(resolveOcrEngineName('servicestorm')).toBe('ServiceStorm');
    expect(resolveOcrEngineName('ServiceEagle')).toBe('ServiceHawk');
    expect(resolveOcrEngineName(undefined)).toBe('ServiceHawk');
    expect(resolveOcrEngineName(42)).toBe('ServiceHawk');
  });

  it('falls back to ServiceHawk when ServiceStorm has no executable', async () => {
    const e = await createOcrEngine('ServiceStorm', { tesseractBinary: '/nonexistent/tesseract' });
    expect(e.name).toBe('ServiceHawk');
    expect(e).toBeInstanceOf(TesseractJsEngine);
    await e.terminate();
  });

  it('ServiceBeta runs the npm best_int model, with no network path configured', async () => {
    const e = await createOcrEngine('ServiceBeta');
    expect(e.description).toMatch(/best_int/);
    expect(e.description).toMatch(/Lfx512/); // the best network, not the fast one
    await e.terminate();
  });
});

describe('language data', () => {
  it('finds the npm best_int data and reads its LSTM component table', () => {
    const loc = npmBestIntTessdata(['eng']);
    expect(loc.gzip).toBe(true);
    const info = inspectTraineddata(path.join(loc.dir, 'eng.traineddata.gz'));
    expect(info?.hasLstm).toBe(true);
  });

  it('lets a configured local folder win, and skips files without an LSTM model', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-tessdata-'));
    try {
      const fake = Buffer.alloc(4 + 24 * 8, 0xff); // 24 components, all absent (-1)
      fake.writeInt32LE(24, 0);
      fs.writeFileSync(path.join(dir, 'eng.traineddata'), fake);
      expect(inspectTraineddata(path.join(dir, 'eng.traineddata'))?.hasLstm).toBe(false);
      expect(findLocalTessdata(['eng'], [dir])?.dir).not.toBe(dir);
      fs.rmSync(path.join(dir, 'eng.traineddata'));
      // tesseract.js inflates gzip by its magic bytes, whatever the file is called.
      fs.symlinkSync(path.join(npmBestIntTessdata(['eng']).dir, 'eng.traineddata.gz'), path.join(dir, 'eng.traineddata'));
      expect(findLocalTessdata(['eng'], [dir])?.dir).toBe(dir);
      const engine = await createOcrEngine('ServiceHawk', { tessdataDirs: [dir] });
      expect(engine.description).toContain(dir);
      expect((await engine.recognize(await loadPhototest())).words.length).toBeGreaterThan(40);
      await engine.terminate();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the missing npm package for an uninstalled language', () => {
    expect(() => npmBestIntTessdata(['eng', 'xyz'])).toThrow(/@tesseract.js-data\/xyz/);
  });
});

describe('the tesseract.js thread', () => {
  const thread = path.join(repoRoot, 'src/engines/ocr/tesseract-thread.cjs');
  const { coreModule } = createRequire(import.meta.url)(thread) as { coreModule: (lstmOnly: unknown, f: { simd?: boolean; relaxedSimd?: boolean }) => string };

  it('picks the LSTM-only WASM core unless the legacy engine is asked for, and each exists', () => {
    expect(coreModule(true, { simd: true })).toBe('tesseract.js-core/tesseract-core-simd-lstm');
    expect(coreModule(true, { relaxedSimd: true, simd: true })).toBe('tesseract.js-core/tesseract-core-relaxedsimd-lstm');
    expect(coreModule(true, {})).toBe('tesseract.js-core/tesseract-core-lstm');
    expect(coreModule(false, { simd: true })).toBe('tesseract.js-core/tesseract-core-simd');
    const fromTesseractJs = createRequire(createRequire(import.meta.url).resolve('tesseract.js/package.json'));
    for (const lstm of [true, false]) for (const f of [{}, { simd: true }, { relaxedSimd: true }]) expect(() => fromTesseractJs.resolve(coreModule(lstm, f))).not.toThrow();
  });

  it('reads exactly what tesseract.js\'s stock worker reads', async () => {
    const image = encodePnm(await loadPhototest());
    const options = { langPath: path.join(path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'), gzip: true, cacheMethod: 'none' };
    const tsv = async (workerPath?: string) => {
      const w = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, { ...options, ...(workerPath ? { workerPath } : {}) });
      try {
        return (await w.recognize(image, { tessedit_pageseg_mode: '3', user_defined_dpi: '300' } as never, { text: false, tsv: true })).data.tsv;
      } finally {
        await w.terminate();
      }
    };
    const ours = await tsv(thread);
    expect(ours?.split('\n').length).toBeGreaterThan(50);
    expect(ours).toBe(await tsv());
  });
});

describe('TSV parsing', () => {
  it('groups words into lines and skips empty and non-word rows', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t640\t480\t-1\t',
      '4\t1\t1\t1\t1\t0\t36\t92\t582\t28\t-1\t',
      '5\t1\t1\t1\t1\t1\t36\t92\t60\t24\t96.5\tThis',
      '5\t1\t1\t1\t1\t2\t109\t92\t20\t24\t90\tis',
      '5\t1\t1\t1\t1\t3\t140\t92\t20\t24\t95\t ',
      '5\t1\t1\t1\t2\t1\t36\t130\t70\t24\t50\tnext',
      '5\t1\t2\t1\t1\t1\t36\t200\t70\t24\t-1\tskipped',
    ].join('\n');
    const r = parseTesseractTsv(tsv, 640, 480, 'test');
    expect(r.words.map((w) => [w.text, w.line])).toEqual([['This', 0], ['is', 0], ['next', 1]]);
    expect(r.lines.map((l) => [l.text, l.firstWord, l.endWord])).toEqual([['This is', 0, 2], ['next', 2, 3]]);
    expect(r.lines[0]!.bbox).toEqual({ left: 36, top: 92, width: 93, height: 24 });
    expect(r.words[0]!.confidence).toBeCloseTo(0.965);
    // (0.965*4 + 0.9*2 + 0.5*4) / 10
    expect(r.meanConfidence).toBeCloseTo(0.766);
  });
});

describe('PNM encoding', () => {
  it('writes grey as P5 and composites RGBA onto white as P6', () => {
    const grey = encodePnm({ data: Buffer.from([0, 128, 255, 7]), width: 2, height: 2, channels: 1, dpi: null });
    expect(grey.toString('latin1', 0, 11)).toBe('P5\n2 2\n255\n');
    expect([...grey.subarray(11)]).toEqual([0, 128, 255, 7]);
    const rgba = encodePnm({ data: Buffer.from([10, 20, 30, 255, 0, 0, 0, 0]), width: 2, height: 1, channels: 4, dpi: null });
    expect(rgba.toString('latin1', 0, 11)).toBe('P6\n2 1\n255\n');
    expect([...rgba.subarray(11)]).toEqual([10, 20, 30, 255, 255, 255]);
  });
});

describe('recognition', () => {
  const engines: [string, () => Promise<OcrEngine>][] = [
    ['ServiceHawk', () => getOcrEngine('ServiceHawk')],
    ['ServiceBeta', () => getOcrEngine('ServiceBeta')],
  ];
  if (findTesseractBinary()) engines.push(['ServiceStorm', () => getOcrEngine('ServiceStorm')]);

  it.each(engines)('%s reads the phototest page with word boxes in image pixels', async (_name, make) => {
    const engine = await make();
    const r = await engine.recognize(await loadPhototest(), { dpi: 200 });
    expect(r.lines.length).toBe(8);
    expect(r.lines[0]!.text).toBe('This is a lot of 12 point text to test the');
    const first = r.words[0]!;
    expect(first.text).toBe('This');
    // "This" starts at the left margin, about 36 px in and 92 px down in a 640x480 image.
    expect(first.bbox.left).toBeGreaterThan(30);
    expect(first.bbox.left).toBeLessThan(42);
    expect(first.bbox.top).toBeGreaterThan(85);
    expect(first.bbox.top).toBeLessThan(100);
    expect(r.meanConfidence).toBeGreaterThan(0.85);
  });

  it('keeps one tesseract.js engine per thread and reuses it', async () => {
    const a = await getOcrEngine('ServiceHawk');
    const b = await getOcrEngine('servicehawk');
    expect(a).toBe(b);
  });

  it('serialises concurrent pages on one worker', async () => {
    const engine = await getOcrEngine('ServiceHawk');
    const img = await loadPhototest();
    const results = await Promise.all([engine.recognize(img), engine.recognize(img), engine.recognize(img)]);
    expect(new Set(results.map((r) => r.words.map((w) => w.text).join(' '))).size).toBe(1);
  });

  it('turns a page that exceeds the time limit into a timeout error and recovers', async () => {
    const engine = await createOcrEngine('ServiceHawk', { timeoutMs: 1 });
    const img = await loadPhototest();
    const err = await engine.recognize(img).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessingError);
    expect((err as ProcessingError).kind).toBe('timeout');
    await engine.terminate();
    const healthy = await createOcrEngine('ServiceHawk');
    expect((await healthy.recognize(img)).words.length).toBeGreaterThan(40);
    await healthy.terminate();
  });

  it('refuses work after terminate()', async () => {
    const engine = await createOcrEngine('ServiceHawk');
    await engine.terminate();
    await expect(engine.recognize(await loadPhototest())).rejects.toThrow(/terminated/);
  });
});
