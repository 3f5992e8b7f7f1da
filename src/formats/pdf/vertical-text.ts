/**
 * Show-text in a vertical writing mode font (Identity-V CMaps, WMode 1: Japanese and
 * Chinese set top to bottom). Glyphs advance *downward* by their vertical metrics (W2/DW2,
 * default 1 em) and hang below the vertical origin, centred on it; laid out like horizontal
 * text they ran off the page to the right and the whole run was dropped ("あいうえお" of
 * pdf.js's vertical.pdf was missing from parse while pdftotext reads it). Same arithmetic
 * as pdf.js's canvas `showText` for `font.vertical`.
 *
 * Kept apart from text-state.ts's `showText` so horizontal text, the hot path, pays one
 * boolean test for it. The run's `dir` is its advance direction on the page (90: top to
 * bottom), so the line builder lays vertical columns out in their own frame
 * (pipeline/lines/rotation.ts) and the columns read right to left.
 */
import type { TextRun } from '../../model/page.js';
import type { Glyph, TextState } from './text-state.js';

type Matrix = readonly number[];

interface VerticalGlyph extends Glyph {
  /** [advance (negative, downward), vx, vy] in glyph units, from the font's W2. */
  vmetric?: readonly number[];
}

/** A gap wider than this (in font sizes) along the column splits the run (as text-state.ts's RUN_GAP_EM). */
const RUN_GAP_EM = 0.6;

export function showVerticalText(ts: TextState, glyphs: ArrayLike<VerticalGlyph | number>, m: Matrix, deviceSize: number, out: TextRun[]): void {
  const font = ts.font!;
  const fontSize = ts.fontSize;
  const scale = fontSize * font.fontMatrix[0]!;
  const hScale = ts.hScale * ts.fontDirection;
  const dflt = font.defaultVMetrics;
  // Text-space box of the current run, built glyph by glyph.
  let text = '';
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  /** Distance advanced down the column so far (text-space units), and where the last glyph ended. */
  let along = 0;
  let lastEnd = 0;
  const flush = () => {
    if (text.trim().length > 0) pushVerticalRun(text, [x0, x1, y0, y1], m, deviceSize, font.name, font.bold, font.italic, out);
    text = '';
    x0 = y0 = Infinity;
    x1 = y1 = -Infinity;
  };
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i]!;
    if (typeof g === 'number') {
      along += (g * fontSize) / 1000;
      continue;
    }
    const spacing = (g.isSpace ? ts.wordSpacing : 0) + ts.charSpacing;
    const width = g.width ?? 0;
    const vm = g.vmetric ?? dflt;
    const vx = g.vmetric ? g.vmetric[1]! : width * 0.5;
    const vy = vm ? vm[2]! : 880;
    const advance = (vm ? -vm[0]! : width) * scale - spacing * ts.fontDirection;
    const uni = g.unicode ?? '';
    if (uni.trim() === '') {
      if (text !== '') text += ' ';
      along += advance;
      continue;
    }
    if (text !== '' && along - lastEnd > RUN_GAP_EM * fontSize) flush();
    // The glyph's horizontal origin sits vx left of and vy below the vertical origin.
    const gx = ts.x + -vx * scale * hScale;
    const base = ts.y + ts.rise - (along + vy * scale);
    x0 = Math.min(x0, gx, gx + width * scale * hScale);
    x1 = Math.max(x1, gx, gx + width * scale * hScale);
    y0 = Math.min(y0, base + font.descent * fontSize);
    y1 = Math.max(y1, base + font.ascent * fontSize);
    text += uni;
    along += advance;
    lastEnd = along;
  }
  flush();
  ts.y -= along;
}

function pushVerticalRun(text: string, box: number[], m: Matrix, deviceSize: number, name: string, bold: boolean, italic: boolean, out: TextRun[]): void {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const tx of [box[0]!, box[1]!]) {
    for (const ty of [box[2]!, box[3]!]) {
      const px = m[0]! * tx + m[2]! * ty + m[4]!;
      const py = m[1]! * tx + m[3]! * ty + m[5]!;
      minX = Math.min(minX, px);
      minY = Math.min(minY, py);
      maxX = Math.max(maxX, px);
      maxY = Math.max(maxY, py);
    }
  }
  if (!Number.isFinite(minX) || !Number.isFinite(minY) || !(deviceSize > 0.5)) return;
  // The column advances along text-space -y; its direction on the page, quantised.
  const angle = (Math.round((Math.atan2(-m[3]!, -m[2]!) * 180) / Math.PI / 90) * 90 + 360) % 360;
  out.push({
    text: text.replace(/\s+$/, ''),
    bbox: { left: minX, top: minY, width: maxX - minX, height: maxY - minY },
    fontSize: deviceSize,
    fontName: name,
    bold,
    italic,
    confidence: null,
    source: 'text',
    ...(angle !== 0 ? { dir: angle as 90 | 180 | 270 } : {}),
  });
}
