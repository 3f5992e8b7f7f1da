/**
 * A form page's text as label candidates ("phrases"): the analysis's lines cut at dot
 * leaders, with the leaders themselves dropped. A form line reads "7 Wages, salaries, tips,
 * etc. Attach Form(s) W-2 . . . . . . 7 [box]": the label is the words before the leader,
 * the leader says that the label belongs to the box it points at, and the "7" after it is
 * the box's number, repeated. Lines come from lines/build-lines.ts (rows split at 2 em
 * gaps), so a line number stays with the label beside it.
 */
import { unionBBox, type BBox, type OcrEntry } from '../../model/document.js';
import type { Line } from '../../model/layout.js';
import type { TextRun } from '../../model/page.js';
import { buildLines } from '../lines/build-lines.js';

export interface Phrase {
  words: OcrEntry[];
  bbox: BBox;
  text: string;
  /** Font size of the line the phrase was cut from. */
  em: number;
  line: Line;
  /** Right end of the dot leader that follows the phrase, when one does. */
  leaderEnd?: number;
}

/** A leader word: dots, middle dots, ellipses or underscores only. */
const LEADER_WORD = /^[.·…_]+$/u;

/** A box number printed next to a field: "7", "8a", "15b", "20a". */
export const BOX_NUMBER = /^\(?\d{1,2}[a-z]?\)?$/;

function isLeaderAt(words: readonly OcrEntry[], i: number): boolean {
  const t = words[i]!.text;
  if (!LEADER_WORD.test(t)) return false;
  if (t.length >= 2) return true;
  // A single "." is a leader when another leader word stands next to it.
  const near = (j: number) => j >= 0 && j < words.length && LEADER_WORD.test(words[j]!.text);
  return near(i - 1) || near(i + 1);
}

function phraseOf(words: OcrEntry[], line: Line): Phrase {
  return { words, bbox: unionBBox(words.map((w) => w.bbox)), text: words.map((w) => w.text).join(' '), em: line.fontSize, line };
}

/** Runs → phrases (leaders dropped); also the boxes of the leaders, for the pairing. */
export function formPhrases(runs: readonly TextRun[]): { phrases: Phrase[]; leaders: BBox[] } {
  const phrases: Phrase[] = [];
  const leaders: BBox[] = [];
  // Leader-only runs are dropped by build-lines; their boxes still link a label to its box.
  for (const r of runs) if (/^[\s.·…_]+$/u.test(r.text) && r.text.replace(/\s+/g, '').length >= 2) leaders.push(r.bbox);
  for (const line of buildLines(runs)) {
    const words = line.words.length > 0 ? line.words : [{ text: line.text, bbox: line.bbox, confidence: line.confidence }];
    let cur: OcrEntry[] = [];
    for (let i = 0; i < words.length; i++) {
      if (isLeaderAt(words, i)) {
        leaders.push(words[i]!.bbox);
        if (cur.length > 0) {
          phrases.push(phraseOf(cur, line));
          cur = [];
        }
        const last = phrases[phrases.length - 1];
        if (last && last.line === line) last.leaderEnd = Math.max(last.leaderEnd ?? 0, words[i]!.bbox.left + words[i]!.bbox.width);
        continue;
      }
      cur.push(words[i]!);
    }
    if (cur.length > 0) phrases.push(phraseOf(cur, line));
  }
  // Leader runs that build-lines left out: the phrase before them on their row points on.
  for (const l of leaders) {
    const cy = l.top + l.height / 2;
    let best: Phrase | undefined;
    for (const p of phrases) {
      if (cy < p.bbox.top || cy > p.bbox.top + p.bbox.height) continue;
      const right = p.bbox.left + p.bbox.width;
      if (right > l.left + 1 || l.left - right > 3 * p.em) continue;
      if (!best || right > best.bbox.left + best.bbox.width) best = p;
    }
    if (best) best.leaderEnd = Math.max(best.leaderEnd ?? 0, l.left + l.width);
  }
  // Chains of leaders: a phrase's leader reaches as far as leaders continue on its row.
  for (const p of phrases) {
    if (p.leaderEnd === undefined) continue;
    const cy = p.bbox.top + p.bbox.height / 2;
    let grew = true;
    while (grew) {
      grew = false;
      for (const l of leaders) {
        if (cy < l.top - p.em * 0.5 || cy > l.top + l.height + p.em * 0.5) continue;
        if (l.left <= p.leaderEnd + 2 * p.em && l.left + l.width > p.leaderEnd) {
          p.leaderEnd = l.left + l.width;
          grew = true;
        }
      }
    }
  }
  return { phrases, leaders };
}
