/**
 * True redaction and replacement on a PDF, page by page, with PDFium:
 *  1. EPDFText_RedactInRect removes from the content streams (Form XObjects included) the
 *     glyphs inside the box — a text run crossing the border is split, the part outside stays
 *     where it was — and blanks the pixels of images under the box (inline images too);
 *  2. the replacement is drawn: text in a standard font, shrunk to fit the box, upright as the
 *     page is displayed; or an image scaled into the box (aspect kept, centred);
 *  3. the page content is regenerated and the document saved as a full rewrite (never an
 *     incremental update, which would keep the old bytes in the file).
 * The caller's bytes are copied into PDFium and never modified.
 */
import { heap, boundedText, openPdf, saveFull, wideString, free, malloc, withFloats, readFloats, type Pdfium } from './pdfium.js';
import { pageFrame, releaseFrame, type DisplayBox, type PageFrame, type UserRect } from './page-frame.js';
import { snapshotPage, type PageSnapshot } from './page-guard.js';

export interface RawImage {
  /** RGBA, 8 bits per channel, row-major, no padding. */
  rgba: Uint8Array;
  width: number;
  height: number;
}

export interface PdfEdit {
  kind: 'text' | 'image';
  /** 1-based. */
  pageNumber: number;
  box: DisplayBox;
  /** For text edits ("" = pure redaction). */
  text?: string;
  /** For image edits. */
  image?: RawImage;
}

export interface AppliedEdit {
  /** Text PDFium extracted inside the box before the edit. */
  removedText: string;
  /** The box in PDF user space. */
  rect: UserRect;
}

export interface EditOutcome {
  bytes: Uint8Array;
  /** Each edited page before the edit (render and text outside the boxes), by page number. */
  before: Map<number, PageSnapshot>;
  /** Annotations flattened into page content (form fields among them). */
  flattened: number;
  applied: AppliedEdit[];
  pageCount: number;
}

/** Characters a standard-14 font (WinAnsi) can show; other text needs an embedded font. */
export function standardFontCanEncode(s: string): boolean {
  return /^[\x20-\x7e\xa0-\xff\t\r\n\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]*$/.test(s);
}

const FONT = 'Helvetica';
/** Helvetica's ascender and descender, in units of the font size (AFM: 718, -207). */
const ASCENT = 0.718;
const DESCENT = 0.207;

export async function applyEdits(m: Pdfium, input: Uint8Array, edits: PdfEdit[], password = ''): Promise<EditOutcome> {
  const opened = openPdf(m, input, password);
  try {
    const pageCount = m.FPDF_GetPageCount(opened.doc);
    const applied: AppliedEdit[] = new Array(edits.length);
    const before = new Map<number, PageSnapshot>();
    let flattened = 0;
    const byPage = new Map<number, number[]>();
    edits.forEach((e, i) => byPage.set(e.pageNumber, [...(byPage.get(e.pageNumber) ?? []), i]));
    for (const [pageNumber, indexes] of [...byPage].sort((a, b) => a[0] - b[0])) {
      if (pageNumber < 1 || pageNumber > pageCount) throw new EditItemError(indexes[0], `page_number ${pageNumber} is out of range (the PDF has ${pageCount} page${pageCount === 1 ? '' : 's'})`);
      const page = m.FPDF_LoadPage(opened.doc, pageNumber - 1);
      if (!page) throw new Error(`Page ${pageNumber} of the PDF cannot be read`);
      const frame = pageFrame(m, page);
      try {
        for (const i of indexes) checkBoxOnPage(edits[i], i, frame);
        flattened += flattenAnnotationsUnder(m, page, indexes.map((i) => frame.rectOf(edits[i].box)));
        const textPage = m.FPDFText_LoadPage(page);
        for (const i of indexes) {
          const rect = frame.rectOf(edits[i].box);
          applied[i] = { rect, removedText: textPage ? boundedText(m, textPage, rect) : '' };
        }
        if (textPage) m.FPDFText_ClosePage(textPage);
        before.set(pageNumber, snapshotPage(m, page, indexes.map((i) => applied[i].rect)));
        for (const i of indexes) redactRect(m, page, applied[i].rect);
        for (const i of indexes) {
          const e = edits[i];
          if (e.kind === 'text' && e.text) drawText(m, opened.doc, page, frame, e.box, e.text);
          if (e.kind === 'image' && e.image) drawImage(m, opened.doc, page, frame, e.box, e.image);
        }
        if (!m.FPDFPage_GenerateContent(page)) throw new Error(`PDFium could not regenerate the content of page ${pageNumber}`);
      } finally {
        releaseFrame(m, frame);
        m.FPDF_ClosePage(page);
      }
    }
    return { bytes: saveFull(m, opened.doc), applied, pageCount, before, flattened };
  } finally {
    opened.close();
  }
}

