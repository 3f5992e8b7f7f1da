/**
 * Font and fill colours of xlsx cells. SheetJS CE reports fills only and never fonts, so
 * we read `xl/styles.xml`, the theme palette and each cell's `s` (style index) ourselves.
 * Only built when colours are requested or style-hidden content must be dropped.
 */
import { attributes, partText, relationships, workbookPartPath } from '../ooxml/ooxml-parts.js';
import type { ZipPackage } from '../ooxml/zip-extract.js';

export interface CellStyle {
  /** '#RRGGBB', only when the font sets a colour. */
  fontColor?: string;
  /** '#RRGGBB', only for a patterned (e.g. solid) fill. */
  fillColor?: string;
}

export type CellStyleLookup = (row: number, col: number) => CellStyle | undefined;

/** Excel's legacy 64-colour palette (indexed colours); 64/65 are system foreground/background. */
const INDEXED = [
  '000000', 'FFFFFF', 'FF0000', '00FF00', '0000FF', 'FFFF00', 'FF00FF', '00FFFF',
  '000000', 'FFFFFF', 'FF0000', '00FF00', '0000FF', 'FFFF00', 'FF00FF', '00FFFF',
  '800000', '008000', '000080', '808000', '800080', '008080', 'C0C0C0', '808080',
  '9999FF', '993366', 'FFFFCC', 'CCFFFF', '660066', 'FF8080', '0066CC', 'CCCCFF',
  '000080', 'FF00FF', 'FFFF00', '00FFFF', '800080', '800000', '008080', '0000FF',
  '00CCFF', 'CCFFFF', 'CCFFCC', 'FFFF99', '99CCFF', 'FF99CC', 'CC99FF', 'FFCC99',
  '3366FF', '33CCCC', '99CC00', 'FFCC00', 'FF9900', 'FF6600', '666699', '969696',
  '003366', '339966', '003300', '333300', '993300', '993366', '333399', '333333',
  '000000', 'FFFFFF',
];

/** Theme colour order as Excel indexes it (lt1/dk1 and lt2/dk2 swapped against the XML). */
const THEME_ORDER = ['lt1', 'dk1', 'lt2', 'dk2', 'accent1', 'accent2', 'accent3', 'accent4', 'accent5', 'accent6', 'hlink', 'folHlink'];

function themePalette(pkg: ZipPackage): string[] {
  const wb = workbookPartPath(pkg);
  let themePath = 'xl/theme/theme1.xml';
  for (const rel of relationships(pkg, wb).values()) if (/\/theme$/.test(rel.type)) themePath = rel.target;
  const xml = partText(pkg, themePath) ?? '';
  const scheme = /<(?:\w+:)?clrScheme\b[\s\S]*?<\/(?:\w+:)?clrScheme>/.exec(xml)?.[0] ?? '';
  const byName = new Map<string, string>();
  for (const m of scheme.matchAll(/<(?:\w+:)?(dk1|lt1|dk2|lt2|accent[1-6]|hlink|folHlink)>([\s\S]*?)<\/(?:\w+:)?\1>/g)) {
    const a = attributes(/<(?:\w+:)?(?:srgbClr|sysClr)\b[^>]*>/.exec(m[2]!)?.[0] ?? '');
    const rgb = a.val && /^[0-9A-Fa-f]{6}$/.test(a.val) ? a.val : a.lastClr;
    if (rgb) byName.set(m[1]!, rgb.toUpperCase());
  }
  return THEME_ORDER.map((n) => byName.get(n) ?? '');
}

