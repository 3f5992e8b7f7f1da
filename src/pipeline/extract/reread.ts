/**
 * The line re-read (gamma and delta on OCR'd pages), its pure half: which lines to read again
 * and the document with those lines replaced by their second reading. The reading itself is
 * I/O (pipeline/ocr/reread-lines.ts, run in a worker); the choice between the readings is
 * made by re-extracting from the new document (operations/extract/line-reread.ts).
 *
 * Lines chosen, per top-level scalar field: the lines of its OCR'd value (any word under
 * confidence 1, i.e. not a text layer) and, when it found nothing or is unsure, the lines that
 * hold one of its labels (where its value should have been read). At most MAX_REREAD_LINES,
 * the uncertain fields' first, so the cost stays a few line-sized OCR calls.
 */
import { findLabels, profileField } from './labels.js';
import type { Outcome } from './extract-document.js';
import { appendLine, type Box, type Line, type Token, type TokenizedDocument } from './tokens.js';
import { mainType, type FieldSchema } from './types.js';

export const MAX_REREAD_LINES = 12;
/** A field under this score also has its label lines re-read. */
const UNSURE = 0.8;

export function linesToReread(doc: TokenizedDocument, schema: FieldSchema, outcomes: Record<string, Outcome>, max = MAX_REREAD_LINES): number[] {
  const ocrLine = (l: Line) => l.tokens.some((t) => t.conf < 1);
  const picked: number[] = [];
  const add = (i: number) => {
    if (picked.length < max && !picked.includes(i) && ocrLine(doc.lines[i]!)) picked.push(i);
  };
  const entries = Object.entries(outcomes)
    .filter(([k, o]) => o.kind === 'scalar' && schema.properties?.[k])
    .map(([k, o]) => ({ key: k, c: (o as Extract<Outcome, { kind: 'scalar' }>).candidate }))
    .sort((a, b) => (a.c?.score ?? 0) - (b.c?.score ?? 0));
  for (const { key, c } of entries) {
    for (const t of c?.tokens ?? []) add(t.line);
    if (c && c.score >= UNSURE) continue;
    const s = schema.properties![key]!;
    const profile = profileField(key, s.description, mainType(s), s.format);
    for (const line of doc.lines) if (findLabels(line, profile).length > 0) add(line.index);
  }
  return picked;
}

export interface RereadWordLike {
  text: string;
  box: Box;
  conf: number;
}

/** The document with the given lines' words replaced (a line read as nothing keeps its words). */
export function replaceLines(doc: TokenizedDocument, replacements: Map<number, RereadWordLike[]>): TokenizedDocument {
  const tokens: Token[] = [];
  const lines: Line[] = [];
  for (const line of doc.lines) {
    // A crop's margins read as stray marks ("—", "_", "~"): words without a letter or digit go.
    const words = replacements.get(line.index)?.filter((w) => /[\p{L}\p{N}&#%€$£¥₹]/u.test(w.text));
    const source: RereadWordLike[] = words && words.length > 0 ? words.slice().sort((a, b) => a.box[0] - b.box[0]) : line.tokens;
    appendLine(tokens, lines, line.page, source);
  }
  return { tokens, lines, pages: doc.pages };
}
