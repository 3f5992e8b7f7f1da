/**
 * Cheap, language-light measures of whether text is real text: used to judge OCR readings
 * (which orientation reads best) and text layers (whether OCR is needed at all).
 */

const ALNUM_CHAR = /^[\p{L}\p{N}]$/u;

/** Whether a UTF-16 code is an ASCII letter or digit (the common case, without a regex). */
function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Letters and digits (Unicode L and N) in `s`, counted by code point. */
export function alnumCount(s: string): number {
  let n = 0;
  for (const c of s) {
    const code = c.codePointAt(0)!;
    if (code < 128 ? isAsciiAlnum(code) : ALNUM_CHAR.test(c)) n++;
  }
  return n;
}

export interface ReadingQuality {
  /** Confidence-weighted letters and digits: how much text was read confidently. */
  score: number;
  /** Mean word confidence weighted by letters and digits, in [0, 1]; symbol-only words count as 0. */
  quality: number;
  /** Letters and digits read. */
  chars: number;
}

/** Upside-down or sideways text reads as short, symbol-laden words of low confidence. */
export function readingQuality(words: readonly { text: string; confidence: number }[]): ReadingQuality {
  let score = 0, weight = 0, chars = 0;
  for (const w of words) {
    const n = alnumCount(w.text);
    chars += n;
    if (n === 0) {
      weight += 1;
      continue;
    }
    score += w.confidence * n;
    weight += n;
  }
  return { score, quality: weight > 0 ? score / weight : 0, chars };
}

/** Characters no real text layer should contain: replacement, private use, controls, unassigned. */
export const BAD_CHAR = /[\uFFFD\p{Co}\p{Cn}\p{Cc}]/u;

/**
 * A token that reads like a word of some language: letters (with marks, inner apostrophes or
 * hyphens), at most one case change from lower to upper, and for Latin script a vowel.
 */
export function isWordlike(token: string): boolean {
  let hit = wordlikeMemo.get(token);
  if (hit === undefined) {
    hit = judgeWordlike(token);
    // Pages of one document repeat their words; the bound keeps a long job's memory flat.
    if (wordlikeMemo.size >= 50_000) wordlikeMemo.clear();
    wordlikeMemo.set(token, hit);
  }
  return hit;
}

const wordlikeMemo = new Map<string, boolean>();

function judgeWordlike(token: string): boolean {
  const t = token.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '');
  if (t.length < 2 || !/^[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*$/u.test(t)) return false;
  if ((t.match(/\p{Ll}\p{Lu}/gu)?.length ?? 0) > 1) return false;
  if (/^[\p{Script=Latin}'’-]+$/u.test(t) && !/[aeiouyàáâãäåæèéêëìíîïòóôõöøœùúûüýÿ]/i.test(t)) return t.length <= 3 && t === t.toUpperCase();
  return true;
}

/**
 * Very frequent short words of the Latin-script languages Quire documents are most often
 * in (en, de, fr, es, it, pt, nl). Real prose of a page has many; text from a font whose
 * glyphs map to the wrong letters has almost none.
 */
const FUNCTION_WORDS = new Set(
  (
    'the of and to in a is that for it as with was on be by at or from this are an not have ' +
    'which but all were can has their more one will if its also been we our you your they he she his her ' +
    'der die das und in zu den von mit ist des sich auf für nicht ein eine als auch es an dem werden bei ' +
    'le la les de des du et en un une est pour que qui dans sur par au pas plus ne se ce avec ' +
    'el los las y que del en por con para una es se al lo como más ' +
    'il di che e per non sono della una gli ' +
    'o os da do em no na um uma são ' +
    'het een van en is op te dat voor niet met zijn'
  ).split(' '),
);

/** `token`: lower-cased, without leading or trailing punctuation (as the text-layer rule tokenises). */
export function isFunctionWord(token: string): boolean {
  return FUNCTION_WORDS.has(token);
}
