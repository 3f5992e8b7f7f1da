/**
 * The line re-read of gamma and delta on scanned images: the lines that the values and the
 * labels of the fields sit on (pipeline/extract/reread.ts chooses them) are OCR'd again one
 * crop each (worker task `ocr.rereadLines`), the document is rebuilt with those lines, and
 * every top-level scalar field is extracted again from it. A field takes the new candidate when
 * the old one is missing, or when the new reading of the old value's own lines no longer spells
 * it and the new value comes from those lines, its words read with a higher OCR confidence
 * (the lowest word's) than the old value's: the second
 * reading sees each line at the image's full resolution with its line segmentation known, but
 * it misreads too ("16-03" → "18-03"), so the engine's own confidence arbitrates. Two readings
 * of the same pixels are not independent: agreement raises no score.
 *
 * Images (PNG, JPEG, TIFF, WebP, ...; page units are pixels) and scanned PDFs (each line box
 * rendered alone at the OCR resolution); a text layer's lines are never chosen.
 * Measured in bench/extract.ts (SROIE) and bench/extract-latency.ts (cost).
 */
import type { LoadedInput } from '../../input/resolve-input.js';
import { extractFromDocument, DEFAULT_LIMITS, type Outcome } from '../../pipeline/extract/extract-document.js';
import { linesToReread, replaceLines, type RereadWordLike } from '../../pipeline/extract/reread.js';
import type { TokenizedDocument } from '../../pipeline/extract/tokens.js';
import type { FieldSchema, Strategy } from '../../pipeline/extract/types.js';
import type { RereadWord } from '../../pipeline/ocr/reread-lines.js';

const IMAGE_TYPES = new Set(['png', 'jpeg', 'tiff', 'gif', 'webp', 'bmp']);

export type ReadLines = (page: number, boxes: [number, number, number, number][]) => Promise<RereadWord[][]>;

const minConf = (tokens: { conf: number }[]) => (tokens.length ? Math.min(...tokens.map((t) => t.conf)) : 0);

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** The old value's words are all on re-read lines, and those lines, read again, still spell them. */
function confirmed(tokens: { text: string; line: number }[], second: TokenizedDocument): boolean {
  if (tokens.length === 0) return false;
  const lines = [...new Set(tokens.map((t) => t.line))];
  const again = squash(lines.map((i) => second.lines[i]?.text ?? '').join(''));
  return squash(tokens.map((t) => t.text).join('')).length > 0 && again.includes(squash(tokens.map((t) => t.text).join('')));
}

/** Images, and PDFs (only their OCR'd lines are ever chosen: a text layer is not re-read). */
export function canReread(input: Pick<LoadedInput, 'type'>): boolean {
  return IMAGE_TYPES.has(input.type) || input.type === 'pdf';
}

export interface RereadOutcome {
  /** The document with the re-read lines (the one to cite from). */
  doc: TokenizedDocument;
  lines: number;
  changed: number;
}

/** Re-reads the chosen lines and updates `outcomes` in place; null when nothing was chosen. */
export async function rereadLinesAndExtract(doc: TokenizedDocument, schema: FieldSchema, outcomes: Record<string, Outcome>, strategy: Strategy, read: ReadLines): Promise<RereadOutcome | null> {
  const chosen = linesToReread(doc, schema, outcomes);
  if (chosen.length === 0) return null;
  const replacements = new Map<number, RereadWordLike[]>();
  const pages = [...new Set(chosen.map((i) => doc.lines[i]!.page))];
  for (const page of pages) {
    const idx = chosen.filter((i) => doc.lines[i]!.page === page);
    const words = await read(page, idx.map((i) => doc.lines[i]!.box));
    idx.forEach((i, k) => replacements.set(i, words[k] ?? []));
  }
  const second = replaceLines(doc, replacements);
  const keys = Object.keys(outcomes).filter((k) => outcomes[k]!.kind === 'scalar');
  const sub: FieldSchema = { ...schema, properties: Object.fromEntries(keys.map((k) => [k, schema.properties![k]!])) };
  const again = extractFromDocument(second, sub, strategy, DEFAULT_LIMITS);
  let changed = 0;
  for (const k of keys) {
    const a = outcomes[k] as Extract<Outcome, { kind: 'scalar' }>;
    const b = again[k] as Extract<Outcome, { kind: 'scalar' }> | undefined;
    if (!b?.candidate) continue;
    if (a.candidate) {
      // Two readings of the same pixels: the old value stays unless the new reading of its own
      // lines contradicts it, and the new value must then be read more surely, and found as well.
      if (String(a.candidate.value) === String(b.candidate.value)) continue;
      if (confirmed(a.candidate.tokens, second)) continue;
      // A correction is read where the old value was: a line the re-read garbled is no reason
      // to move the field to another line (the lines keep their indices in `second`).
      const oldLines = new Set(a.candidate.tokens.map((t) => t.line));
      if (!b.candidate.tokens.every((t) => oldLines.has(t.line))) continue;
      // One-line values only: over a multi-line block (an address) one low word is no reason
      // to swap every line's spelling for the crop reader's (which splits "NO.53" as "NO. 53").
      if (oldLines.size > 1) continue;
      if (minConf(b.candidate.tokens) <= minConf(a.candidate.tokens)) continue;
    }
    changed++;
    outcomes[k] = { kind: 'scalar', candidate: { ...b.candidate, via: `${b.candidate.via}+reread` } };
  }
  return { doc: second, lines: chosen.length, changed };
}
