/**
 * A scanned PDF page's own image, taken from the file instead of drawing the page (issue 29,
 * OCR cost through parse). A page that is one image placed over the whole page at the
 * resolution OCR renders at (a scanner's 300-ppi page) rendered by pdf.js costs about
 * 0.35 s CPU per dense page (decode in JavaScript, RGBA image data, a canvas draw at 1:1,
 * a 33 MB copy) for pixels the file already holds: here the stream is inflated by zlib or
 * decoded by libjpeg-turbo (native-jpeg.ts), about a tenth of that
 * (`npx tsx bench/ocr-page-stages.ts --pdf`).
 *
 * Only pages whose pixels are then the same as the rendering's are taken (a test compares
 * them): the page's content is a single `q a 0 0 d e f cm /Name Do Q` with a, d > 0 and
 * the image's pixel size equal to the rendering's; no /Rotate; an 8-bit DeviceGray or
 * DeviceRGB image, Flate (no predictor or a PNG predictor) or a plain JPEG; no mask, soft
 * mask, /Decode array or other filter. Everything else returns null and is rendered as
 * before. The file is read with pdf-lib once per document and worker, only when a page
 * qualifies by its pdf.js content (one image, nothing else), so text pages never pay.
 */
import zlib from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFObject } from 'pdf-lib';
import type { RasterImage } from '../../raster/raster-image.js';
import { decodePlainJpeg } from './native-jpeg.js';
import { multiply } from './text-state.js';

/** What pdf.js's content of the page says (the caller's PageContent, reduced). */
export interface PageImageQuery {
  /** 1-based page number. */
  pageNumber: number;
  /** Pixel size the page would be rendered at. */
  width: number;
  height: number;
  /** The raster's resolution (the rendering's DPI). */
  dpi: number;
}

let cached: { key: string; doc: Promise<PDFDocument | null> } | undefined;

// A file pdf-lib finds damaged (pdf.js may have repaired it) is rendered: throwOnInvalidObject
// makes pdf-lib refuse it instead of printing its repairs on stderr.

function documentFor(key: string, bytes: () => Uint8Array): Promise<PDFDocument | null> {
  if (cached?.key === key) return cached.doc;
  const doc = PDFDocument.load(bytes(), { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: true })
    .then((d) => (d.isEncrypted ? null : d))
    .catch(() => null);
  cached = { key, doc };
  return doc;
}

/**
 * The page's single image as a raster of exactly `q.width × q.height` pixels, or null when
 * the page is not such a page (or anything is unexpected). `key` identifies the document
 * (the job's), `bytes` gives the file once when it must be read.
 */
export async function scannedPageImage(key: string, bytes: () => Uint8Array, q: PageImageQuery): Promise<RasterImage | null> {
  try {
    const doc = await documentFor(key, bytes);
    if (!doc || q.pageNumber < 1 || q.pageNumber > doc.getPageCount()) return null;
    const page = doc.getPage(q.pageNumber - 1);
    if (page.getRotation().angle % 360 !== 0) return null;
    const placed = singleImage(page.node.Contents(), doc);
    // The image covers the page's visible box exactly, so drawing it is a 1:1 copy.
    const box = page.getCropBox();
    const same = (a: number, b: number) => Math.abs(a - b) <= PLACEMENT_TOLERANCE;
    if (!placed || !same(placed.a, box.width) || !same(placed.d, box.height) || !same(placed.e, box.x) || !same(placed.f, box.y)) return null;
    const name = placed.name;
    const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'));
    if (!(xobjects instanceof PDFDict)) return null;
    const stream = doc.context.lookup(xobjects.get(PDFName.of(name)));
    if (!(stream instanceof PDFRawStream)) return null;
    return await decodeImage(stream, doc, q);
  } catch {
    return null;
  }
}

/** Points: how exactly the image must sit on the page box (a 50th of a pixel at 300 DPI). */
const PLACEMENT_TOLERANCE = 0.005;

interface PlacedImage {
  name: string;
  a: number;
  d: number;
  e: number;
  f: number;
}

/**
 * A content that only places one image: `q`, `Q`, `cm` and one `/Name Do`, nothing else
 * (pdf-lib and scanners write `q 612 0 0 792 0 0 cm /Im0 Do Q`, with identity `cm`s around).
 * The image, with its placement (a, d > 0, no rotation or shear), or null.
 */
function singleImage(contents: PDFObject | undefined, doc: PDFDocument): PlacedImage | null {
  const parts = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  let text = '';
  for (const p of parts) {
    const s = doc.context.lookup(p);
    if (!(s instanceof PDFRawStream)) return null;
    text += `${Buffer.from(decodePDFRawStream(s).decode()).toString('latin1')}\n`;
    if (text.length > 2000) return null; // a drawn page, not a placed image
  }
  let ctm: number[] = [1, 0, 0, 1, 0, 0];
  const stack: number[][] = [];
  const nums: number[] = [];
  let name: string | null = null;
  let placed: PlacedImage | null = null;
  for (const tok of text.match(/\/[^\s/[\]()<>{}%]+|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z]+|\S/g) ?? []) {
    if (tok.startsWith('/')) {
      if (name !== null || nums.length) return null;
      name = tok.slice(1);
    } else if (/^[-+.\d]/.test(tok)) {
      if (name !== null) return null;
      nums.push(Number(tok));
    } else if (tok === 'q' && !nums.length && name === null) {
      stack.push(ctm);
    } else if (tok === 'Q' && !nums.length && name === null && stack.length) {
      ctm = stack.pop()!;
    } else if (tok === 'cm' && nums.length === 6 && name === null) {
      ctm = multiply(ctm, nums.splice(0)); // the new cm, then the CTM (pdf.js's transform order)
    } else if (tok === 'Do' && name !== null && !nums.length && !placed) {
      const [a, b, c, d, e, f] = ctm as [number, number, number, number, number, number];
      if (!(a > 0 && d > 0 && b === 0 && c === 0)) return null;
      placed = { name, a, d, e, f };
      name = null;
    } else {
      return null;
    }
  }
  return name === null && !nums.length ? placed : null;
}

