/**
 * The document as extraction sees it: every word with its page and box, grouped into visual
 * lines. Extraction only ever returns values made of these words, so each value can be cited.
 *
 * Word sources differ: OCR gives one entry per word, the text layer one entry per run ("Invoice
 * Number: 42183017"), table cells one entry per cell. Runs are split into words here, each
 * word's box estimated from its character offsets within the run (text-layer fonts are close
 * enough to proportional for a citation box that must contain the word).
 */
import type { QuireDocument } from '../../model/quire-document.js';

/** [left, top, right, bottom], page units, origin top-left. */
export type Box = [number, number, number, number];

export interface Token {
  text: string;
  /** Lower-cased, accents and edge punctuation removed; '' for pure punctuation. */
  norm: string;
  page: number;
  box: Box;
  /** OCR confidence in [0, 1]; 1 for text-layer words. */
  conf: number;
  /** Index of the token in the document's token list. */
  index: number;
  line: number;
  /** Horizontal gap to the previous token on the line, in multiples of the line height. */
  gap: number;
}

export interface Line {
  index: number;
  page: number;
  tokens: Token[];
  box: Box;
  text: string;
}

export interface PageSize {
  width: number;
  height: number;
}

export interface TokenizedDocument {
  tokens: Token[];
  lines: Line[];
  pages: Map<number, PageSize>;
}

export function normalizeWord(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}#€$£¥₹%]+|[^\p{L}\p{N}#€$£¥₹%]+$/gu, '');
}

interface RawWord {
  text: string;
  page: number;
  box: Box;
  conf: number;
  /** One glyph of a text layer that places each character on its own. */
  glyph?: boolean;
}

/** Splits a run's text into words with boxes proportional to character offsets. */
function splitRun(text: string, page: number, box: Box, conf: number, out: RawWord[]): void {
  const rows = text.split('\n');
  const rowH = (box[3] - box[1]) / rows.length;
  rows.forEach((row, r) => {
    const top = box[1] + r * rowH;
    const width = box[2] - box[0];
    const n = Math.max(1, row.length);
    for (const m of row.matchAll(/\S+/g)) {
      const a = m.index!;
      const b = a + m[0].length;
      out.push({ text: m[0], page, box: [box[0] + (width * a) / n, top, box[0] + (width * b) / n, top + rowH], conf });
    }
  });
}

function collectWords(doc: QuireDocument): RawWord[] {
  const out: RawWord[] = [];
  for (const item of doc.items) {
    const prov = item.prov[0];
    if (!prov) continue;
    if (item.words && item.words.length > 0) {
      for (const w of item.words) {
        const b = w.bbox;
        const before = out.length;
        splitRun(w.text, prov.pageNumber, [b.left, b.top, b.left + b.width, b.top + b.height], w.confidence ?? 1, out);
        if (out.length === before + 1 && w.text.trim().length === 1) out[before]!.glyph = true;
      }
    } else if (prov.bbox && item.text.trim()) {
      const b = prov.bbox;
      splitRun(item.text, prov.pageNumber, [b.left, b.top, b.left + b.width, b.top + b.height], item.confidence ?? 1, out);
    }
  }
  return out;
}

/** Groups words into lines: a word joins the line whose vertical band holds its centre. */
function groupLines(words: RawWord[]): RawWord[][] {
  const byPage = new Map<number, RawWord[]>();
  for (const w of words) {
    const onPage = byPage.get(w.page);
    if (onPage) onPage.push(w);
    else byPage.set(w.page, [w]);
  }
  const lines: RawWord[][] = [];
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    const ws = byPage.get(page)!.sort((a, b) => a.box[1] + a.box[3] - (b.box[1] + b.box[3]));
    const open: { top: number; bottom: number; words: RawWord[] }[] = [];
    for (const w of ws) {
      const cy = (w.box[1] + w.box[3]) / 2;
      const h = w.box[3] - w.box[1];
      const hit = open.find((l) => cy >= l.top && cy <= l.bottom && Math.abs(l.bottom - l.top - h) < Math.max(h, l.bottom - l.top) * 0.8 && !l.words.some((o) => overlapsX(o.box, w.box)));
      if (hit) {
        hit.words.push(w);
      } else {
        open.push({ top: w.box[1], bottom: w.box[3], words: [w] });
      }
    }
    open.sort((a, b) => a.top - b.top);
    for (const l of open) lines.push(mergeGlyphs(l.words.sort((a, b) => a.box[0] - b.box[0])));
  }
  return lines;
}

/** Glyphs set one by one ("P","A","Y") become words again: touching glyphs join. */
function mergeGlyphs(ws: RawWord[]): RawWord[] {
  const out: RawWord[] = [];
  for (const w of ws) {
    const prev = out[out.length - 1];
    const h = w.box[3] - w.box[1];
    if (prev && w.glyph && prev.glyph && w.box[0] - prev.box[2] < 0.2 * h) {
      out[out.length - 1] = { text: prev.text + w.text, page: w.page, box: unionBox([prev.box, w.box]), conf: Math.min(prev.conf, w.conf), glyph: true };
    } else {
      out.push({ ...w });
    }
  }
  return out;
}

function overlapsX(a: Box, b: Box): boolean {
  const ov = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  return ov > 0.5 * Math.min(a[2] - a[0], b[2] - b[0]);
}

export function unionBox(boxes: Box[]): Box {
  return [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
}

export function tokenizeDocument(doc: QuireDocument, maxTokens = 200_000): TokenizedDocument {
  const pages = new Map<number, PageSize>();
  for (const p of doc.pages) pages.set(p.pageNumber, { width: p.width, height: p.height });
  const raw = collectWords(doc).slice(0, maxTokens);
  const tokens: Token[] = [];
  const lines: Line[] = [];
  for (const ws of groupLines(raw)) appendLine(tokens, lines, ws[0]!.page, ws);
  return { tokens, lines, pages };
}

/**
 * Appends one line of words, left to right, to `tokens` and `lines`: each word's token with
 * its gap to the previous word in line heights (the median word height). Used when a
 * document is tokenized and when re-read words replace a line's (reread.ts).
 */
export function appendLine(tokens: Token[], lines: Line[], page: number, words: readonly { text: string; box: Box; conf: number }[]): void {
  const h = Math.max(1, median(words.map((w) => w.box[3] - w.box[1])));
  const lt: Token[] = words.map((w, i) => ({
    text: w.text,
    norm: normalizeWord(w.text),
    page,
    box: w.box,
    conf: w.conf,
    index: tokens.length + i,
    line: lines.length,
    gap: i === 0 ? 0 : (w.box[0] - words[i - 1]!.box[2]) / h,
  }));
  tokens.push(...lt);
  lines.push({ index: lines.length, page, tokens: lt, box: unionBox(lt.map((t) => t.box)), text: lt.map((t) => t.text).join(' ') });
}

function median(v: number[]): number {
  const s = v.slice().sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}
