/**
 * The marks that open a list item, in one place: block building, type hints, gutter finding,
 * table detection and the renderers must agree on what a bullet is, or an item typed ListItem
 * by one keeps its glyph in another's markdown, or a column of bullets reads as a table column.
 *
 * Beside the usual dots and dashes, a bullet is often a symbol font's glyph that the PDF maps
 * to no Unicode text: pdf.js then gives the font's own code, in the Private Use Area (Symbol
 * and Wingdings: U+F06E '■', U+F0A7 '▪', U+F0B7 '•', U+F0D8 '➢') or, for a one-byte font, a C1
 * control (U+0084 for a check box). Neither is ever text; followed by a space at the start of
 * a line it is the list's mark. So are the dingbats and check boxes word processors offer as
 * bullets. Arrows (→, ⇒) and stars are left out: at a line's start they as often continue a
 * formula or give a rating.
 */

/** Round and square bullets: a line starting with one is an item even with no space after. */
const DOT_BULLETS = '•◦▪▫●○■□►▸‣⁃∙·';
/** Dingbats, check boxes and unmapped symbol-font codes: an item's mark when a space follows. */
const SYMBOL_BULLETS = '◆◇♦❖➢➣➤✓✔✗✘☐☑☒❑❒⦁▶▷\\u0080-\\u009F\\uE000-\\uF8FF';
/** Numbers, letters and small roman numerals closed by '.' or ')': "1.", "(a)", "iv.". */
const ENUMERATOR = '\\(?[0-9]{1,3}[.)]|\\(?[a-zA-Z][.)]|\\(?(?:i|ii|iii|iv|v|vi|vii|viii|ix|x)[.)]';
/** Any bullet glyph, a star or a dash. */
const GLYPH = `[${DOT_BULLETS}${SYMBOL_BULLETS}*\\-–—]`;

/** A line that opens a list item: a mark, space, then text. */
export const LIST_ITEM_START = new RegExp(`^\\s*(${GLYPH}|${ENUMERATOR})\\s+\\S`);
/** A line that opens an item whatever the block around it: a bullet glyph (not a number or dash). */
export const BULLET_START = new RegExp(`^\\s*(?:[${DOT_BULLETS}]|[${SYMBOL_BULLETS}](?=\\s))`);
/** A run or cell that is nothing but a list's mark ('•', '–', '1.', 'a)', 'iv.'). */
export const LIST_MARK_ONLY = new RegExp(`^\\s*(?:${GLYPH}|${ENUMERATOR})\\s*$`);
/** The same, case-blind ('IV.', 'B)'): table rows, where a column of marks is not a column. */
export const LIST_MARK_ONLY_ANY_CASE = new RegExp(LIST_MARK_ONLY.source, 'i');
/** A bullet glyph and the space after it, as stripped when the item is rendered as a list. */
export const BULLET_PREFIX = new RegExp(`^\\s*(${GLYPH})\\s+`);

/** The kind of mark a list item's line opens with; null when the line opens no item. */
export type ListMarkKind = 'glyph' | 'number' | 'roman' | 'letter';

export function listMarkKind(text: string): ListMarkKind | null {
  const m = LIST_ITEM_START.exec(text);
  if (!m) return null;
  const mark = m[1]!.replace(/[().]/g, '');
  if (/^[0-9]+$/.test(mark)) return 'number';
  if (/^(?:i|ii|iii|iv|v|vi|vii|viii|ix|x)$/.test(mark)) return 'roman';
  if (/^[a-zA-Z]$/.test(mark)) return 'letter';
  return 'glyph';
}
