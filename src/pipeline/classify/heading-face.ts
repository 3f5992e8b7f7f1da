/**
 * A numbered line set in another face than the body text is a heading ("2.1. Chemicals and
 * materials" in italic, "1. Introduction" in a bold cut, above paragraphs in the roman).
 * Bold and italic are read from font names, and many embedded fonts say neither in a way
 * the name test knows (GulliverBL, GulliverIT, AdvOT...): what does not depend on naming is
 * that the line's font is not the one most of the document's text is set in. Numbered list
 * items ("2. Buy milk.") are set in the body face, which is what tells the two apart when
 * both are one short line.
 */
import type { PageLayout } from '../../model/layout.js';
import type { Block } from '../../model/layout.js';

/** The font name most characters of the document's text blocks are set in. */
export function bodyFace(pages: readonly PageLayout[]): string | undefined {
  const chars = new Map<string, number>();
  for (const p of pages) {
    for (const b of p.blocks) {
      if (b.kind !== 'text') continue;
      for (const l of b.lines) if (l.fontName) chars.set(l.fontName, (chars.get(l.fontName) ?? 0) + l.text.length);
    }
  }
  let best: string | undefined;
  let most = 0;
  for (const [face, n] of chars) if (n > most) [best, most] = [face, n];
  return best;
}

/** A contents entry ends with its page number ("2. Shorter Terms 292"): an entry, not a heading. */
const CONTENTS_ENTRY = /\s\d{1,4}\s*$/;

/** Every line of the block is set in a face other than the body's, and it is not a contents entry. */
export function setApartFromBody(b: Block, body: string | undefined): boolean {
  if (body === undefined || b.lines.length === 0 || CONTENTS_ENTRY.test(b.lines[b.lines.length - 1]!.text)) return false;
  return b.lines.every((l) => l.fontName !== '' && l.fontName !== body);
}
