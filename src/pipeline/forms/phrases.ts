/**
 * A form page's text as label candidates ("phrases"). A form line reads
 * "7 Wages, salaries, tips, etc. Attach Form(s) W-2 . . . . . . 7 [box]": the label is the
 * words before the dot leader, the leader says the label belongs to the box it points at,
 * and the "7" after it is the box's number, repeated. So words are grouped by row (centres
 * within a third of their height), and a row is cut
 *  - at dot leaders (dropped: layout, not text; their reach is kept on the phrase before),
 *  - at gaps wider than 0.75 of the font size (a word space is about 0.3; two labels on
 *    one row: "☐ Yes ☐ No  Criminal…"),
 *  - where a field lies between two words ("○ Female ○ Male");
 * then a line number standing alone is joined to the label right of it ("7" + "Wages…"),
 * so line numbers stay with their labels. Braces and brackets alone are not text either.
 */
import { unionBBox, type BBox } from '../../model/document.js';
import type { TextRun } from '../../model/page.js';

/** One word of a run: the run's own fields (a FormWord is a TextRun without its optional marks). */
export type FormWord = Pick<TextRun, 'text' | 'bbox' | 'fontSize' | 'fontName' | 'bold' | 'italic' | 'confidence' | 'source'>;

export interface Phrase {
  words: FormWord[];
  bbox: BBox;
  text: string;
  /** Font size of the phrase's first word. */
  em: number;
  /** Right end of the dot leader that follows the phrase, when one does. */
  leaderEnd?: number;
}

/** A leader word: dots, middle dots, ellipses or underscores only. */
const LEADER_WORD = /^[.·…_]+$/u;
/** Decoration, not text: braces, brackets, arrows standing alone. */
const DECORATION = /^[{}[\]()|]+$/u;
/** A box or line number printed next to a field or a label: "7", "8a", "15b", "(3)". */
export const BOX_NUMBER = /^\(?\d{1,2}[a-z]?\)?$|^[a-h]$/;

const right = (b: BBox) => b.left + b.width;
/** Gaps wider than this (in font sizes) part two phrases: a word space is about 0.25-0.3. */
const WORD_GAP_EM = 0.75;

/** A run's words, each with its share of the run's width. */
export function runWords(r: TextRun): FormWord[] {
  const out: FormWord[] = [];
  const n = r.text.length;
  if (n === 0) return out;
  for (const m of r.text.matchAll(/\S+/g)) {
    const a = m.index!;
    const b = a + m[0].length;
    const left = r.bbox.left + (r.bbox.width * a) / n;
    out.push({ text: m[0], bbox: { left, top: r.bbox.top, width: (r.bbox.width * (b - a)) / n, height: r.bbox.height }, fontSize: r.fontSize, fontName: r.fontName, bold: r.bold, italic: r.italic, confidence: r.confidence, source: r.source });
  }
  return out;
}

function rows(words: readonly FormWord[]): FormWord[][] {
  const sorted = words.slice().sort((a, b) => a.bbox.top + a.bbox.height / 2 - (b.bbox.top + b.bbox.height / 2));
  const out: { cy: number; h: number; words: FormWord[] }[] = [];
  for (const w of sorted) {
    const cy = w.bbox.top + w.bbox.height / 2;
    const row = out.find((r) => Math.abs(r.cy - cy) <= 0.3 * Math.min(r.h, w.bbox.height));
    if (row) row.words.push(w);
    else out.push({ cy, h: w.bbox.height, words: [w] });
  }
  return out.map((r) => glue(r.words.sort((a, b) => a.bbox.left - b.bbox.left)));
}

/** Runs that touch are one word ("8" and "a" in two fonts: "8a"). */
function glue(words: FormWord[]): FormWord[] {
  const out: FormWord[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    if (prev && w.bbox.left - right(prev.bbox) < 0.08 * Math.min(prev.fontSize, w.fontSize) && w.bbox.left > prev.bbox.left) {
      out[out.length - 1] = { ...prev, text: prev.text + w.text, bbox: unionBBox([prev.bbox, w.bbox]) };
    } else out.push(w);
  }
  return out;
}

