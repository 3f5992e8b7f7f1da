/**
 * Checks a redaction the way an outsider would: poppler (another PDF implementation than the
 * PDFium that edits) reads the words and renders the pages before and after. Boxes are drawn
 * around words `pdftotext -bbox` finds; after the edit, those words must be gone from the
 * boxes, the replacement must be there, every word outside must be unchanged (text and
 * position), and the raster outside the boxes may differ only by anti-aliasing at box edges.
 * Shared by test/edit/redaction-corpus.test.ts (a handful of PDFs) and bench/redaction.ts (≥ 30).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Word {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
}

export interface PageSize {
  width: number;
  height: number;
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export function popplerWords(file: string, lastPage: number): { words: Word[]; pages: PageSize[] } {
  const html = execFileSync('pdftotext', ['-cropbox', '-bbox', '-l', String(lastPage), file, '-'], { encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
  const words: Word[] = [];
  const pages: PageSize[] = [];
  for (const chunk of html.split('<page ').slice(1)) {
    const size = chunk.match(/^width="([\d.]+)" height="([\d.]+)"/);
    pages.push({ width: Number(size?.[1] ?? 0), height: Number(size?.[2] ?? 0) });
    for (const w of chunk.matchAll(/<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g)) {
      words.push({ page: pages.length, x0: +w[1], y0: +w[2], x1: +w[3], y1: +w[4], text: unescape(w[5]) });
    }
  }
  return { words, pages };
}

export interface Box {
  page: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Words a box covers: their centre lies inside it. */
const centreIn = (w: Word, b: Box) => {
  const cx = (w.x0 + w.x1) / 2;
  const cy = (w.y0 + w.y1) / 2;
  return w.page === b.page && cx > b.left && cx < b.left + b.width && cy > b.top && cy < b.top + b.height;
};
const touches = (w: Word, b: Box, margin: number) =>
  w.page === b.page && w.x1 > b.left - margin && w.x0 < b.left + b.width + margin && w.y1 > b.top - margin && w.y0 < b.top + b.height + margin;

/**
 * Up to `perPage` targets per page: words of 3+ letters or digits spread over the page, not
 * overlapping another word, drawn as their box shrunk by 15 % vertically (line boxes of tight
 * leading overlap the next line's).
 */
export function chooseTargets(words: Word[], pages: number, perPage: number): Array<{ word: Word; box: Box }> {
  const out: Array<{ word: Word; box: Box }> = [];
  for (let p = 1; p <= pages; p++) {
    const onPage = words.filter((w) => w.page === p);
    const candidates = onPage.filter(
      (w) =>
        /^[\p{L}\p{N}]{3,}$/u.test(w.text) &&
        w.x1 - w.x0 > 4 &&
        !onPage.some((o) => o !== w && o.x1 > w.x0 && o.x0 < w.x1 && o.y1 > w.y0 + 0.2 * (w.y1 - w.y0) && o.y0 < w.y1 - 0.2 * (w.y1 - w.y0)),
    );
    for (let k = 0; k < perPage && candidates.length > 0; k++) {
      const word = candidates[Math.floor(((k + 0.5) * candidates.length) / perPage)];
      if (out.some((t) => t.word === word)) continue;
      const h = word.y1 - word.y0;
      out.push({ word, box: { page: p, left: word.x0, top: word.y0 + 0.15 * h, width: word.x1 - word.x0, height: 0.7 * h } });
    }
  }
  return out;
}

export interface RedactionCheck {
  targets: number;
  /** Target words pdftotext still finds inside their box. */
  leaked: string[];
  /** Boxes whose replacement pdftotext does not find. */
  missingReplacement: number;
  /** Words outside every box, before. */
  outsideWords: number;
  /** Of those, words missing or moved after. */
  changedOutside: string[];
  /** Pixels outside the (2 px dilated) boxes that differ by more than 48 grey levels at 72 dpi from every pixel within 1 px in the other render. */
  rasterDiffPixels: number;
  rasterPixels: number;
  /** A few of the differing pixels, for diagnosis. */
  rasterDiffAt: string[];
}

