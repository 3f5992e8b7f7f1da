/**
 * PDF text state and glyph placement, replayed from pdf.js operator-list text operators
 * (the same arithmetic as pdf.js's canvas `showText`). Produces TextRuns directly from the
 * operator list, so a page's content stream is parsed once instead of twice.
 */
import { ONE_LETTER, ONE_OR_TWO_LETTERS } from '../../model/letters.js';
import type { TextRun } from '../../model/page.js';
import { composeAccents } from './accents.js';
import { showVerticalText } from './vertical-text.js';

type Matrix = readonly number[];

export interface Glyph {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

export interface FontFace {
  name: string;
  bold: boolean;
  italic: boolean;
  fontMatrix: readonly number[];
  ascent: number;
  descent: number;
  vertical: boolean;
  /** Vertical fonts only: [advance, vx, vy] of glyphs without their own W2 metrics (pdf.js's DW2). */
  defaultVMetrics?: readonly number[];
  /** A pictograph font whose codes are no letters (Wingdings): its glyphs are read as Windows reads them. */
  pictographs?: boolean;
}

// TeX fonts encode weight in the name: cmbx10, SFBX1000 (cm-super), cmb10.
const BOLD = /bold|black|heavy|semibold|demibold|[-,]bd\b|extrabold|ultrabold|cmbx|cmb\d|bx\d+$|[-,]medi$|[-,]demi$/i;
const ITALIC = /italic|oblique|[-,]it\b|cmti|cmmi|cmsl|(ti|sl|mi)\d{2,4}$/i;
/** A gap wider than this (in font sizes) between glyphs of one show-text splits the run. */
const RUN_GAP_EM = 0.6;
/** A kerning gap wider than this (in font sizes) is a word space. */
const SPACE_GAP_EM = 0.15;
/** After an explicit space glyph, a smaller remaining gap still separates words. */
const SPACE_GLYPH_EM = 0.08;
const LIGATURES = /[\uFB00-\uFB06]/g;
/**
 * Microsoft's pictograph fonts. Their glyphs often reach the text layer as the byte that
 * selects them ("Ê", "§", "l", "y" for bullets and check boxes), letters a reader would take
 * for words. Windows gives a symbol font's byte b the code point U+F000 + b, and Word-made
 * PDFs carry their bullets that way; reading these fonts the same way makes their bullets
 * private-use marks like any other, and no pictograph passes for a letter.
 */
const PICTOGRAPH_FONT = /wingdings|webdings/i;
const BYTE_CODES = /[\u0021-\u009F\u00A1-\u00FF]/g;
/**
 * A symbol or display font's space reaching the text layer as its byte in the private-use
 * area (0x20 at U+F020 or U+E020, as pdftotext gives it too): the words a title font sets
 * with it ("of the United States") ran together once the private-use glyph was dropped.
 */
const isPrivateSpace = (uni: string): boolean => uni === '\uE020' || uni === '\uF020' || uni === '\uF0A0';

export const pictographCodes = (text: string): string => text.replace(BYTE_CODES, (c) => String.fromCharCode(0xf000 + c.charCodeAt(0)));
export function multiply(m1: Matrix, m2: Matrix): number[] {
  return [
    m1[0]! * m2[0]! + m1[2]! * m2[1]!,
    m1[1]! * m2[0]! + m1[3]! * m2[1]!,
    m1[0]! * m2[2]! + m1[2]! * m2[3]!,
    m1[1]! * m2[2]! + m1[3]! * m2[3]!,
    m1[0]! * m2[4]! + m1[2]! * m2[5]! + m1[4]!,
    m1[1]! * m2[4]! + m1[3]! * m2[5]! + m1[5]!,
  ];
}

/** Describe a pdf.js FontFaceObject (from page.commonObjs) for layout purposes. */
export function describeFont(loadedName: string, f: Record<string, unknown> | undefined): FontFace {
  const name = String(f?.name ?? loadedName).replace(/^[A-Z]{6}\+/, '');
  const asc = Number(f?.ascent);
  const desc = Number(f?.descent);
  const fm = f?.fontMatrix as number[] | undefined;
  return {
    name,
    bold: Boolean(f?.bold || f?.black) || BOLD.test(name),
    italic: Boolean(f?.italic) || ITALIC.test(name),
    fontMatrix: fm && fm.length === 6 && fm[0] !== 0 ? fm : [0.001, 0, 0, 0.001, 0, 0],
    ascent: asc > 0.3 && asc < 2 ? asc : 0.8,
    descent: desc < 0 && desc > -1 ? desc : -0.2,
    vertical: Boolean(f?.vertical),
    ...(PICTOGRAPH_FONT.test(name) ? { pictographs: true } : {}),
    ...(f?.vertical && Array.isArray(f.defaultVMetrics) ? { defaultVMetrics: f.defaultVMetrics as number[] } : {}),
  };
}

export class TextState {
  textMatrix: Matrix = [1, 0, 0, 1, 0, 0];
  x = 0;
  y = 0;
  lineX = 0;
  lineY = 0;
  leading = 0;
  charSpacing = 0;
  wordSpacing = 0;
  hScale = 1;
  rise = 0;
  fontSize = 0;
  fontDirection = 1;
  font: FontFace | undefined;
  /**
   * Page width of the space glyph drawn last, when no visible glyph followed it yet (0
   * otherwise): the next run follows a word space if it is a real space's width.
   */
  afterSpace = 0;

