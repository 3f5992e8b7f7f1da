/**
 * auto_ocr's decision on a labelled set of pages: should the page's text layer be replaced
 * by OCR? (issue 29 item 1). The set, built here from the corpus (generated PDFs cached under
 * bench/.cache/auto-ocr/):
 * - scans with a good layer: each scan image made into a PDF with its own text, invisible, by
 *   the `tesseract` CLI (as scanners and OCRmyPDF write them)          → label: keep
 * - scans with a wrong layer: the same PDF with another scan drawn over the image, so the
 *   invisible text is another page's words                               → label: OCR
 * - scans without a layer: the image alone in a PDF                      → label: OCR
 * - real PDFs from the corpus: born-digital first pages (keep), the unstructured
 *   "pdf-with-ocr-text" scan whose layer is a bad engine's garbage (OCR), the pdf.js
 *   scan-bad.pdf (a scan whose only text, "pdf.js", is not on the page: OCR)
 * The decision is the parse path's: the text-only rule (needsOcr), then, for scans whose
 * layer passes it, the ink check (scanLayerContradicted).
 *
 * Run: npx tsx bench/auto-ocr-decision.ts   (needs the corpus, tesseract and pdftoppm)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { terminateOcrEngines } from '../src/engines/ocr/factory.js';
import { openPdf } from '../src/formats/pdf/open-document.js';
import { extractPageContent } from '../src/formats/pdf/page-content.js';
import { needsOcr, scanLayerContradicted, type OcrSettings } from '../src/pipeline/pages/page-ocr.js';
import { renderPdfPage } from '../src/formats/pdf/render-page.js';
import { corpusPath } from './lib/corpus.js';

const CACHE = path.resolve('bench/.cache/auto-ocr');
fs.mkdirSync(CACHE, { recursive: true });

/** Scan images of the corpus (typed pages, a book page, receipts, a form-like bill). */
const SCANS = [
  'ocr/OCRmyPDF/tests/resources/linn.png',
  'ocr/OCRmyPDF/tests/resources/typewriter.png',
  'ocr/OCRmyPDF/tests/resources/crom.png',
  'ocr/tesseract-ocr-test/testing/phototest.tif',
  'ocr/tesseract-ocr-test/testing/eurotext.tif',
  'ocr/tesseract-ocr-test/testing/8071_093.3B.tif', // hidden split: used when present
  'ocr/tesseract-ocr-test/testing/8087_054.3B.tif',
  'invoices/ICDAR-2019-SROIE/data/img/042.jpg',
  'ocr/OCRmyPDF/tests/resources/baiona.png',
  'invoices/ICDAR-2019-SROIE/data/img/000.jpg',
  'invoices/ICDAR-2019-SROIE/data/img/023.jpg',
  'ocr/tesseract.js/tests/assets/images/bill.png',
  'pdf:ocr/OCRmyPDF/tests/resources/c02-22.pdf',
];

const BORN_DIGITAL = [
  'robustness/pdf-lib/assets/pdfs/us_constitution.pdf',
  'robustness/pdf.js/test/pdfs/tracemonkey.pdf',
  'robustness/pdf.js/test/pdfs/TAMReview.pdf',
  'robustness/sample-files/026-latex-multicolumn/multicolumn.pdf',
  'robustness/sample-files/011-google-doc-document/google-doc-document.pdf',
  'robustness/pdf.js/test/pdfs/prefilled_f1040.pdf',
  'layout/docling/tests/data/pdf/sources/2305.03393v1-pg9.pdf',
  'robustness/sample-files/002-trivial-libre-office-writer/002-trivial-libre-office-writer.pdf',
];

const REAL_BAD = ['office/unstructured/example-docs/pdf/pdf-with-ocr-text.pdf', 'robustness/pdf.js/test/pdfs/scan-bad.pdf'];

interface Case {
  name: string;
  file: string;
  kind: 'good layer' | 'wrong layer' | 'no layer' | 'born-digital' | 'real bad layer';
  ocr: boolean;
}

/** A PNG of the scan (PDF sources: page 1 at 300 DPI). */
async function scanPng(src: string): Promise<string> {
  const base = path.join(CACHE, path.basename(src).replace(/\W+/g, '_'));
  const out = `${base}.png`;
  if (fs.existsSync(out)) return out;
  if (src.startsWith('pdf:')) {
    execFileSync('pdftoppm', ['-r', '300', '-f', '1', '-l', '1', '-singlefile', '-png', corpusPath(src.slice(4)), base]);
  } else {
    await sharp(corpusPath(src), { pages: 1 }).png().toFile(out);
  }
  return out;
}

