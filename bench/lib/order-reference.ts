/**
 * pdftotext's reading of one page as a word-order reference that compares like with like
 * (issue 27 item 1). The raw reference (plain `pdftotext`, no `-layout`) differs from a
 * parse in three ways that are not reading order, and this module removes exactly those:
 * 1. line-end hyphenation: pdftotext keeps "activa-" + "tion" where a parse joins the word;
 *    a word ending in "-" at the end of a poppler line is joined to the next line's first
 *    word (the parse side is not touched);
 * 2. tables and figures: the order of a table's cells is table structure
 *    (bench/tables-eval.ts), and a figure's labels (axis ticks, legends) have no reading
 *    order; pdftotext reads ruled tables column block by column block and labels as poppler
 *    happens to group them. Reference words whose centre lies inside a Table or Picture
 *    segment's box are dropped, and so are those segments on the parse side (the caller
 *    passes the boxes);
 * 3. pages where pdftotext's own block order is wrong (checked by hand against the page's
 *    boxes and written in bench/multicolumn-pages.json with the reason): `blockOrder`
 *    lists poppler's block indices in the order a reader reads them. This is a human
 *    correction of the reference, never derived from Quire's output.
 * Words come from `pdftotext -bbox-layout`, whose flow/block order is plain pdftotext's.
 */
import { execFileSync } from 'node:child_process';
import { pageBoxes } from './fidelity.js';
import { words } from './text-metrics.js';

export interface RefBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface RefWord {
  text: string;
  /** Box in page points, top-left origin, relative to the crop box (as Quire's boxes). */
  box: RefBox;
}

export interface RefBlock {
  index: number;
  box: RefBox;
  lines: RefWord[][];
}

const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** poppler's blocks → lines → words of one page, in pdftotext's reading order. */
export function popplerBlocks(file: string, page: number): RefBlock[] {
  const xml = execFileSync('pdftotext', ['-bbox-layout', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const b = pageBoxes(file)[page - 1];
  // poppler's boxes are relative to the media box; Quire's to the crop box.
  const dx = b && b.crop.length === 4 && b.media.length === 4 ? b.crop[0]! - b.media[0]! : 0;
  const dy = b && b.crop.length === 4 && b.media.length === 4 ? b.media[3]! - b.crop[3]! : 0;
  const box = (m: RegExpMatchArray, k: number): RefBox => ({ left: Number(m[k]) - dx, top: Number(m[k + 1]) - dy, width: Number(m[k + 2]) - Number(m[k]), height: Number(m[k + 3]) - Number(m[k + 1]) });
  const blocks: RefBlock[] = [];
  for (const bm of xml.matchAll(/<block xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([\s\S]*?)<\/block>/g)) {
    const lines: RefWord[][] = [];
    for (const lm of bm[5]!.matchAll(/<line [^>]*>([\s\S]*?)<\/line>/g)) {
      const ws: RefWord[] = [];
      for (const wm of lm[1]!.matchAll(/<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g)) ws.push({ text: decode(wm[5]!), box: box(wm, 1) });
      if (ws.length) lines.push(glueTouching(ws));
    }
    blocks.push({ index: blocks.length, box: box(bm, 1), lines });
  }
  return blocks;
}

/**
 * Plain pdftotext prints touching glyph groups as one word ("d1", "e(q)"), where
 * -bbox-layout lists a word per font change ("d" "1"): words with no gap between them are
 * joined again, so the reference's words are plain pdftotext's.
 */
function glueTouching(ws: RefWord[]): RefWord[] {
  const out: RefWord[] = [];
  for (const w of ws) {
    const prev = out[out.length - 1];
    const gap = prev ? w.box.left - (prev.box.left + prev.box.width) : Infinity;
    if (prev && gap < 0.1 * Math.min(prev.box.height, w.box.height) && gap > -0.5 * w.box.height) {
      const right = Math.max(prev.box.left + prev.box.width, w.box.left + w.box.width);
      const top = Math.min(prev.box.top, w.box.top);
      const bottom = Math.max(prev.box.top + prev.box.height, w.box.top + w.box.height);
      out[out.length - 1] = { text: prev.text + w.text, box: { left: prev.box.left, top, width: right - prev.box.left, height: bottom - top } };
    } else out.push(w);
  }
  return out;
}

const centreIn = (w: RefBox, r: RefBox) => {
  const cx = w.left + w.width / 2, cy = w.top + w.height / 2;
  return cx >= r.left && cx <= r.left + r.width && cy >= r.top && cy <= r.top + r.height;
};

export interface ReferenceOptions {
  /** Boxes whose words leave the reference (the parse's Table segments). */
  exclude?: readonly RefBox[];
  /** Corrected block order (poppler block indices); blocks not listed keep their place after. */
  blockOrder?: readonly number[];
  /** Join line-end hyphenation (default true). */
  dehyphenate?: boolean;
}

/** The reference's normalised words (text-metrics `words`), like for like with a parse. */
export function referenceWords(blocks: readonly RefBlock[], opts: ReferenceOptions = {}): string[] {
  let ordered = blocks.slice();
  if (opts.blockOrder) {
    const listed = opts.blockOrder.map((i) => blocks[i]!).filter(Boolean);
    ordered = [...listed, ...blocks.filter((b) => !opts.blockOrder!.includes(b.index))];
  }
  const out: string[] = [];
  let pendingHyphen = false;
  for (const b of ordered) {
    for (const line of b.lines) {
      const kept = line.filter((w) => !(opts.exclude ?? []).some((r) => centreIn(w.box, r)));
      kept.forEach((w, i) => {
        const ws = words(w.text);
        if (ws.length === 0) return;
        const prev = out[out.length - 1];
        if (i === 0 && (opts.dehyphenate ?? true) && pendingHyphen && prev !== undefined) {
          out[out.length - 1] = prev + ws[0]!;
          out.push(...ws.slice(1));
        } else out.push(...ws);
      });
      const last = kept[kept.length - 1];
      pendingHyphen = !!last && /\p{L}-$/u.test(last.text);
    }
  }
  return out;
}

/** The reference as text (words joined by spaces, blocks by newlines) in reading order, for character error rates. */
export function referenceText(blocks: readonly RefBlock[], opts: Pick<ReferenceOptions, 'blockOrder'> = {}): string {
  let ordered = blocks.slice();
  if (opts.blockOrder) {
    const listed = opts.blockOrder.map((i) => blocks[i]!).filter(Boolean);
    ordered = [...listed, ...blocks.filter((b) => !opts.blockOrder!.includes(b.index))];
  }
  return ordered.map((b) => b.lines.map((l) => l.map((w) => w.text).join(' ')).join('\n')).join('\n\n');
}