/** A bad edit item (box off the page, page out of range); `item` is its 0-based index. */
export class EditItemError extends Error {
  constructor(
    readonly item: number,
    message: string,
  ) {
    super(`items[${item}]: ${message}`);
  }
}

/** Boxes must lie on the page (1 pt of slack for rounding in the caller's coordinates). */
export function checkBoxOnPage(e: PdfEdit, i: number, frame: PageFrame): void {
  const b = e.box;
  const slack = 1;
  if (b.left < -slack || b.top < -slack || b.left + b.width > frame.width + slack || b.top + b.height > frame.height + slack) {
    throw new EditItemError(
      i,
      `bbox {left: ${b.left}, top: ${b.top}, width: ${b.width}, height: ${b.height}} is not inside page ${e.pageNumber} (${frame.width.toFixed(1)} x ${frame.height.toFixed(1)} pt, origin top-left as displayed)`,
    );
  }
}

/** Annotation subtypes left alone: Link (2), Popup (16), Redact (28). */
const KEEP_ANNOTS = new Set([2, 16, 28]);

/**
 * Annotations over a box (form fields, free text, stamps) are not page content, so the
 * redaction cannot reach them: they are flattened into the page first (their appearance
 * becomes content, the annotation goes), then redacted like everything else. `dryRun`: only
 * count them (the surgery path leaves such pages to PDFium).
 */
export function flattenAnnotationsUnder(m: Pdfium, page: number, rects: UserRect[], dryRun = false): number {
  let count = 0;
  withFloats(m, 4, (p) => {
    for (let i = m.FPDFPage_GetAnnotCount(page) - 1; i >= 0; i--) {
      const annot = m.FPDFPage_GetAnnot(page, i);
      if (!annot) continue;
      try {
        if (KEEP_ANNOTS.has(m.FPDFAnnot_GetSubtype(annot)) || !m.FPDFAnnot_GetRect(annot, p)) continue;
        const [l, t, r, b] = readFloats(m, p, 4);
        const box = { l: Math.min(l, r), r: Math.max(l, r), b: Math.min(b, t), t: Math.max(b, t) };
        if (rects.some((R) => box.l < R.r && box.r > R.l && box.b < R.t && box.t > R.b) && (dryRun || m.EPDFAnnot_Flatten(page, annot))) count++;
      } finally {
        m.FPDFPage_CloseAnnot(annot);
      }
    }
  });
  return count;
}

function redactRect(m: Pdfium, page: number, r: UserRect): void {
  withFloats(m, 4, (p) => {
    // FS_RECTF is {left, top, right, bottom}.
    heap(m).HEAPF32.set([r.l, r.t, r.r, r.b], p / 4);
    // recurse_forms: also inside Form XObjects; draw_black_boxes: no (the replacement is drawn).
    m.EPDFText_RedactInRect(page, p, true, false);
  });
}

/** Unit vectors of the display's x and y (y pointing up) in user space, and a display point in user space. */
function displayAxes(frame: PageFrame, x: number, y: number): { origin: [number, number]; ex: [number, number]; ey: [number, number] } {
  const o = frame.toUser(x, y);
  const px = frame.toUser(x + 100, y);
  const py = frame.toUser(x, y - 100);
  return {
    origin: o,
    ex: [(px[0] - o[0]) / 100, (px[1] - o[1]) / 100],
    ey: [(py[0] - o[0]) / 100, (py[1] - o[1]) / 100],
  };
}

function textWidthAtOnePoint(m: Pdfium, doc: number, text: string): number {
  const probe = m.FPDFPageObj_NewTextObj(doc, FONT, 100);
  const ws = wideString(m, text);
  try {
    m.FPDFText_SetText(probe, ws);
    return withFloats(m, 4, (p) => {
      if (!m.FPDFPageObj_GetBounds(probe, p, p + 4, p + 8, p + 12)) return text.length * 0.6;
      const [l, , r] = readFloats(m, p, 4);
      return Math.max(0.01, (r - l) / 100);
    });
  } finally {
    free(m, ws);
    m.FPDFPageObj_Destroy(probe);
  }
}

