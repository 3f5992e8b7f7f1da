/**
 * Where the CPU of one dense OCR page goes through parse, stage by stage (issue 29, OCR
 * speed through the user's path). `quire parse` costs about 1.9× the `tesseract` CLI's CPU
 * per dense 300-DPI page although the engine alone is at 1.4×; this says what the rest is.
 *
 *   npx tsx bench/ocr-page-stages.ts [IMAGE] [--pdf] [--reps N]
 *
 * Default IMAGE: the corpus's linn.png (2550×3300, 300 ppi). With --pdf the image is placed
 * on a PDF page at its own resolution (pdf-lib) and the PDF path's stages are timed too.
 * Each stage is run in this thread, one after the other, in the order the page worker runs
 * them, and timed with process.cpuUsage() (all threads: the tesseract.js thread and sharp's
 * included; nothing else runs meanwhile), median of N repetitions after one warm run.
 * Start-up (engines, language data, ONNX session) is timed once, cold. Then the same input
 * goes through `engine.parse` with default options in a worker, timed the same way, and
 * the `tesseract` CLI (OMP_THREAD_LIMIT=1) on the same image, for scale.
 * Stages inside ocrPage are re-run on their own inputs (grey, mask, …), so their sum next
 * to ocrPage's own total shows what is left (word mapping, probes).
 */
