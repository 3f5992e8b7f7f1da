/**
 * Letter-spaced words ("a b s t r a c t", "C O N S T I T U T I O N O F T H E"): headings
 * and running heads set wide by kerning every glyph apart (a TJ array, or one show-text per
 * glyph) rather than by the PDF's letter spacing (Tc, which lines already read). Every glyph
 * gap then passes for a word space, and a line reads single letters that no reader, search or
 * heading rule takes for words (pdftotext reads them the same way). In such a stretch the
 * letter gaps share one width and a word space is that width and a space glyph's more, so the
 * gaps say where the words are: a gap within 0.15 em of the stretch's narrowest joins two
 * letters, a wider one is a word space, and so is every space glyph.
 *
 * A stretch is four letters or more, in pieces of one or two letters (a kerned pair such as
 * "Ve" reads as one piece), of one font, size and upright face (italic single letters are a
 * formula's variables), set no further apart than 1 em (wider is placement: a table's
 * column letters, a form's boxes), with two thirds of its pieces single letters and a word of
 * three letters or more once read. A space glyph is a word space wherever it stands, in the
 * run or drawn alone just before it (`afterSpace`: a browser prints one glyph per show-text,
 * spaces too), so letters typed with spaces between them stay as they are.
 */
import { ONE_LETTER, ONE_OR_TWO_LETTERS } from '../../model/letters.js';
import type { TextRun } from '../../model/page.js';

const MIN_LETTERS = 4;
const WORD_OVER_LETTER_EM = 0.15;
const MAX_LETTER_GAP_EM = 1;

/** How a line's letter-spaced stretches read: runs' new text, and whether run i is a word apart from run i-1. */
export interface LetterSpacedReading {
  text: Map<number, string>;
  apart: Map<number, boolean>;
}

interface Piece {
  run: number;
  text: string;
  /** Gap before the piece in font sizes: -1 a space glyph, 0 glued to the piece before (not apart). */
  gapEm: number;
}

/**
 * The letter-spaced stretches of a line's runs, read as words; undefined when it has none.
 * `apart(i)` says whether runs i-1 and i stand a word space apart by the line's own rule.
 */
export function readLetterSpacing(runs: readonly TextRun[], apart: (i: number) => boolean): LetterSpacedReading | undefined {
  let candidates = 0;
  for (const r of runs) candidates += r.letterGaps ? r.letterGaps.length + 1 : ONE_OR_TWO_LETTERS.test(r.text) ? 1 : 0;
  if (candidates < MIN_LETTERS) return undefined;
  const out: LetterSpacedReading = { text: new Map(), apart: new Map() };
  let stretch: Piece[] = [];
  const close = () => {
    if (stretch.length > 0) readStretch(runs, stretch, out);
    stretch = [];
  };
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!;
    if (!letterRun(r)) {
      close();
      continue;
    }
    const prev = stretch.length > 0 ? runs[stretch[stretch.length - 1]!.run]! : undefined;
    const gapEm = prev ? (r.bbox.left - (prev.bbox.left + prev.bbox.width)) / r.fontSize : 0;
    if (!prev || !sameFace(prev, r) || gapEm > MAX_LETTER_GAP_EM || gapEm < -0.2) close();
    const pieces = r.letterGaps ? r.text.split(' ') : [r.text];
    pieces.forEach((text, k) => {
      const gap = k > 0 ? r.letterGaps![k - 1]! : stretch.length === 0 ? 0 : r.afterSpace ? -1 : apart(i) ? gapEm : 0;
      stretch.push({ run: i, text, gapEm: gap });
    });
  }
  close();
  return out.text.size > 0 || out.apart.size > 0 ? out : undefined;
}

function letterRun(r: TextRun): boolean {
  return r.source === 'text' && !r.italic && (r.letterGaps !== undefined || ONE_OR_TWO_LETTERS.test(r.text));
}

function sameFace(a: TextRun, b: TextRun): boolean {
  return a.fontName === b.fontName && Math.abs(a.fontSize - b.fontSize) <= 0.05 * Math.max(a.fontSize, b.fontSize);
}

/** Reads one stretch (its first piece's gap unused) into `out` when it is letter-spaced. */
function readStretch(runs: readonly TextRun[], pieces: Piece[], out: LetterSpacedReading): void {
  // Pieces glued to the one before (a kerned pair in two runs) are one piece.
  const merged: Piece[] = [];
  for (const p of pieces) {
    if (merged.length > 0 && p.gapEm === 0) merged[merged.length - 1] = { ...merged[merged.length - 1]!, text: merged[merged.length - 1]!.text + p.text };
    else merged.push(p);
  }
  if (merged.length < MIN_LETTERS || merged.some((p) => !ONE_OR_TWO_LETTERS.test(p.text))) return;
  if (merged.filter((p) => ONE_LETTER.test(p.text)).length < (2 / 3) * merged.length) return;
  const gaps = merged.slice(1).map((p) => p.gapEm).filter((g) => g > 0);
  if (gaps.length === 0) return;
  const narrowest = Math.min(...gaps);
  if (narrowest > MAX_LETTER_GAP_EM) return;
  let longest = 0;
  let word = 0;
  for (let k = 0; k < merged.length; k++) {
    if (k > 0 && isWordGapOf(merged[k]!.gapEm, narrowest)) word = 0;
    word += [...merged[k]!.text.matchAll(/\p{L}/gu)].length;
    longest = Math.max(longest, word);
  }
  if (longest < 3) return;
  // Write the reading back, once per run: its text, and the space (or none) before its first piece.
  for (let k = 0; k < pieces.length; k++) {
    const p = pieces[k]!;
    if (k > 0 && p.run === pieces[k - 1]!.run) continue;
    if (k > 0) out.apart.set(p.run, p.gapEm !== 0 && isWordGapOf(p.gapEm, narrowest));
    const { text, letterGaps } = runs[p.run]!;
    if (letterGaps) out.text.set(p.run, text.split(' ').map((part, j) => (j > 0 && isWordGapOf(letterGaps[j - 1]!, narrowest) ? ' ' : '') + part).join(''));
  }
}

/** A space glyph, or a gap wider than the stretch's narrowest by WORD_OVER_LETTER_EM: a word space. */
function isWordGapOf(gapEm: number, narrowest: number): boolean {
  return gapEm < 0 || gapEm > narrowest + WORD_OVER_LETTER_EM;
}
