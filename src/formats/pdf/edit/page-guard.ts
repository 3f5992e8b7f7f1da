/**
 * What must not change: PDFium rewrites an edited page's whole content stream, and its content
 * generator does not reproduce every construct (seen in the corpus: fills in named colour spaces
 * set with `sc` came out black). So each edited page is compared before and after, outside the
 * edit boxes: (1) its text, char by char, as PDFium extracts it; (2) a grey render at 36 dpi,
 * where a pixel differs when no pixel within 1 px of it in the other render is within 64 grey
 * levels (anti-aliasing and sub-point rounding pass). A page that fails is reported, and the
 * edit refused rather than returning a PDF that is damaged outside the boxes.
 */
import { free, heap, malloc, readFloats, textRange, type Pdfium } from './pdfium.js';
import type { UserRect } from './page-frame.js';
import type { DisplayBox } from './page-frame.js';

const DPI = 36;
const SCALE = DPI / 72;

export interface PageSnapshot {
  width: number;
  height: number;
  grey: Uint8Array;
  /** Text of the characters whose box does not touch any edit rect, whitespace removed. */
  outsideText: string;
}

function render(m: Pdfium, page: number): { width: number; height: number; grey: Uint8Array } {
  const width = Math.max(1, Math.round(m.FPDF_GetPageWidthF(page) * SCALE));
  const height = Math.max(1, Math.round(m.FPDF_GetPageHeightF(page) * SCALE));
  const bmp = m.FPDFBitmap_Create(width, height, 0);
  if (!bmp) throw new Error('PDFium could not allocate a bitmap to check the page');
  try {
    m.FPDFBitmap_FillRect(bmp, 0, 0, width, height, 0xffffffff);
    // FPDF_ANNOT (1): annotations drawn too, as a viewer shows the page.
    m.FPDF_RenderPageBitmap(bmp, page, 0, 0, width, height, 0, 1);
    const buf = m.FPDFBitmap_GetBuffer(bmp);
    const stride = m.FPDFBitmap_GetStride(bmp);
    const u8 = heap(m).HEAPU8;
    const grey = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = buf + y * stride + x * 4;
        grey[y * width + x] = (u8[p] * 29 + u8[p + 1] * 150 + u8[p + 2] * 77) >> 8;
      }
    }
    return { width, height, grey };
  } finally {
    m.FPDFBitmap_Destroy(bmp);
  }
}

function textOutside(m: Pdfium, page: number, rects: UserRect[]): string {
  const tp = m.FPDFText_LoadPage(page);
  if (!tp) return '';
  const box = malloc(m, 32);
  try {
    const n = m.FPDFText_CountChars(tp);
    const all = textRange(m, tp, 0, n);
    let out = '';
    for (let i = 0; i < n && i < all.length; i++) {
      const ch = all[i];
      if (/\s/.test(ch)) continue;
      // The loose box (advance width x font ascent-descent) is the one redaction goes by.
      if (m.FPDFText_GetLooseCharBox(tp, i, box)) {
        const [l, t, r, b] = readFloats(m, box, 4);
        // The redaction takes every character whose box touches the rect: those are not
        // "outside" (1 pt of slack for rounding).
        if (rects.some((R) => l < R.r + 1 && r > R.l - 1 && b < R.t + 1 && t > R.b - 1)) continue;
      }
      out += ch;
    }
    return out;
  } finally {
    free(m, box);
    m.FPDFText_ClosePage(tp);
  }
}

export function snapshotPage(m: Pdfium, page: number, rects: UserRect[]): PageSnapshot {
  return { ...render(m, page), outsideText: textOutside(m, page, rects) };
}

/** Null when the page is unchanged outside the boxes, else what changed. */
/**
 * PDFium's text geometry and its redaction geometry disagree now and then at a box's border
 * (a word's first letter kept or taken; seen on LaTeX and Type 1 pages), so the text check
 * allows a few characters per box; a content rewrite that breaks a font's encoding or drops
 * a text object changes far more.
 */
const TEXT_SLACK_PER_BOX = 12;

/** Characters in one text and not the other (multiset difference, both ways). */
function charDifference(a: string, b: string): number {
  const count = new Map<string, number>();
  for (const c of a) count.set(c, (count.get(c) ?? 0) + 1);
  for (const c of b) count.set(c, (count.get(c) ?? 0) - 1);
  let d = 0;
  for (const v of count.values()) d += Math.abs(v);
  return d;
}

export function comparePages(before: PageSnapshot, after: PageSnapshot, boxes: DisplayBox[], replacements: string[] = []): string | null {
  // The replacement text is drawn in the box; a character of it reaching past the box is not a change.
  let afterText = after.outsideText;
  for (const r of replacements) {
    const sq = r.replace(/\s+/g, '');
    if (sq) afterText = afterText.replace(sq, '');
  }
  after = { ...after, outsideText: afterText };
  const changed = charDifference(before.outsideText, after.outsideText);
  if (changed > TEXT_SLACK_PER_BOX * Math.max(1, boxes.length)) {
    if (process.env.QUIRE_EDIT_DEBUG) console.error(JSON.stringify([before.outsideText.slice(0, 300), after.outsideText.slice(0, 300)]));
    return `its text outside the boxes changed (${changed} characters)`;
  }
  if (before.width !== after.width || before.height !== after.height) return 'its size changed';
  const { width: w, height: h } = before;
  // A glyph whose centre is in a box goes whole: its ink may reach past the box by about
  // half its size, so each box is widened by 0.6 of its height (2 px at least).
  const masks = boxes.map((b) => {
    const d = Math.max(2, 0.6 * b.height * SCALE);
    return { l: b.left * SCALE - d, r: (b.left + b.width) * SCALE + d, t: b.top * SCALE - d, b: (b.top + b.height) * SCALE + d };
  });
  const masked = (x: number, y: number) => masks.some((k) => x >= k.l && x <= k.r && y >= k.t && y <= k.b);
  let diff = 0;
  let counted = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = before.grey[y * w + x];
      if (Math.abs(v - after.grey[y * w + x]) <= 64 || masked(x, y)) continue;
      let near = false;
      for (let dy = -1; dy <= 1 && !near; dy++) {
        for (let dx = -1; dx <= 1 && !near; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && yy >= 0 && xx < w && yy < h && Math.abs(after.grey[yy * w + xx] - v) <= 64) near = true;
        }
      }
      if (!near) diff++;
    }
    counted += w;
  }
  return diff > Math.max(4, counted * 0.0005) ? `its rendering outside the boxes changed (${diff} of ${counted} pixels at ${DPI} dpi)` : null;
}
