/**
 * Text set sideways up a page's side margin is page furniture: arXiv's stamp
 * ("arXiv:2004.04906v3 [cs.CL] 30 Sep 2020"), a preprint server's or a journal's note, a
 * document number printed up the edge. Set in 20-pt type, arXiv's stamp was the largest
 * text of the first page, so it took the Title from the paper's own title (every arXiv
 * paper of the corpus: the unstructured multi-column and layout-parser papers). It is
 * typed PageHeader, the spec having no margin type and layout sets typing such notes with
 * the page's headers.
 *
 * A block qualifies when it has one or two lines, each running upright (4 characters or
 * more, at least three times as tall as it is wide), standing in the outer fifth of the
 * page on its side, and clear of the span of every other text block of the page that runs
 * across it: a rotated axis title or a sideways table heading stands beside or inside the
 * body's columns, not outside them. The page's text must run across it (four times the
 * characters of its upright text): on a page turned sideways, or set in vertical script,
 * the upright text is the body (camelot's rotated tables, pdf.js's vertical.pdf).
 */
import type { Block, Line, PageLayout } from '../../model/layout.js';

const OUTER = 0.2;
/** The page's text running across must outweigh its upright text this many times. */
const SIDEWAYS_SHARE = 4;

const isUpright = (l: Line) => l.text.replace(/\s/g, '').length >= 4 && l.bbox.height >= 3 * l.bbox.width;

function isMarginStamp(b: Block, p: PageLayout): boolean {
  if (b.kind !== 'text' || b.lines.length === 0 || b.lines.length > 2 || !b.lines.every(isUpright)) return false;
  const left = b.bbox.left;
  const right = b.bbox.left + b.bbox.width;
  const onLeft = right <= p.width * OUTER;
  const onRight = left >= p.width * (1 - OUTER);
  if (!onLeft && !onRight) return false;
  return !p.blocks.some((o) => {
    if (o === b || o.kind !== 'text' || o.lines.every(isUpright)) return false;
    return onLeft ? o.bbox.left < right : o.bbox.left + o.bbox.width > left;
  });
}

/** Characters of the page's text lines that run across it and that run upright. */
function textDirections(p: PageLayout): { across: number; upright: number } {
  let across = 0;
  let upright = 0;
  for (const b of p.blocks) {
    if (b.kind !== 'text') continue;
    for (const l of b.lines) {
      const n = l.text.replace(/\s/g, '').length;
      if (isUpright(l)) upright += n;
      else across += n;
    }
  }
  return { across, upright };
}

/** Sideways notes in the side margins become PageHeader (before the title is chosen). */
export function markMarginStamps(pages: readonly PageLayout[]): void {
  for (const p of pages) {
    const stamps = p.blocks.filter((b) => b.type !== 'Table' && b.type !== 'Picture' && isMarginStamp(b, p));
    if (stamps.length === 0) continue;
    // On a page turned sideways (or set in vertical script) upright text is the body.
    const { across, upright } = textDirections(p);
    if (across < SIDEWAYS_SHARE * upright) continue;
    for (const b of stamps) {
      b.type = 'PageHeader';
      b.typeConfidence = 0.75;
      delete b.level;
    }
  }
}
