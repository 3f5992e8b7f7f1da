/**
 * Page-local type hints that need only the block itself: list items (bullets and
 * enumerators), captions ("Figure 3.", "Table 2:") and formulas (mostly math symbols or
 * math fonts). Document-level rules (titles, headers, footers, footnotes) come later.
 */
import type { Block } from '../../model/layout.js';
import { blockText } from '../blocks/build-blocks.js';
import { LIST_ITEM_START, listMarkKind } from '../../model/list-markers.js';

/**
 * A caption's label: the word (in English, German, French, Spanish, Portuguese, Italian or
 * Polish: "Tableau 1 :", "Cuadro 2.", "Figura 3"; in Chinese and Japanese, "表 7.6", "图 3",
 * "図 2"), then its number ("3", "II", "4.1", "10.2",
 * "2-3", "A.1", "S1", "BR3", "A4-12": chapter, appendix and supplement numbering), then the
 * punctuation and the caption's first letter.
 */
const CAPTION = /^\s*(fig(ure)?|table|tab|chart|graph|plate|exhibit|illustration|diagram|scheme|listing|abb(ildung)?|tabelle|bild|grafik|tableau|tabla|tabela|tabella|cuadro|quadro|figura|gr[aá]fico|rysunek|表|图|図|圖)\.?\s*(?:(?:[A-Z]{1,2}[.\-–]?)?\d+(?:[.\-–]\d+)*[a-z]?|[IVXivx]+)\s*([.:—–|-]?)\s+(\S)/i;
export const MATH_FONT = /^(cmmi|cmsy|cmex|msbm|msam|eufm|rsfs|stix.*math|cambria.*math|.*math)/i;
export const MATH_CHARS = /[=+−×÷±∓∑∏∫∮√∞≈≠≤≥∂∇∈∉⊂⊃∪∩∀∃→←↔⇒⇔αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ^_|{}()[\]/]/g;

/** A line drawn in characters ("- - - - - - - - x", "________"): a rule, not a list's dash. */
const DRAWN_RULE = /^[\s\-–—_=*.~]{8,}\p{L}?\s*$/u;

export function hintBlockType(b: Block): void {
  const text = blockText(b).trim();
  if (!text) return;
  if (LIST_ITEM_START.test(text) && !DRAWN_RULE.test(text)) {
    b.type = 'ListItem';
    b.typeConfidence = 0.85;
    return;
  }
  if (isCaptionStart(text) && b.lines.length <= 8) {
    b.type = 'Caption';
    b.typeConfidence = 0.8;
    return;
  }
  if (looksLikeFormula(b, text)) {
    b.type = 'Formula';
    b.typeConfidence = 0.6;
  }
}

/**
 * "Figure 3." / "Table 2:" / "Fig. 4 (a)" open a caption; "Fig. 4 shows …" / "Table 2 lists …"
 * open a sentence of the body that cites one: with no punctuation after the number, a caption's
 * next word does not start in lower case.
 */
export function isCaptionStart(text: string): boolean {
  const m = CAPTION.exec(text);
  return !!m && (m[4] !== '' || !/\p{Ll}/u.test(m[5]!));
}

function looksLikeFormula(b: Block, text: string): boolean {
  if (b.lines.length > 6 || text.length < 3) return false;
  const mathFont = b.lines.filter((l) => MATH_FONT.test(l.fontName)).length / b.lines.length;
  // Neither a math font nor an equation's sign: not a formula, whatever the counts below
  // (most blocks of a page: the counts are made only where they can decide).
  if (!(mathFont >= 0.5) && !FORMULA_SIGN.test(text)) return false;
  const compact = text.replace(/\s/g, '');
  const math = (compact.match(MATH_CHARS) ?? []).length;
  const words = text.split(/\s+/).filter((w) => /^[a-zA-Z]{4,}$/.test(w)).length;
  if (mathFont >= 0.5 && words <= 3) return true;
  return compact.length >= 5 && math / compact.length > 0.25 && words <= 2 && FORMULA_SIGN.test(text);
}

const FORMULA_SIGN = /=|∑|∫|√/;

/**
 * A transcript's turns ("Q. Where were you working?" / "A. With the county.") open with a
 * letter and a stop, as a lettered list's items do, but their letters are only Q and A: on a
 * page whose lettered items use no other letter, and Q among them, they are text, not a list.
 */
export function questionAnswerTurns(blocks: readonly Block[]): void {
  const lettered = blocks.filter((b) => b.type === 'ListItem' && listMarkKind(b.lines[0]?.text ?? '') === 'letter');
  const letters = new Set(lettered.map((b) => b.lines[0]!.text.trim().replace(/^\(/, '')[0]!.toUpperCase()));
  if (!letters.has('Q') || [...letters].some((l) => l !== 'Q' && l !== 'A')) return;
  for (const b of lettered) {
    b.type = 'Text';
    b.typeConfidence = 0.9;
  }
}
