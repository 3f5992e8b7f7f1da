/**
 * The last word on a segment's confidence when the layout model looked at its page. The
 * document stage types blocks from evidence across pages (repeated margins, heading sizes,
 * small type low on the page) after the model's fusion; a type it gives that the model
 * did not see for that box (an author line set large called a heading, superscripts low on
 * a page called footnotes) is disputed, and says so: its confidence drops below every type
 * the model confirmed. A type the model confirmed carries the model's score for it.
 * Blocks of pages the model did not run on (no `modelVotes`) keep their confidence.
 */
import type { PageLayout } from '../../model/layout.js';

/** The most a type the model did not confirm may claim at fusion (the model reports from 0.4). */
export const DISPUTED = 0.35;
/**
 * A disputed type keeps this share of the confidence its evidence gave it (at most 0.45,
 * below most of the model's confirmations; the strongest document evidence, a margin line
 * repeated on every page, still ranks above weaker guesses).
 */
const DISPUTED_SHARE = 0.5;

export function settleModelConfidence(pages: readonly PageLayout[]): void {
  for (const p of pages) {
    for (const b of p.blocks) {
      if (!b.modelVotes || b.kind === 'table' || !b.type) continue;
      const vote = b.modelVotes[b.type];
      b.typeConfidence = vote !== undefined ? vote : DISPUTED_SHARE * (b.typeConfidence ?? 0.9);
      delete b.modelVotes;
    }
  }
}