  clone(): TextState {
    return Object.assign(new TextState(), this);
  }
  beginText(): void {
    this.textMatrix = [1, 0, 0, 1, 0, 0];
    this.x = this.lineX = 0;
    this.y = this.lineY = 0;
  }
  setTextMatrix(m: ArrayLike<number>): void {
    this.textMatrix = Array.from(m);
    this.x = this.lineX = 0;
    this.y = this.lineY = 0;
  }
  moveText(x: number, y: number): void {
    this.x = this.lineX += x;
    this.y = this.lineY += y;
  }
  nextLine(): void {
    this.moveText(0, this.leading);
  }
  setFont(font: FontFace, size: number): void {
    this.font = font;
    this.fontDirection = size < 0 ? -1 : 1;
    this.fontSize = Math.abs(size);
  }
}

/**
 * Place the glyphs of one show-text operation and append runs (split at wide gaps).
 * `ctm` maps user space to top-left page space. Advances the text position like pdf.js.
 */
export function showText(ts: TextState, glyphs: ArrayLike<Glyph | number>, ctm: Matrix, out: TextRun[]): void {
  const font = ts.font;
  if (!font || ts.fontSize === 0) return;
  const fontSize = ts.fontSize;
  const hScale = ts.hScale * ts.fontDirection;
  const advanceScale = fontSize * font.fontMatrix[0]!;
  const m = multiply(ctm, ts.textMatrix);
  // Font size on the page: the text-space y unit's length, scaled.
  const deviceSize = fontSize * Math.hypot(m[2]!, m[3]!);
  if (font.vertical) return showVerticalText(ts, glyphs, m, deviceSize, out);
  let x = 0;
  let text = '';
  let runStart = 0;
  /** Text-space x where the last visible glyph ended, its letter spacing included (the gap test). */
  let lastEnd = 0;
  /** The same without the last glyph's letter spacing: where its ink ends (the run's box). */
  let inkEnd = 0;
  let spaceGlyph = false;
  // Letter spacing (Tc) on the page, signed: tracked text stands this much further apart
  // between runs too, tightened text (Tc < 0) this much closer.
  const tracking = ts.charSpacing * ts.fontDirection * Math.abs(hScale) * Math.hypot(m[0]!, m[1]!);
  /** The gap (font sizes) of each space put into `text`, -1 where a space glyph stood, kept while every piece is one or two letters. */
  let gaps: number[] = [];
  /** Letters in the piece being written; -1 once a piece is no letter or longer than two (gaps are no longer kept). */
  let pieceLetters = 0;
  /** Page width of a space glyph drawn since the last visible glyph (or before this show-text), else 0. */
  let spaceBefore = ts.afterSpace;
  /** That width where the current run began: a run drawn after a space follows a word space. */
  let runAfterSpace = 0;
  const xScale = Math.abs(hScale) * Math.hypot(m[0]!, m[1]!);
  const flush = () => {
    if (text.trim().length > 0) pushRun(ts, m, runStart, ts.x + inkEnd * hScale, text, deviceSize, out, { tracking, gaps, spacedLetters: pieceLetters > 0 && gaps.length > 0, afterSpace: runAfterSpace });
    text = '';
    gaps = [];
    pieceLetters = 0;
  };
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i]!;
    if (typeof g === 'number') {
      x += (-g * fontSize) / 1000;
      continue;
    }
    const spacing = (g.isSpace ? ts.wordSpacing : 0) + ts.charSpacing;
    const width = (g.width ?? 0) * advanceScale + spacing * ts.fontDirection;
    const uni = font.pictographs ? pictographCodes(g.unicode ?? '') : (g.unicode ?? '');
    if (uni.trim() === '' || isPrivateSpace(uni)) {
      // Whether a space glyph separates words is decided by the gap it leaves (kerning
      // sometimes cancels it), so it is only remembered here.
      spaceGlyph = text !== '';
      spaceBefore = width * xScale;
      x += width;
      continue;
    }
    if (text !== '') {
      const gap = (x - lastEnd) * Math.abs(hScale);
      // Glyphs set far apart by letter spacing alone (Tc used to place digits in columns) are runs of their own.
      if ((x - inkEnd) * Math.abs(hScale) > RUN_GAP_EM * fontSize) flush();
      else if (gap > (spaceGlyph ? SPACE_GLYPH_EM : SPACE_GAP_EM) * fontSize) {
        text += ' ';
        if (pieceLetters > 0) {
          gaps.push(spaceGlyph ? -1 : gap / fontSize);
          pieceLetters = 0;
        }
      }
    }
    spaceGlyph = false;
    if (text === '') {
      runStart = ts.x + x * hScale;
      runAfterSpace = spaceBefore;
    }
    spaceBefore = 0;
    if (pieceLetters >= 0) pieceLetters = pieceLetters < 2 && ONE_LETTER.test(uni) ? pieceLetters + 1 : -1;
    text += uni;
    // Letter spacing is no part of the glyph (as poppler measures it): positive spacing
    // follows its ink, and negative spacing (kerning set as Tc, "Te" of "Text") overlaps it.
    inkEnd = x + width - spacing * ts.fontDirection;
    x += width;
    lastEnd = x;
  }
  flush();
  ts.afterSpace = spaceBefore;
  ts.x += x * hScale;
}