/** Where and how big the replacement text is drawn: shrunk to fit the box, upright as displayed. */
export function placeText(m: Pdfium, doc: number, frame: PageFrame, box: DisplayBox, text: string): { line: string; size: number; matrix: [number, number, number, number, number, number] } | null {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return null;
  const pad = Math.min(1, box.width * 0.05, box.height * 0.05);
  const w1 = textWidthAtOnePoint(m, doc, line);
  const size = Math.max(0.5, Math.min((box.height - 2 * pad) / (ASCENT + DESCENT), (box.width - 2 * pad) / w1));
  // Baseline: vertically centred in the box.
  const textHeight = (ASCENT + DESCENT) * size;
  const baselineY = box.top + (box.height + textHeight) / 2 - DESCENT * size;
  const { origin, ex, ey } = displayAxes(frame, box.left + pad, baselineY);
  return { line, size, matrix: [ex[0], ex[1], ey[0], ey[1], origin[0], origin[1]] };
}

function drawText(m: Pdfium, doc: number, page: number, frame: PageFrame, box: DisplayBox, text: string): void {
  const placed = placeText(m, doc, frame, box, text);
  if (!placed) return;
  const obj = m.FPDFPageObj_NewTextObj(doc, FONT, placed.size);
  const ws = wideString(m, placed.line);
  try {
    if (!m.FPDFText_SetText(obj, ws)) throw new Error('PDFium could not set the replacement text');
  } finally {
    free(m, ws);
  }
  m.FPDFPageObj_SetFillColor(obj, 0, 0, 0, 255);
  const [a, b, c, d, e, f] = placed.matrix;
  m.FPDFPageObj_Transform(obj, a, b, c, d, e, f);
  m.FPDFPage_InsertObject(page, obj);
}

function drawImage(m: Pdfium, doc: number, page: number, frame: PageFrame, box: DisplayBox, img: RawImage): void {
  const scale = Math.min(box.width / img.width, box.height / img.height);
  const w = img.width * scale;
  const h = img.height * scale;
  const left = box.left + (box.width - w) / 2;
  const bottom = box.top + (box.height + h) / 2;
  const { origin, ex, ey } = displayAxes(frame, left, bottom);
  // FPDFBitmap_BGRA (4): swap the channels into PDFium's byte order.
  const stride = img.width * 4;
  const buf = malloc(m, stride * img.height);
  const u8 = heap(m).HEAPU8;
  for (let i = 0; i < img.width * img.height; i++) {
    const s = i * 4;
    u8[buf + s] = img.rgba[s + 2];
    u8[buf + s + 1] = img.rgba[s + 1];
    u8[buf + s + 2] = img.rgba[s];
    u8[buf + s + 3] = img.rgba[s + 3];
  }
  const bitmap = m.FPDFBitmap_CreateEx(img.width, img.height, 4, buf, stride);
  try {
    if (!bitmap) throw new Error('PDFium could not create the replacement image');
    const obj = m.FPDFPageObj_NewImageObj(doc);
    const pages = malloc(m, 4);
    try {
      heap(m).HEAP32[pages / 4] = page;
      if (!m.FPDFImageObj_SetBitmap(pages, 1, obj, bitmap)) throw new Error('PDFium could not embed the replacement image');
    } finally {
      free(m, pages);
    }
    m.FPDFPageObj_Transform(obj, ex[0] * w, ex[1] * w, ey[0] * h, ey[1] * h, origin[0], origin[1]);
    m.FPDFPage_InsertObject(page, obj);
  } finally {
    if (bitmap) m.FPDFBitmap_Destroy(bitmap);
    free(m, buf);
  }
}

/** The edited PDF re-read: per edit, the text inside its rect; per edited page, a snapshot. */
export function inspectEdited(
  m: Pdfium,
  bytes: Uint8Array,
  rects: Array<{ pageNumber: number; rect: UserRect }>,
  password = '',
): { texts: string[]; pages: Map<number, PageSnapshot> } {
  const opened = openPdf(m, bytes, password);
  try {
    const texts: string[] = [];
    const pages = new Map<number, PageSnapshot>();
    const byPage = new Map<number, UserRect[]>();
    for (const r of rects) byPage.set(r.pageNumber, [...(byPage.get(r.pageNumber) ?? []), r.rect]);
    const textOf = new Map<number, (r: UserRect) => string>();
    for (const [pageNumber, list] of byPage) {
      const page = m.FPDF_LoadPage(opened.doc, pageNumber - 1);
      if (!page) throw new Error(`Page ${pageNumber} of the edited PDF cannot be read`);
      try {
        const tp = m.FPDFText_LoadPage(page);
        const got = new Map(list.map((r) => [r, tp ? boundedText(m, tp, r) : '']));
        if (tp) m.FPDFText_ClosePage(tp);
        textOf.set(pageNumber, (r) => got.get(r) ?? '');
        pages.set(pageNumber, snapshotPage(m, page, list));
      } finally {
        m.FPDF_ClosePage(page);
      }
    }
    for (const r of rects) texts.push(textOf.get(r.pageNumber)!(r.rect));
    return { texts, pages };
  } finally {
    opened.close();
  }
}