export function checkRedaction(before: string, after: string, lastPage: number, targets: Array<{ word: Word; box: Box }>, replacement: (i: number) => string): RedactionCheck {
  const a = popplerWords(before, lastPage);
  const b = popplerWords(after, lastPage);
  const boxes = targets.map((t) => t.box);
  const leaked: string[] = [];
  let missingReplacement = 0;
  targets.forEach((t, i) => {
    const inside = b.words.filter((w) => centreIn(w, t.box) || touches(w, t.box, -0.5));
    const rep = replacement(i);
    if (inside.some((w) => w.text.includes(t.word.text) && !rep.includes(t.word.text))) leaked.push(t.word.text);
    if (rep && !inside.some((w) => w.text.includes(rep) || rep.includes(w.text))) missingReplacement++;
  });
  // Words that are not readable text (control characters, U+FFFD from fonts without a
  // Unicode map) cannot be searched or copied either way: not compared.
  const readable = (w: Word) => !/[\u0000-\u001f\ufffd]/.test(w.text);
  const outside = a.words.filter((w) => readable(w) && !boxes.some((bx) => touches(w, bx, 0)));
  const changedOutside = outside
    .filter((w) => !b.words.some((v) => v.page === w.page && v.text === w.text && Math.abs(v.x0 - w.x0) < 0.6 && Math.abs(v.y0 - w.y0) < 0.6))
    // pdftotext may glue a neighbour to a word or split it differently once a box cut the run;
    // a word still found as part of a word at its place is unchanged text in place.
    .filter((w) => !b.words.some((v) => v.page === w.page && (v.text.includes(w.text) || w.text.includes(v.text)) && v.x0 < w.x1 && v.x1 > w.x0 && Math.abs(v.y0 - w.y0) < 0.6))
    .map((w) => `${w.text}@p${w.page}(${w.x0.toFixed(1)},${w.y0.toFixed(1)})`);
  // A glyph mostly inside a box goes whole, ascenders included: mask the removed words' own
  // boxes as well as the edit boxes.
  const masks = [...boxes, ...targets.map((t) => ({ page: t.word.page, left: t.word.x0, top: t.word.y0, width: t.word.x1 - t.word.x0, height: t.word.y1 - t.word.y0 }))];
  const raster = rasterDiff(before, after, lastPage, masks);
  return { targets: targets.length, leaked, missingReplacement, outsideWords: outside.length, changedOutside, ...raster };
}

function readPgm(file: string): { w: number; h: number; px: Uint8Array } {
  const buf = readFileSync(file);
  const header = buf.subarray(0, 64).toString('latin1').match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error(`not a PGM: ${file}`);
  return { w: +header[1], h: +header[2], px: buf.subarray(header[0].length) };
}

function near(img: { w: number; h: number; px: Uint8Array }, x: number, y: number, v: number): boolean {
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx;
      const yy = y + dy;
      if (xx >= 0 && yy >= 0 && xx < img.w && yy < img.h && Math.abs(img.px[yy * img.w + xx] - v) <= 48) return true;
    }
  }
  return false;
}

function rasterDiff(before: string, after: string, lastPage: number, boxes: Box[]): { rasterDiffPixels: number; rasterPixels: number; rasterDiffAt: string[] } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-redact-'));
  try {
    let diff = 0;
    let total = 0;
    const where: string[] = [];
    for (const [name, file] of [['a', before], ['b', after]] as const) {
      execFileSync('pdftoppm', ['-cropbox', '-gray', '-r', '72', '-l', String(lastPage), file, path.join(dir, name)], { stdio: 'ignore' });
    }
    for (let p = 1; p <= lastPage; p++) {
      const pad = (f: string) => {
        for (const d of [String(p), String(p).padStart(2, '0'), String(p).padStart(3, '0')]) {
          try {
            return readPgm(path.join(dir, `${f}-${d}.pgm`));
          } catch {
            /* try the next width */
          }
        }
        return null;
      };
      const A = pad('a');
      const B = pad('b');
      if (!A || !B || A.w !== B.w || A.h !== B.h) continue;
      const mine = boxes.filter((bx) => bx.page === p);
      for (let y = 0; y < A.h; y++) {
        for (let x = 0; x < A.w; x++) {
          if (mine.some((bx) => x >= bx.left - 2 && x <= bx.left + bx.width + 2 && y >= bx.top - 2 && y <= bx.top + bx.height + 2)) continue;
          total++;
          // Anti-aliasing tolerant: a pixel differs when no pixel within 1 px of it in the
          // other render is within 48 grey levels (a sub-pixel shift of a glyph passes).
          const va = A.px[y * A.w + x];
          if (Math.abs(va - B.px[y * A.w + x]) > 48 && !near(B, x, y, va) ) {
            diff++;
            if (where.length < 12) where.push(`p${p}(${x},${y})`);
          }
        }
      }
    }
    return { rasterDiffPixels: diff, rasterPixels: total, rasterDiffAt: where };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function writeTemp(bytes: Uint8Array, name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-edit-'));
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}