function applyTint(rgb: string, tint: number): string {
  const ch = [0, 2, 4].map((i) => parseInt(rgb.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(...ch);
  const min = Math.min(...ch);
  let h = 0;
  let s = 0;
  let l = (max + min) / 2;
  if (max !== min) {
    const d = max - min;
    s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    const [r, g, b] = ch;
    h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    h /= 6;
  }
  l = tint < 0 ? l * (1 + tint) : l * (1 - tint) + tint;
  const hue = (p: number, q: number, t: number) => {
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  let out: number[];
  if (s === 0) out = [l, l, l];
  else {
    const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
    const p = 2 * l - q;
    out = [hue(p, q, h + 1 / 3), hue(p, q, h), hue(p, q, h - 1 / 3)];
  }
  return out.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255).toString(16).padStart(2, '0')).join('').toUpperCase();
}

function resolveColor(tag: string | undefined, theme: string[]): string | undefined {
  if (!tag) return undefined;
  const a = attributes(tag);
  let rgb: string | undefined;
  if (a.rgb && /^[0-9A-Fa-f]{6,8}$/.test(a.rgb)) rgb = a.rgb.slice(-6).toUpperCase();
  else if (a.theme !== undefined) rgb = theme[Number(a.theme)] || undefined;
  else if (a.indexed !== undefined) rgb = INDEXED[Number(a.indexed)];
  if (!rgb) return undefined;
  const tint = a.tint ? Number(a.tint) : 0;
  return `#${tint ? applyTint(rgb, tint) : rgb}`;
}

function blocks(xml: string, container: string, item: string): string[] {
  const body = new RegExp(`<(?:\\w+:)?${container}\\b[^>]*>([\\s\\S]*?)</(?:\\w+:)?${container}>`).exec(xml)?.[1] ?? '';
  const re = new RegExp(`<(?:\\w+:)?${item}\\b[^>]*?(?:/>|>[\\s\\S]*?</(?:\\w+:)?${item}>)`, 'g');
  return [...body.matchAll(re)].map((m) => m[0]);
}

/** Style index (position in cellXfs) → resolved colours. */
function readXfStyles(pkg: ZipPackage): CellStyle[] {
  const xml = partText(pkg, 'xl/styles.xml');
  if (!xml) return [];
  const theme = themePalette(pkg);
  const fonts = blocks(xml, 'fonts', 'font').map((f) => resolveColor(/<(?:\w+:)?color\b[^>]*>/.exec(f)?.[0], theme));
  const fills = blocks(xml, 'fills', 'fill').map((f) => {
    const pattern = attributes(/<(?:\w+:)?patternFill\b[^>]*>/.exec(f)?.[0] ?? '').patternType;
    if (!pattern || pattern === 'none') return undefined;
    return resolveColor(/<(?:\w+:)?fgColor\b[^>]*>/.exec(f)?.[0], theme);
  });
  return blocks(xml, 'cellXfs', 'xf').map((x) => {
    const a = attributes(/^<[^>]*>/.exec(x)?.[0] ?? '');
    const style: CellStyle = {};
    const font = fonts[Number(a.fontId ?? 0)];
    const fill = fills[Number(a.fillId ?? 0)];
    if (font) style.fontColor = font;
    if (fill) style.fillColor = fill;
    return style;
  });
}

const R_ATTR = /\sr\s*=\s*["']\$?([A-Z]{1,3})\$?(\d+)["']/;
const ROW_R_ATTR = /\sr\s*=\s*["'](\d+)["']/;
const S_ATTR = /\ss\s*=\s*["'](\d+)["']/;

function columnIndex(letters: string): number {
  let col = 0;
  for (let i = 0; i < letters.length; i++) col = col * 26 + (letters.charCodeAt(i) - 64);
  return col - 1;
}

/**
 * Lookup for one sheet part. Cells without `s` use style 0. Cells without `r`
 * (allowed by the schema) follow their predecessor, as SheetJS does.
 */
export function sheetStyleLookup(pkg: ZipPackage, sheetPart: string, xfStyles: CellStyle[]): CellStyleLookup | null {
  const xml = partText(pkg, sheetPart);
  if (!xml || xfStyles.length === 0) return null;
  const byCell = new Map<number, number>();
  let row = -1;
  let col = -1;
  // Only the two attributes we need are matched: this scans every cell of the sheet.
  for (const m of xml.matchAll(/<(?:\w+:)?(row|c)\b([^>]*)>/g)) {
    const attrs = m[2]!;
    if (m[1] === 'row') {
      const r = ROW_R_ATTR.exec(attrs);
      row = r ? Number(r[1]) - 1 : row + 1;
      col = -1;
      continue;
    }
    const ref = R_ATTR.exec(attrs);
    if (ref) {
      col = columnIndex(ref[1]!);
      row = Number(ref[2]) - 1;
    } else col++;
    const s = S_ATTR.exec(attrs);
    if (s && s[1] !== '0') byCell.set(row * 16384 + col, Number(s[1]));
  }
  return (r, c) => xfStyles[byCell.get(r * 16384 + c) ?? 0];
}

export function workbookStyles(pkg: ZipPackage): CellStyle[] {
  return readXfStyles(pkg);
}