function nameOf(dict: PDFDict, key: string, doc: PDFDocument): string | null {
  const v = doc.context.lookup(dict.get(PDFName.of(key)));
  if (v instanceof PDFName) return v.decodeText();
  if (v instanceof PDFArray && v.size() === 1) {
    const only = doc.context.lookup(v.get(0));
    return only instanceof PDFName ? only.decodeText() : null;
  }
  return v === undefined ? '' : null;
}

function numberOf(dict: PDFDict | undefined, key: string, doc: PDFDocument): number | undefined {
  const v = dict ? doc.context.lookup(dict.get(PDFName.of(key))) : undefined;
  return v instanceof PDFNumber ? v.asNumber() : undefined;
}

async function decodeImage(stream: PDFRawStream, doc: PDFDocument, q: PageImageQuery): Promise<RasterImage | null> {
  const dict = stream.dict;
  if (nameOf(dict, 'Subtype', doc) !== 'Image') return null;
  for (const k of ['ImageMask', 'IM', 'Mask', 'SMask', 'Decode', 'D', 'SMaskInData', 'Intent']) if (dict.has(PDFName.of(k))) return null;
  const width = numberOf(dict, 'Width', doc);
  const height = numberOf(dict, 'Height', doc);
  if (width !== q.width || height !== q.height || numberOf(dict, 'BitsPerComponent', doc) !== 8) return null;
  const space = nameOf(dict, 'ColorSpace', doc);
  const channels = space === 'DeviceGray' ? 1 : space === 'DeviceRGB' ? 3 : 0;
  if (!channels) return null;
  const filter = nameOf(dict, 'Filter', doc);
  const parmsObj = doc.context.lookup(dict.get(PDFName.of('DecodeParms')));
  const parms = parmsObj instanceof PDFArray ? doc.context.lookup(parmsObj.get(0)) : parmsObj;
  const params = parms instanceof PDFDict ? parms : undefined;
  if (parms !== undefined && !params && !(parmsObj instanceof PDFArray)) return null;
  const raster = (data: Uint8Array): RasterImage => ({ data, width, height, channels: channels as 1 | 3, dpi: q.dpi });
  if (filter === 'DCTDecode') {
    if (params) return null; // /ColorTransform and the like: pdf.js's business
    const pixels = await decodePlainJpeg(stream.contents, { width, height, forceRGBA: false, forceRGB: false });
    if (!pixels || pixels.length !== width * height * channels) return null;
    return raster(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length));
  }
  if (filter !== 'FlateDecode' && filter !== '') return null;
  let data: Uint8Array = filter === 'FlateDecode' ? zlib.inflateSync(stream.contents) : stream.contents;
  const predictor = numberOf(params, 'Predictor', doc) ?? 1;
  if (predictor >= 10) {
    if ((numberOf(params, 'Colors', doc) ?? 1) !== channels || (numberOf(params, 'BitsPerComponent', doc) ?? 8) !== 8 || (numberOf(params, 'Columns', doc) ?? 1) !== width) return null;
    const out = unfilterPng(data, width * channels, channels, height);
    if (!out) return null;
    data = out;
  } else if (predictor !== 1) {
    return null;
  }
  if (data.length < width * height * channels) return null;
  return raster(data.length === width * height * channels ? data : data.subarray(0, width * height * channels));
}

/** PNG row filters undone (PDF predictors 10–15: each row carries its own filter byte). */
function unfilterPng(src: Uint8Array, rowBytes: number, bpp: number, rows: number): Uint8Array | null {
  if (src.length < rows * (rowBytes + 1)) return null;
  const out = new Uint8Array(rows * rowBytes);
  for (let y = 0; y < rows; y++) {
    const type = src[y * (rowBytes + 1)]!;
    const s = y * (rowBytes + 1) + 1;
    const o = y * rowBytes;
    const up = o - rowBytes;
    for (let x = 0; x < rowBytes; x++) {
      const raw = src[s + x]!;
      const left = x >= bpp ? out[o + x - bpp]! : 0;
      const above = y > 0 ? out[up + x]! : 0;
      let v: number;
      if (type === 0) v = raw;
      else if (type === 1) v = raw + left;
      else if (type === 2) v = raw + above;
      else if (type === 3) v = raw + ((left + above) >> 1);
      else if (type === 4) {
        const ul = x >= bpp && y > 0 ? out[up + x - bpp]! : 0;
        const p = left + above - ul;
        const pa = Math.abs(p - left), pb = Math.abs(p - above), pc = Math.abs(p - ul);
        v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? above : ul);
      } else return null;
      out[o + x] = v & 0xff;
    }
  }
  return out;
}
