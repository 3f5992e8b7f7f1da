/**
 * The OCRmyPDF "linn" family as OCR samples with ground truth: linn.png and every page of
 * skew/rotated_skew/ccitt/cardinal.pdf rendered at 300 DPI into a grey PNG, so that Quire
 * and the `tesseract` CLI read the same file. Shared by bench/ocr.ts (the OCR engine) and
 * bench/parse-ocr-cer.ts (parse's text), which had each written it.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { renderPdfPage } from '../../src/formats/pdf/render-page.js';
import { toGrey } from '../../src/raster/raster-grey.js';
import type { CerOptions } from '../../test/ocr/helpers/cer.js';
import { corpusPath } from '../../test/ocr/helpers/corpus.js';

export interface LinnSample {
  name: string;
  file: string;
  truth: string;
  cer: CerOptions;
}

const OCRMYPDF = 'ocr/OCRmyPDF/tests/resources';

async function renderedPages(pdf: string, label: string, tmp: string, truth: string): Promise<LinnSample[]> {
  const doc = await openPdf(new Uint8Array(fs.readFileSync(pdf)));
  const out: LinnSample[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const grey = toGrey(await renderPdfPage(await doc.getPage(p), 300));
    const file = path.join(tmp, `${label}-p${p}.png`);
    await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } }).toColourspace('b-w').png().toFile(file);
    out.push({ name: `${label}.pdf#${p}`, file, truth, cer: { dropBullets: true } });
  }
  await doc.destroy();
  return out;
}

/** linn.png and the rendered pages of the four linn PDFs (PNGs written into `tmp`). */
export async function linnFamily(tmp: string): Promise<LinnSample[]> {
  const truth = corpusPath(OCRMYPDF, 'linn.txt');
  const out: LinnSample[] = [{ name: 'linn.png', file: corpusPath(OCRMYPDF, 'linn.png'), truth, cer: { dropBullets: true } }];
  for (const label of ['skew', 'rotated_skew', 'ccitt', 'cardinal']) out.push(...(await renderedPages(corpusPath(OCRMYPDF, `${label}.pdf`), label, tmp, truth)));
  return out;
}
