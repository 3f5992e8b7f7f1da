/**
 * An OCR line cut where its words cross from one layout region into another. The OCR engine
 * reads a row of text as one line when the gap is narrow: across a two-column page's gutter,
 * from a figure's label into the caption beside it, from a form's label into its value's
 * box. Assigning the whole line to one region (by its centre) would put half of it in the
 * wrong block; so each word finds its region by its centre, words outside every region take
 * the region of the word before them (or after, at the line's start), and the line is cut
 * between words of different regions. Each piece is a line of its own words.
 */
import { unionBBox, type OcrEntry } from '../../model/document.js';
import type { Line } from '../../model/layout.js';

/** `homeOf` maps a point to its region (any value compared by identity), or undefined. */
export function cutLineAt<H>(line: Line, homeOf: (x: number, y: number) => H | undefined): Array<{ line: Line; home: H | undefined }> {
  if (line.words.length === 0) {
    return [{ line, home: homeOf(line.bbox.left + line.bbox.width / 2, line.bbox.top + line.bbox.height / 2) }];
  }
  const homes = line.words.map((w) => homeOf(w.bbox.left + w.bbox.width / 2, w.bbox.top + w.bbox.height / 2));
  // Words outside every region follow their neighbour (region boxes are a little tight).
  for (let i = 1; i < homes.length; i++) if (homes[i] === undefined) homes[i] = homes[i - 1];
  for (let i = homes.length - 2; i >= 0; i--) if (homes[i] === undefined) homes[i] = homes[i + 1];
  if (homes.every((h) => h === homes[0])) return [{ line, home: homes[0] }];
  const out: Array<{ line: Line; home: H | undefined }> = [];
  let start = 0;
  for (let i = 1; i <= homes.length; i++) {
    if (i < homes.length && homes[i] === homes[start]) continue;
    out.push({ line: lineOf(line, line.words.slice(start, i)), home: homes[start] });
    start = i;
  }
  return out;
}

function lineOf(line: Line, words: OcrEntry[]): Line {
  const conf = words.map((w) => w.confidence).filter((c): c is number => c !== null);
  return {
    ...line,
    words,
    text: words.map((w) => w.text).join(' '),
    bbox: unionBBox(words.map((w) => w.bbox)),
    confidence: conf.length ? conf.reduce((a, b) => a + b, 0) / conf.length : line.confidence,
  };
}

/** Pieces of one row closer than this many line heights are one line again. */
const JOIN_GAP = 1.5;

/**
 * Pieces of one row inside one region joined back into lines: the analysis split some OCR
 * rows at wide word gaps (justified text, a misjudged glyph height), which read as two
 * columns to spansColumns and broke the lines' order in the block.
 */
export function joinRowPieces(lines: readonly Line[]): Line[] {
  const sorted = lines.slice().sort((a, b) => a.bbox.left - b.bbox.left);
  const out: Line[] = [];
  for (const l of sorted) {
    const i = out.findIndex((o) => {
      const h = Math.min(o.bbox.height, l.bbox.height);
      const v = Math.min(o.bbox.top + o.bbox.height, l.bbox.top + l.bbox.height) - Math.max(o.bbox.top, l.bbox.top);
      const gap = l.bbox.left - (o.bbox.left + o.bbox.width);
      return v >= 0.5 * h && gap > -0.5 * h && gap <= JOIN_GAP * h;
    });
    if (i < 0) out.push(l);
    else out[i] = { ...lineOf(out[i]!, [...out[i]!.words, ...l.words]), fontSize: Math.max(out[i]!.fontSize, l.fontSize) };
  }
  return out;
}
