/**
 * The title of a paper sits above its authors. On a journal's first page the largest type is
 * often the masthead (the journal's name between two logos) and the title is a little smaller
 * just below it; both pass the size test, and "largest wins" took the masthead. What tells
 * them apart without naming any journal is what follows: the title is directly above a line
 * of personal names ("Jing Yu a,b, Lu Lv a,∗", "Mourad Choulli and Laurent Kayser"). Among the
 * candidates of about the largest size, one above an author line is the title, with more
 * confidence than size alone gives; without one, the largest still wins (as before).
 * The author line itself is text, not a section header (its type is larger than the body).
 */
import type { Block, PageLayout } from '../../model/layout.js';
import { blockText } from '../blocks/build-blocks.js';

/** Affiliation and correspondence marks that follow a name ("a,b", "∗∗", "1,2", "†"). */
const MARK = /^([a-z]|\d{1,2}|[∗*†‡§¶#]+|[a-z](,[a-z])+)$/u;
/** One word of a personal name: capitalised ("Jing", "Liebendörfer", "Jean-Paul"), an initial ("J.", "H.-T."), or a particle. */
const NAME_WORD = /^(\p{Lu}[\p{Ll}'’]+(-\p{Lu}?[\p{Ll}'’]+)*|(\p{Lu}\.-?)+|van|von|de|der|den|da|di|du|del|la|le|bin|al)$/u;

function looksLikeName(part: string): boolean {
  const words = part.split(/\s+/).filter((w) => w && !MARK.test(w.replace(/[,;]$/, '')));
  if (words.length < 2 || words.length > 4) return false;
  return words.every((w) => NAME_WORD.test(w.replace(/[∗*†‡§¶\d]+$/u, '')));
}

/** A short block whose comma/"and"-separated parts are mostly personal names (at least two names). */
export function looksLikeAuthors(text: string): boolean {
  if (text.length > 400 || /[:.!?]\s*$/.test(text.trim()) || /\d{4}/.test(text)) return false;
  const parts = text
    .replace(/\s+/g, ' ')
    .split(/,|;|\band\b|&/)
    .map((p) => p.trim())
    .filter((p) => p && !MARK.test(p));
  if (parts.length < 2) return false;
  const names = parts.filter(looksLikeName).length;
  return names >= 2 && names >= parts.length * 0.7;
}

/** The text block right below `b` (overlapping it horizontally, within a few of its font sizes). */
function blockBelow(b: Block, page: PageLayout): Block | undefined {
  const bottom = b.bbox.top + b.bbox.height;
  let best: Block | undefined;
  for (const o of page.blocks) {
    if (o === b || o.kind !== 'text' || o.bbox.top < bottom - 1) continue;
    if (o.bbox.left > b.bbox.left + b.bbox.width || o.bbox.left + o.bbox.width < b.bbox.left) continue;
    if (o.bbox.top - bottom > 4 * b.fontSize) continue;
    if (!best || o.bbox.top < best.bbox.top) best = o;
  }
  return best;
}

/**
 * Among title candidates (already filtered by size and place), the one directly above an
 * author line if one is within 20 % of the largest candidate's size; `authors` is that line.
 */
export function titleAboveAuthors(candidates: readonly Block[], page: PageLayout): { title: Block; authors: Block } | undefined {
  const largest = Math.max(...candidates.map((c) => c.fontSize));
  for (const c of candidates.slice().sort((a, b) => a.bbox.top - b.bbox.top)) {
    if (c.fontSize < largest * 0.8) continue;
    const below = blockBelow(c, page);
    if (below && below.lines.length <= 4 && below.fontSize < c.fontSize && looksLikeAuthors(blockText(below))) return { title: c, authors: below };
  }
  return undefined;
}
