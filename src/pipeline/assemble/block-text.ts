/**
 * A block's plain text (the neutral item's `text`, the wire `content`): its lines joined,
 * words broken across lines rejoined. Rendering to html/markdown is render/segments.ts's.
 */
import type { Block } from '../../model/layout.js';

/** A letter then a hyphen or soft hyphen at the end (the last two code points of three units). */
const HYPHEN = /\p{L}[-\u00ad]$/u;

/**
 * Join block lines into running text. A line ending in a hyphen after a letter, followed
 * by a line starting in lower case, is a word broken across lines: it is rejoined.
 */
export function blockContent(b: Block): string {
  let out = '';
  for (const l of b.lines) {
    const t = l.text;
    if (!out) out = t;
    // Only the text's last two characters are tested: an end-anchored regex on the growing
    // text is tried at every position of it (quadratic in the block's length).
    else if (HYPHEN.test(out.slice(-3)) && /^\p{Ll}/u.test(t)) out = out.slice(0, -1) + t;
    else out += '\n' + t;
  }
  return out.trim();
}
