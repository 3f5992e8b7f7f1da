/**
 * Display equations are not tables. A multi-line equation (a fraction over a sum, an integral
 * with its limits, the equation number far right) sets its pieces in aligned columns, and the
 * stream table detector reads them as a grid: on a TeX page every displayed equation became a
 * Table whose cells held "∫", "dt", "√ , (2.3)". What tells an equation from a table of
 * figures is its ink: most of it is set in math fonts (TeX's cmmi/cmsy/cmex, Cambria/STIX
 * Math, Symbol) or is operators and Greek letters, with next to no words of prose. Such a
 * "table" becomes one Formula block of its lines (the text path would shatter it into
 * fragments: limits, radicals and fraction bars each a block), and its equation number at the
 * right margin ("(2.3)") a Formula block of its own, as the text path already makes of the
 * number of a one-line equation. Only detected tables are checked: nothing on prose pages.
 */
import type { TableGrid } from '../../model/table.js';
import type { TextRun } from '../../model/page.js';
import type { Block } from '../../model/layout.js';
import { toBlock } from '../blocks/build-blocks.js';
import { buildLines } from '../lines/build-lines.js';
import { MATH_CHARS, MATH_FONT } from './page-hints.js';

const SYMBOL_FONT = /symbol/i;
const OPERATOR = /[=<>≤≥≈≠∫∑∏√∂∇]/;

/** A stream-detected table whose runs read as a displayed equation rather than a grid of data. */
export function isDisplayMath(grid: TableGrid, runs: readonly TextRun[], runIndices: readonly number[]): boolean {
  if (grid.method === 'ruled' || grid.rowCount > 8) return false;
  let chars = 0;
  let mathFontChars = 0;
  let mathChars = 0;
  let words = 0;
  let operator = false;
  for (const i of runIndices) {
    const r = runs[i];
    if (!r) continue;
    const compact = r.text.replace(/\s/g, '');
    chars += compact.length;
    if (MATH_FONT.test(r.fontName) || SYMBOL_FONT.test(r.fontName)) mathFontChars += compact.length;
    mathChars += (compact.match(MATH_CHARS) ?? []).length;
    words += r.text.split(/\s+/).filter((w) => /^[a-zA-Z]{4,}[.,;:]?$/.test(w)).length;
    if (OPERATOR.test(r.text)) operator = true;
  }
  if (chars < 3 || !operator || words > 3) return false;
  return mathFontChars / chars >= 0.2 || mathChars / chars >= 0.25;
}

export const EQUATION_NUMBER = /^\(\s*[0-9]{1,3}([.\-][0-9]{1,3})*[a-z]?\s*\)$/;

function union(boxes: ReadonlyArray<TextRun['bbox']>): TextRun['bbox'] {
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  return { left, top, width: right - left, height: bottom - top };
}

/** The equation's Formula block, and its number's when one stands apart at the right. */
export function displayMathBlocks(runs: readonly TextRun[], runIndices: readonly number[]): Block[] {
  const own = runIndices.map((i) => runs[i]!).filter(Boolean);
  const right = Math.max(...own.map((r) => r.bbox.left + r.bbox.width));
  const number = own.filter((r) => EQUATION_NUMBER.test(r.text.trim()) && r.bbox.left + r.bbox.width >= right - 1);
  const body = own.filter((r) => !number.includes(r));
  // The number stands apart: a gap of at least two of its font sizes after the equation's ink.
  const bodyRight = body.length ? Math.max(...body.map((r) => r.bbox.left + r.bbox.width)) : right;
  const apart = number.length > 0 && body.length > 0 && number.every((n) => n.bbox.left - bodyRight >= 2 * n.fontSize);
  const groups = apart ? [body, number] : [own];
  return groups.map((g) => {
    const lines = buildLines(g);
    return { ...toBlock({ lines }), bbox: union(g.map((r) => r.bbox)), type: 'Formula' as const, typeConfidence: 0.6 };
  });
}