function phraseOf(words: FormWord[]): Phrase {
  return { words, bbox: unionBBox(words.map((w) => w.bbox)), text: words.map((w) => w.text).join(' '), em: words[0]!.fontSize };
}

/**
 * Not text: a word of dots or underscores, or a "word" far flatter than its font (OCR reads
 * a dot leader as "0.0...", "eects": a few pixels tall on the baseline).
 */
export function isLeaderWord(w: FormWord): boolean {
  return (LEADER_WORD.test(w.text) && w.text.length >= 2) || (w.source === 'ocr' && w.bbox.height < 0.3 * w.fontSize);
}

function isLeaderAt(words: readonly FormWord[], i: number): boolean {
  if (isLeaderWord(words[i]!)) return true;
  const t = words[i]!.text;
  if (!LEADER_WORD.test(t)) return false;
  if (t.length >= 2) return true;
  const near = (j: number) => j >= 0 && j < words.length && LEADER_WORD.test(words[j]!.text);
  return near(i - 1) || near(i + 1);
}

/**
 * Words → phrases (leaders and decoration dropped). `fields` are the boxes of the page's
 * fields: a phrase never spans one.
 */
export function formPhrases(words: readonly FormWord[], fields: readonly BBox[]): Phrase[] {
  const out: Phrase[] = [];
  for (const row of rows(words)) {
    const phrases: Phrase[] = [];
    let cur: FormWord[] = [];
    const flush = () => {
      if (cur.length > 0) phrases.push(phraseOf(cur));
      cur = [];
    };
    for (let i = 0; i < row.length; i++) {
      const w = row[i]!;
      if (isLeaderAt(row, i)) {
        flush();
        const last = phrases[phrases.length - 1];
        if (last) last.leaderEnd = Math.max(last.leaderEnd ?? 0, right(w.bbox));
        continue;
      }
      if (DECORATION.test(w.text)) {
        flush();
        continue;
      }
      const prev = cur[cur.length - 1];
      if (prev) {
        const gap = w.bbox.left - right(prev.bbox);
        const cy = w.bbox.top + w.bbox.height / 2;
        const fieldBetween = fields.some((f) => f.left >= right(prev.bbox) - 1 && right(f) <= w.bbox.left + 1 && cy >= f.top - 2 && cy <= f.top + f.height + 2);
        if (gap > WORD_GAP_EM * Math.max(prev.fontSize, w.fontSize) || fieldBetween) flush();
      }
      cur.push(w);
    }
    flush();
    // A leader's reach continues over leader-only gaps ("Wages . . . 7" keeps pointing on).
    // A line number alone, then its label close after it: one phrase.
    for (let i = phrases.length - 2; i >= 0; i--) {
      const a = phrases[i]!;
      const b = phrases[i + 1]!;
      const gap = b.bbox.left - right(a.bbox);
      const fieldBetween = fields.some((f) => f.left >= right(a.bbox) - 1 && right(f) <= b.bbox.left + 1);
      if (isBoxNumber(a) && a.words.length <= 2 && !BOX_NUMBER.test(b.words[0]!.text) && a.leaderEnd === undefined && gap <= 2.5 * a.em && !fieldBetween) {
        phrases.splice(i, 2, { ...phraseOf([...a.words, ...b.words]), ...(b.leaderEnd !== undefined ? { leaderEnd: b.leaderEnd } : {}) });
      }
    }
    out.push(...phrases);
  }
  return out;
}

/** Whether a phrase is only box numbers ("7", "8a 7"). */
export function isBoxNumber(p: Phrase): boolean {
  return p.words.every((w) => BOX_NUMBER.test(w.text));
}
