/**
 * Test-side text layer of a PDF page straight from pdf.js (independent of the production
 * loader): text items as TextRuns and placed images as boxes, in viewport points.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BBox } from '../../../src/model/document.js';
import type { TextRun } from '../../../src/model/page.js';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: PdfJs | undefined;

export async function openTestPdf(file: string) {
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs.getDocument({
    data: new Uint8Array(fs.readFileSync(file)),
    standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep,
    cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep,
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
}

export interface TestTextLayer {
  runs: TextRun[];
  images: BBox[];
  width: number;
  height: number;
}

type Matrix = [number, number, number, number, number, number];
const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
];

export async function pdfTextLayer(page: import('pdfjs-dist/types/src/display/api.js').PDFPageProxy): Promise<TestTextLayer> {
  const lib = pdfjs!;
  const vp = page.getViewport({ scale: 1 });
  const vt = vp.transform as Matrix;
  const runs: TextRun[] = [];
  const content = await page.getTextContent();
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const t = mul(vt, item.transform as Matrix);
    const size = Math.hypot(t[2], t[3]) || Math.abs(item.height) || 1;
    runs.push({
      text: item.str,
      bbox: { left: t[4], top: t[5] - size, width: Math.abs(item.width), height: size },
      fontSize: size,
      fontName: item.fontName,
      bold: false,
      italic: false,
      confidence: null,
      source: 'text',
      eol: item.hasEOL,
    });
  }
  const images: BBox[] = [];
  const ops = await page.getOperatorList();
  const O = lib.OPS;
  const paint = new Set([O.paintImageXObject, O.paintInlineImageXObject, O.paintImageMaskXObject, O.paintImageXObjectRepeat]);
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const a = ops.argsArray[i] as unknown[];
    if (fn === O.save) stack.push(ctm);
    else if (fn === O.restore) ctm = stack.pop() ?? ctm;
    else if (fn === O.transform) ctm = mul(ctm, a as unknown as Matrix);
    else if (fn === O.paintFormXObjectBegin) {
      stack.push(ctm);
      if (Array.isArray(a[0])) ctm = mul(ctm, a[0] as Matrix);
    } else if (fn === O.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (paint.has(fn!)) {
      const m = mul(vt, ctm);
      const pts = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([x, y]) => [m[0] * x! + m[2] * y! + m[4], m[1] * x! + m[3] * y! + m[5]]);
      const xs = pts.map((p) => p[0]!), ys = pts.map((p) => p[1]!);
      images.push({ left: Math.min(...xs), top: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) });
    }
  }
  return { runs, images, width: vp.width, height: vp.height };
}