import fs from 'node:fs';
import os from 'node:os';
import { execFileSync, spawnSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { corpusPath } from './lib/corpus.js';

const args = process.argv.slice(2);
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--reps') ?? corpusPath('ocr/OCRmyPDF/tests/resources/linn.png');
const reps = args.includes('--reps') ? Number(args[args.indexOf('--reps') + 1]) : 3;
const withPdf = args.includes('--pdf');

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const rows: Array<[string, number]> = [];
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function once<T>(label: string, f: () => Promise<T> | T): Promise<T> {
  const t = cpuMs();
  const out = await f();
  rows.push([label, cpuMs() - t]);
  return out;
}
async function stage<T>(label: string, f: () => Promise<T> | T): Promise<T> {
  await f(); // warm
  const xs: number[] = [];
  let out!: T;
  for (let i = 0; i < reps; i++) {
    const t = cpuMs();
    out = await f();
    xs.push(cpuMs() - t);
  }
  rows.push([label, median(xs)]);
  return out;
}

const bytes = new Uint8Array(fs.readFileSync(file));
const meta = await sharp(bytes).metadata();
const density = meta.density ?? 300;

// Start-up, cold, in the order a worker meets them.
const mods = await once('start-up: page modules import', async () => ({
  imagePages: await import('../src/formats/image/load-image-pages.js'),
  pageOcr: await import('../src/pipeline/pages/page-ocr.js'),
  ocrPageMod: await import('../src/pipeline/ocr/ocr-page.js'),
  grey: await import('../src/raster/raster-grey.js'),
  mask: await import('../src/pipeline/ocr/ink-mask.js'),
  glyph: await import('../src/pipeline/ocr/glyph-size.js'),
  dir: await import('../src/pipeline/ocr/text-direction.js'),
  rot: await import('../src/pipeline/ocr/rotate-raster.js'),
  lines: await import('../src/pipeline/tables/raster-lines.js'),
  sharpMod: await import('../src/raster/raster-sharp.js'),
  factory: await import('../src/engines/ocr/factory.js'),
  layoutRef: await import('../src/engines/layout/model-ref.js'),
  layoutWorker: await import('../src/engines/layout/worker-engine.js'),
}));
const engine = await once('start-up: tesseract.js engine (thread, wasm, language data)', async () => {
  const e = await mods.factory.getOcrEngine('ServiceHawk');
  await e.warmUp?.();
  return e;
});
const layoutRef = mods.layoutRef.resolveLayoutModel(undefined, 1)!;
const layoutEngine = await once('start-up: layout model (onnxruntime, session)', () => mods.layoutWorker.layoutEngineFor(layoutRef));
console.log(`engine: ${engine.description}; layout model: ${layoutEngine.name}`);

// The page, as the image path reads it.
const pages = await mods.imagePages.loadImagePages(bytes);
const raster = await stage('image decode (sharp, whole page)', () => pages.getPage(0));
const grey = await stage('grey copy (toGrey)', () => mods.grey.toGrey(raster));
const mask = await stage('ink mask (downscaled, Otsu)', () => mods.mask.inkMask(grey));
const comps = await stage('mask components', () => mods.glyph.maskComponents(mask));
const pts = await stage('text ink points', () => mods.glyph.textInkPoints(mask, comps));
const dir = await stage('text direction + skew', () => mods.dir.estimateTextDirection(mask, 10, pts));
await stage('upright evidence', () => mods.dir.uprightEvidence(mask, dir?.angle ?? 0));
const sizes = await stage('glyph sizes', () => mods.glyph.glyphSizes(mask, {}, comps));
void sizes;
// The scale ocrPage itself chooses (glyph-size.ts) for the engine's copy.
const factor = (await mods.ocrPageMod.ocrPage(raster, engine, {})).meta.ocrScale;
const { sharpFromRaster, rasterFromSharp } = mods.sharpMod;
const reduced = await stage(`resample to ${factor.toFixed(3)} (sharp)`, async () => {
  if (factor === 1) return grey;
  const width = Math.round(grey.width * factor), height = Math.round(grey.height * factor);
  const out = await rasterFromSharp(sharpFromRaster(grey).resize({ width, height, fit: 'fill', kernel: 'linear' }), grey);
  return { ...out, dpi: grey.dpi ? (grey.dpi * width) / grey.width : grey.dpi };
});
const rotated = await stage('rotate (identity: upright page)', async () => (await mods.rot.rotateRaster(reduced, 0, 1)).image);
await stage(`tesseract recognition alone (engine.recognize, ${rotated.width}×${rotated.height})`, () => engine.recognize(rotated, { segmentation: 'auto', dpi: reduced.dpi }));
const first = await stage('ocrPage total (all of the above from the raster)', () => mods.ocrPageMod.ocrPage(raster, engine, {}));
console.log(`ocrPage: scale ${first.meta.ocrScale.toFixed(3)}, ${first.meta.ocrCalls} call(s), rotation ${first.meta.rotation}, skew ${first.meta.skewDegrees.toFixed(2)}, ${first.meta.wordCount} words`);
const blank = { pageNumber: 1, width: raster.width, height: raster.height, runs: [], rules: [], rects: [], images: [], graphics: [], textSource: 'none' as const };
const ocrS = { ocrMode: 'auto_ocr' as const, ocrEngine: 'ServiceHawk', highResolution: false, cropDir: null };
await stage('raster rules (findRasterLines on the OCR copy)', () => mods.lines.findRasterLines({ width: reduced.width, height: reduced.height, data: reduced.data, dpi: reduced.dpi }, raster.width / reduced.width));
const outcome = await stage('ocrContent total (ocrPage + languages + rules)', () => mods.pageOcr.ocrContent(blank, raster, ocrS));
const analyzeOpts = { pageByPage: false, fixReadingOrder: false };
const model = { ...layoutRef, advanced: false };
await stage('text analysis of the OCR words (analyzeOcrPage)', () => mods.pageOcr.analyzeOcrPage(outcome, analyzeOpts));
const prepared = await stage('layout model: letterbox + tensor (from the page raster)', () => layoutEngine.prepare(raster));
const inferred = await stage('layout model: inference', () => layoutEngine.infer(prepared.tensor));
await stage('layout model: decode + snap to ink', () => layoutEngine.decode(inferred, prepared, raster));
const layout = await stage('layoutOcrPage total (analysis + model + fusion)', () => mods.pageOcr.layoutOcrPage(outcome, analyzeOpts, model, ocrS));
const cropDir = fs.mkdtempSync(`${os.tmpdir()}/quire-stage-crops-`);
await stage(`segment crops (${layout.blocks.length} blocks, png/jpeg)`, async () => {
  const copy = structuredClone(layout);
  await mods.pageOcr.cropPage(copy, { ...ocrS, cropDir }, raster, async () => raster);
});
fs.rmSync(cropDir, { recursive: true, force: true });
await stage('page layout structured clone (the worker reply)', () => structuredClone(layout));

if (withPdf) {
  const doc = await PDFDocument.create();
  const img = meta.format === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  const pg = doc.addPage([(raster.width * 72) / density, (raster.height * 72) / density]);
  pg.drawImage(img, { x: 0, y: 0, width: pg.getWidth(), height: pg.getHeight() });
  const pdfBytes = await doc.save();
  const { openPdf } = await import('../src/formats/pdf/open-document.js');
  const { extractPageContent } = await import('../src/formats/pdf/page-content.js');
  const { renderPdfPage } = await import('../src/formats/pdf/render-page.js');
  const pdf = await openPdf(pdfBytes.slice());
  const page = await pdf.getPage(1);
  const content = await stage('pdf: page content (text layer, images)', () => extractPageContent(page, () => true));
  await stage('pdf: OCR decision (needsOcr + render plan)', () => [mods.pageOcr.needsOcr(content, ocrS), mods.pageOcr.ocrRenderPlan(content, false)]);
  await stage('pdf: render the page at 300 DPI (pdf.js; before)', () => renderPdfPage(page, 300));
  const { scannedPageImage } = await import('../src/formats/pdf/page-image.js');
  const q = { pageNumber: 1, width: raster.width, height: raster.height, dpi: 300 };
  await once('pdf: the file read by pdf-lib (once per document and worker)', () => scannedPageImage('stages', () => pdfBytes, q));
  const own = await stage("pdf: the page's own image instead (page-image.ts)", () => scannedPageImage('stages', () => pdfBytes, q));
  if (!own) console.log('(the page did not qualify for its own image)');
}

// The real path: engine.parse with default options, one worker, this process; from the
// build when there is one (workers started from source also pay for compiling TypeScript).
const built = new URL('../dist/index.js', import.meta.url);
const { createEngine } = (fs.existsSync(built) ? await import(built.href) : await import('../src/index.js')) as typeof import('../src/index.js');
const parseCpu: number[] = [];
for (let i = 0; i < reps; i++) {
  const e = createEngine({ workers: 1 });
  const t = cpuMs();
  const job = await e.parse(file, {});
  const res = await e.waitForJob(job.job_id);
  if (res.status !== 'Succeeded') throw new Error(`parse ${res.status}`);
  await e.close();
  parseCpu.push(cpuMs() - t);
}
rows.push([`engine.parse (${fs.existsSync(built) ? 'dist' : 'src'}), default options, 1 worker (fresh engine: start-up included)`, median(parseCpu)]);

// The tesseract CLI on the same image, for scale.
let cli = NaN;
try {
  execFileSync('tesseract', ['--version'], { stdio: 'ignore' });
  const xs: number[] = [];
  for (let i = 0; i < reps; i++) {
    const r = spawnSync('/usr/bin/time', ['-f', '%U %S', 'tesseract', file, 'stdout'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, encoding: 'utf8' });
    const [u, s] = r.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
    xs.push((u! + s!) * 1000);
  }
  cli = median(xs);
  rows.push(['tesseract CLI (OMP_THREAD_LIMIT=1), whole process', cli]);
} catch {
  // no CLI: no scale
}

console.log(`\n${file.split('/').pop()} ${raster.width}×${raster.height}; medians of ${reps}; load avg ${os.loadavg()[0]!.toFixed(2)}`);
console.log('ms CPU  stage');
for (const [label, ms] of rows) console.log(`${ms.toFixed(0).padStart(6)}  ${label}${Number.isFinite(cli) ? `  (${(ms / cli).toFixed(2)}× CLI)` : ''}`);
