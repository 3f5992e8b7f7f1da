/**
 * pdf.js text content → TextRun[] in top-left page coordinates. Fonts are looked up in
 * the page's commonObjs (filled by getOperatorList) to learn real names for bold/italic.
 */
import type { TextRun } from '../../model/page.js';
import type { PDFPageProxy } from './open-document.js';

type Matrix = [number, number, number, number, number, number];

export function multiply(m1: readonly number[], m2: readonly number[]): Matrix {
  return [
    m1[0]! * m2[0]! + m1[2]! * m2[1]!,
    m1[1]! * m2[0]! + m1[3]! * m2[1]!,
    m1[0]! * m2[2]! + m1[2]! * m2[3]!,
    m1[1]! * m2[2]! + m1[3]! * m2[3]!,
    m1[0]! * m2[4]! + m1[2]! * m2[5]! + m1[4]!,
    m1[1]! * m2[4]! + m1[3]! * m2[5]! + m1[5]!,
  ];
}

const BOLD = /bold|black|heavy|semibold|demibold|[-,]bd\b|extrabold|ultrabold|medi\b|cmbx|cmb\d/i;
const ITALIC = /italic|oblique|[-,]it\b|cmti|cmmi|cmsl/i;

interface FontInfo {
  name: string;
  bold: boolean;
  italic: boolean;
}

function fontInfo(page: PDFPageProxy, loadedName: string, cache: Map<string, FontInfo>): FontInfo {
  let info = cache.get(loadedName);
  if (info) return info;
  let name = loadedName;
  let bold = false;
  let italic = false;
  try {
    if (page.commonObjs.has(loadedName)) {
      const f = page.commonObjs.get(loadedName) as { name?: string; bold?: boolean; italic?: boolean; black?: boolean };
      name = (f.name ?? loadedName).replace(/^[A-Z]{6}\+/, '');
      bold = Boolean(f.bold || f.black) || BOLD.test(name);
      italic = Boolean(f.italic) || ITALIC.test(name);
    }
  } catch {
    // A font that failed to load still yields text; keep the defaults.
  }
  info = { name, bold, italic };
  cache.set(loadedName, info);
  return info;
}

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
  hasEOL: boolean;
}

/**
 * Extract text runs. `viewportTransform` maps PDF user space to the top-left page space
 * (pdf.js viewport at scale 1, so page rotation is already applied).
 */
export async function extractTextRuns(page: PDFPageProxy, viewportTransform: readonly number[]): Promise<TextRun[]> {
  const tc = await page.getTextContent({ disableNormalization: false });
  const styles = tc.styles as Record<string, { ascent?: number; descent?: number; vertical?: boolean }>;
  const cache = new Map<string, FontInfo>();
  const runs: TextRun[] = [];
  for (const raw of tc.items) {
    const item = raw as PdfTextItem;
    if (typeof item.str !== 'string') continue;
    if (item.str.length === 0) {
      if (item.hasEOL && runs.length > 0) runs[runs.length - 1]!.eol = true;
      continue;
    }
    if (item.str.trim().length === 0) {
      if (item.hasEOL && runs.length > 0) runs[runs.length - 1]!.eol = true;
      continue;
    }
    const m = multiply(viewportTransform, item.transform);
    const size = Math.hypot(m[2], m[3]);
    if (!(size > 0.5) || !Number.isFinite(m[4]) || !Number.isFinite(m[5])) continue;
    const style = styles[item.fontName] ?? {};
    const ascent = style.ascent && style.ascent > 0.3 ? style.ascent : 0.8;
    const descent = style.descent && style.descent < 0 ? style.descent : -0.2;
    // Unit vectors along the baseline and towards the glyph tops, in page space.
    const sx = Math.hypot(m[0], m[1]) || 1;
    const ux = m[0] / sx;
    const uy = m[1] / sx;
    const vx = m[2] / size;
    const vy = m[3] / size;
    // pdf.js gives width in user space; scale it like the transform's x axis.
    const textLen = item.width * Math.hypot(viewportTransform[0]!, viewportTransform[1]!);
    const xs: number[] = [];
    const ys: number[] = [];
    for (const t of [0, textLen]) {
      for (const h of [descent * size, ascent * size]) {
        xs.push(m[4] + ux * t + vx * h);
        ys.push(m[5] + uy * t + vy * h);
      }
    }
    const left = Math.min(...xs);
    const top = Math.min(...ys);
    const font = fontInfo(page, item.fontName, cache);
    runs.push({
      text: item.str,
      bbox: { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top },
      fontSize: size,
      fontName: font.name,
      bold: font.bold,
      italic: font.italic,
      confidence: null,
      source: 'text',
      eol: item.hasEOL || undefined,
    });
  }
  return runs;
}
