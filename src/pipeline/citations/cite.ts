/**
 * Citations: a value's words → the page and box that show it, in the spec's form
 * (`bbox` [left, top, right, bottom] in PDF points from the top-left, 1-based page, page size).
 * And grounding for values that did not come from the words (an answer from a language model):
 * the value's words are looked for in the document; no match, no citation.
 */
import { wordsMatch } from '../extract/labels.js';
import { normalizeWord, unionBox, type Token, type TokenizedDocument } from '../extract/tokens.js';

export interface Citation {
  bbox: [number, number, number, number];
  page: number;
  page_width: number;
  page_height: number;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** The box around the value's words on the page of its first word. */
export function citationOf(tokens: Token[], doc: TokenizedDocument): Citation | null {
  if (tokens.length === 0) return null;
  const page = tokens[0]!.page;
  const size = doc.pages.get(page);
  const b = unionBox(tokens.filter((t) => t.page === page).map((t) => t.box));
  return { bbox: [round(b[0]), round(b[1]), round(b[2]), round(b[3])], page, page_width: size?.width ?? 0, page_height: size?.height ?? 0 };
}

/**
 * The document's words that spell `text` (the words in order on one line, or running on to the
 * next lines), or null. Returns the words and the share that matched exactly.
 */
export function groundText(doc: TokenizedDocument, text: string): { tokens: Token[]; exact: number } | null {
  const want = text.split(/\s+/).map(normalizeWord).filter(Boolean);
  if (want.length === 0) return null;
  const toks = doc.tokens.filter((t) => t.norm !== '');
  let best: { tokens: Token[]; exact: number } | null = null;
  for (let i = 0; i + want.length <= toks.length; i++) {
    let exact = 0;
    let ok = true;
    for (let k = 0; k < want.length; k++) {
      const t = toks[i + k]!;
      if (t.norm === want[k]) exact++;
      else if (!wordsMatch(t.norm, want[k]!)) {
        ok = false;
        break;
      }
    }
    if (ok && (!best || exact > best.exact * want.length)) best = { tokens: toks.slice(i, i + want.length), exact: exact / want.length };
    if (best?.exact === 1) break;
  }
  return best;
}