interface RunSpacing {
  /** Letter spacing (Tc) on the page, signed. */
  tracking: number;
  /** The gaps of the spaces put into the run's text, in font sizes (-1: a space glyph). */
  gaps: number[];
  /** Every piece of the run between those spaces is one or two letters. */
  spacedLetters: boolean;
  /** Page width of a space glyph drawn right before the run (0: none). */
  afterSpace: number;
}

function pushRun(ts: TextState, m: number[], x0: number, x1: number, text: string, deviceSize: number, out: TextRun[], spacing: RunSpacing): void {
  const { tracking, gaps } = spacing;
  const font = ts.font!;
  const y = ts.y + ts.rise;
  const lo = font.descent * ts.fontSize;
  const hi = font.ascent * ts.fontSize;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const tx of [x0, x1]) {
    for (const ty of [y + lo, y + hi]) {
      const px = m[0]! * tx + m[2]! * ty + m[4]!;
      const py = m[1]! * tx + m[3]! * ty + m[5]!;
      if (px < minX) minX = px;
      if (py < minY) minY = py;
      if (px > maxX) maxX = px;
      if (py > maxY) maxY = py;
    }
  }
  if (!Number.isFinite(minX) || !Number.isFinite(minY) || !(deviceSize > 0.5)) return;
  const clean = composeAccents(text.replace(LIGATURES, (c) => c.normalize('NFKC'))).replace(/\s+$/, '');
  // Quantised baseline direction, so rotated text can be laid out in its own frame.
  const angle = (Math.round((Math.atan2(m[1]!, m[0]!) * 180) / Math.PI / 90) * 90 + 360) % 360;
  // A slanted text matrix (a synthetic italic) leans the box past the baseline's ends.
  const baseRight = m[0]! * Math.max(x0, x1) + m[2]! * y + m[4]!;
  const lean = angle === 0 && m[0]! > 0 ? maxX - baseRight : 0;
  out.push({
    text: clean,
    bbox: { left: minX, top: minY, width: maxX - minX, height: maxY - minY },
    fontSize: deviceSize,
    fontName: font.name,
    bold: font.bold,
    italic: font.italic,
    confidence: null,
    source: 'text',
    ...(angle !== 0 ? { dir: angle as 90 | 180 | 270 } : {}),
    ...(Math.abs(tracking) > 0.01 ? { tracking } : {}),
    ...(lean > 0.01 ? { lean } : {}),
    ...(spacing.spacedLetters && spacedLetters(clean, gaps) ? { letterGaps: gaps } : {}),
    // A space drawn in a hair-thin font (a typesetter's hint for text extraction, at every gap) is no word space.
    ...(spacing.afterSpace >= 0.1 * deviceSize ? { afterSpace: true } : {}),
  });
}

/** Pieces of one or two letters, one per gap and one more: a run spaced at every glyph. */
function spacedLetters(text: string, gaps: number[]): boolean {
  const pieces = text.split(' ');
  return pieces.length === gaps.length + 1 && pieces.every((p) => ONE_OR_TWO_LETTERS.test(p));
}
