/**
 * Drop caps: a paragraph's first letter set several lines tall beside its first lines ("T"
 * then "his release of the Bureau…"). Built from the page's geometry it is a block of its own
 * (typed Title by its size) and the paragraph opens with "his": the letter goes back into the
 * paragraph's first word. Only a lone capital letter, at least 2.5 times the paragraph's
 * size, whose right edge the paragraph's first line starts just after, level with the
 * letter's top, and which the first line continues in lower case (a capital after it, as in
 * small-capital openings, could be a word of its own: "A" "LONG" is left as it is).
 */
import { unionBBox } from '../../model/document.js';
import type { Block, Line } from '../../model/layout.js';

const LONE_CAPITAL = /^\p{Lu}$/u;
const LOWER_START = /^\p{Ll}/u;

/** `blocks` with each drop cap joined to the paragraph it opens (in place order; the cap's block removed). */
export function joinDropCaps(blocks: Block[]): Block[] {
  const caps = blocks.filter((b) => b.kind === 'text' && b.lines.length === 1 && LONE_CAPITAL.test(b.lines[0]!.text.trim()));
  if (caps.length === 0) return blocks;
  const joined = new Set<Block>();
  for (const cap of caps) {
    const letter = cap.lines[0]!;
    const para = blocks.find((b) => b !== cap && b.kind === 'text' && !joined.has(b) && b.lines.length > 0 && opens(letter, b.lines[0]!));
    if (!para) continue;
    const first = para.lines[0]!;
    const [word, ...rest] = first.words;
    const text = letter.text.trim();
    para.lines[0] = {
      ...first,
      text: text + first.text,
      words: word ? [{ ...word, text: text + word.text, bbox: unionBBox([letter.bbox, word.bbox]) }, ...rest] : first.words,
    };
    para.bbox = unionBBox([para.bbox, letter.bbox]);
    joined.add(cap);
  }
  return joined.size ? blocks.filter((b) => !joined.has(b)) : blocks;
}

/** `line` is the first line of the paragraph that the capital `letter` opens. */
function opens(letter: Line, line: Line): boolean {
  const size = line.fontSize;
  if (!(letter.fontSize >= 2.5 * size) || !LOWER_START.test(line.text)) return false;
  const capRight = letter.bbox.left + letter.bbox.width;
  const after = line.bbox.left - capRight;
  return after >= -0.25 * size && after <= 1.5 * size && Math.abs(line.bbox.top - letter.bbox.top) <= Math.max(size, 0.25 * letter.bbox.height);
}
