/**
 * An equation number ("(2.1)") alone at the right margin, level with a displayed equation, is
 * part of that display. Left alone it was typed by whatever rule it met first: repeated
 * "(#.#)" text near the top of several pages made it a running header. Typed Formula, as the
 * number of a multi-line display is (classify/display-math.ts); a one-line display beside it
 * whose ink is mostly operators, Greek and brackets, without prose words, is a Formula too
 * (the page hints need an "=" or a math font to say so from the block alone).
 */
import type { Block, PageLayout } from '../../model/layout.js';
import { blockText } from '../blocks/build-blocks.js';
import { EQUATION_NUMBER } from './display-math.js';
import { MATH_CHARS } from './page-hints.js';

function sameRow(a: Block, b: Block): boolean {
  const ca = a.bbox.top + a.bbox.height / 2;
  return ca >= b.bbox.top && ca <= b.bbox.top + b.bbox.height;
}

function mathLike(text: string): boolean {
  const compact = text.replace(/\s/g, '');
  const words = text.split(/\s+/).filter((w) => /^[a-zA-Z]{4,}[.,;:]?$/.test(w)).length;
  return compact.length >= 3 && words <= 1 && (compact.match(MATH_CHARS) ?? []).length / compact.length >= 0.25;
}

export function markEquationNumbers(pages: readonly PageLayout[]): void {
  for (const p of pages) {
    for (const b of p.blocks) {
      if (b.kind !== 'text' || b.lines.length !== 1 || b.type === 'Formula' || !EQUATION_NUMBER.test(b.lines[0]!.text.trim())) continue;
      // The display it numbers: a block to its left on its row, a gap of at least two font sizes away.
      const left = p.blocks.filter((o) => o !== b && o.kind === 'text' && sameRow(b, o) && o.bbox.left + o.bbox.width <= b.bbox.left - 2 * b.fontSize);
      const display = left.find((o) => o.type === 'Formula') ?? left.find((o) => o.lines.length <= 3 && (o.type === undefined || o.type === 'Text') && mathLike(blockText(o)));
      if (!display) continue;
      for (const x of [b, display]) {
        x.type = 'Formula';
        x.typeConfidence = 0.6;
        delete x.level;
      }
    }
  }
}