/** Image + its own invisible text, by tesseract's PDF renderer. */
function withOwnLayer(png: string): string {
  const base = png.replace(/\.png$/, '.layer');
  if (!fs.existsSync(`${base}.pdf`)) execFileSync('tesseract', [png, base, 'pdf'], { stdio: 'ignore' });
  return `${base}.pdf`;
}

/** `layerPdf`'s page with `otherPng` drawn over the whole page: the layer no longer matches. */
async function withWrongLayer(layerPdf: string, otherPng: string, name: string): Promise<string> {
  const out = path.join(CACHE, `${name}.wrong.pdf`);
  if (fs.existsSync(out)) return out;
  const doc = await PDFDocument.load(fs.readFileSync(layerPdf));
  const page = doc.getPage(0);
  const img = await doc.embedPng(fs.readFileSync(otherPng));
  page.drawImage(img, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  fs.writeFileSync(out, await doc.save());
  return out;
}

/** The image alone, one page the size of the image at its resolution. */
async function imageOnly(png: string, name: string): Promise<string> {
  const out = path.join(CACHE, `${name}.image.pdf`);
  if (fs.existsSync(out)) return out;
  const meta = await sharp(png).metadata();
  const dpi = meta.density && meta.density > 50 ? meta.density : 300;
  const doc = await PDFDocument.create();
  const img = await doc.embedPng(fs.readFileSync(png));
  const w = ((meta.width ?? 1) * 72) / dpi;
  const h = ((meta.height ?? 1) * 72) / dpi;
  doc.addPage([w, h]).drawImage(img, { x: 0, y: 0, width: w, height: h });
  fs.writeFileSync(out, await doc.save());
  return out;
}

async function buildSet(): Promise<Case[]> {
  const cases: Case[] = [];
  const present = SCANS.filter((s) => fs.existsSync(corpusPath(s.replace(/^pdf:/, ''))));
  const pngs: string[] = [];
  for (const s of present) pngs.push(await scanPng(s));
  for (const [i, png] of pngs.entries()) {
    const name = path.basename(png, '.png');
    const own = withOwnLayer(png);
    cases.push({ name, file: own, kind: 'good layer', ocr: false });
    // Another scan of the set over this one (the next one, so every scan is used once).
    cases.push({ name, file: await withWrongLayer(own, pngs[(i + 1) % pngs.length]!, name), kind: 'wrong layer', ocr: true });
    cases.push({ name, file: await imageOnly(png, name), kind: 'no layer', ocr: true });
  }
  for (const f of BORN_DIGITAL) cases.push({ name: path.basename(f), file: corpusPath(f), kind: 'born-digital', ocr: false });
  for (const f of REAL_BAD) cases.push({ name: path.basename(f), file: corpusPath(f), kind: 'real bad layer', ocr: true });
  return cases.filter((c) => fs.existsSync(c.file));
}

const settings: OcrSettings = { ocrMode: 'auto_ocr', ocrEngine: 'ServiceHawk', highResolution: false, cropDir: null };

async function decide(file: string): Promise<{ ocr: boolean; why: string; ms: number }> {
  const started = performance.now();
  const doc = await openPdf(new Uint8Array(fs.readFileSync(file)));
  try {
    const page = await doc.getPage(1);
    const content = await extractPageContent(page, () => true);
    if (needsOcr(content, settings)) return { ocr: true, why: 'text rule', ms: performance.now() - started };
    const contradicted = await scanLayerContradicted(content, settings, (dpi) => renderPdfPage(page, dpi));
    return { ocr: contradicted !== null, why: contradicted ? 'ink check' : 'trusted', ms: performance.now() - started };
  } finally {
    await doc.destroy();
  }
}

const cases = await buildSet();
let right = 0;
const byKind = new Map<string, { n: number; right: number }>();
for (const c of cases) {
  const d = await decide(c.file);
  const ok = d.ocr === c.ocr;
  if (ok) right++;
  const k = byKind.get(c.kind) ?? { n: 0, right: 0 };
  k.n++;
  if (ok) k.right++;
  byKind.set(c.kind, k);
  console.log(`${ok ? 'ok   ' : 'WRONG'} ${c.kind.padEnd(14)} ${c.name.padEnd(40)} ocr=${d.ocr} (${d.why}, ${Math.round(d.ms)} ms)`);
}
for (const [k, v] of byKind) console.log(`${k}: ${v.right}/${v.n}`);
console.log(`auto_ocr decision right on ${right}/${cases.length} pages (${((100 * right) / cases.length).toFixed(1)} %)`);
await terminateOcrEngines();
