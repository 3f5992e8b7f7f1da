/**
 * label-spec.json (written by hand, page by page, looking at the rendered pages) →
 * labels.json (boxes). A spec pair names its value by widget index (the file's own field
 * rectangle, in the order pdf.js lists the page's widgets; several indices: one printed box
 * split into widgets, such as dollars and cents) or by a box in PDF points (drawn fields),
 * and its key by the printed words (one string per line or piece of the label). Each key
 * piece is found among poppler's words (`pdftotext -bbox-layout`), as the run of words
 * that reads the same (letters and digits only, case ignored) nearest to the value box.
 *
 *   npx tsx bench/forms-kv/resolve-labels.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import sharp from 'sharp';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { readFormWidgets } from '../../src/formats/pdf/form-widgets.js';

type Box = [number, number, number, number];
interface SpecPair { w?: number | number[]; v?: Box; key: string | string[]; kind?: string }
interface SpecPage { id: string; pairs: SpecPair[]; ignore?: Box[] }
interface Word { n: string; box: Box }

const here = path.dirname(new URL(import.meta.url).pathname);
const corpus = process.env.QUIRE_CORPUS ?? path.join(here, '../../../shared/corpus');
const norm = (s: string) => s.toLowerCase().replace(/&(amp|apos|quot|lt|gt|#\d+);/g, ' ').replace(/[^\p{L}\p{N}]+/gu, '');

function popplerLines(file: string, page: number): Word[][] {
  const xml = execFileSync('pdftotext', ['-bbox-layout', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'ignore'] });
  const out: Word[][] = [];
  for (const m of xml.matchAll(/<line [^>]*>([\s\S]*?)<\/line>/g)) {
    out.push([...m[1]!.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((w) => ({ n: norm(w[5]!), box: [+w[1]!, +w[2]!, +w[3]!, +w[4]!] as Box })));
  }
  return out;
}

const union = (bs: Box[]): Box => [Math.min(...bs.map((b) => b[0])), Math.min(...bs.map((b) => b[1])), Math.max(...bs.map((b) => b[2])), Math.max(...bs.map((b) => b[3]))];
/** Distance between boxes, a row apart counting twenty times a gap along the row. */
const dist = (a: Box, b: Box) => Math.hypot(Math.max(0, a[0] - b[2], b[0] - a[2]), 20 * Math.max(0, a[1] - b[3], b[1] - a[3]));

function findKey(lines: Word[][], text: string, near: Box): Box | null {
  const target = norm(text);
  let best: Box | null = null;
  let bestD = Infinity;
  // Poppler's lines in its reading order, as one run of words: a label may span two of its
  // lines ("bachelor’s" | "degree").
  for (const line of [lines.flat().filter((w) => w.n !== "")]) {
    for (let i = 0; i < line.length; i++) {
      let acc = '';
      for (let j = i; j < line.length && acc.length < target.length; j++) {
        acc += line[j]!.n;
        if (acc === target) {
          const box = union(line.slice(i, j + 1).map((w) => w.box));
          const d = dist(box, near);
          if (d < bestD) [bestD, best] = [d, box];
        }
      }
    }
  }
  return best;
}

/** The page in grey at 144 DPI, to trim key boxes to their ink. */
async function pageInk(file: string, page: number): Promise<{ data: Buffer; width: number; height: number }> {
  const base = path.join(os.tmpdir(), `forms-kv-${process.pid}`);
  execFileSync('pdftoppm', ['-r', '144', '-gray', '-png', '-singlefile', '-f', String(page), '-l', String(page), file, base], { stdio: 'ignore' });
  const { data, info } = await sharp(`${base}.png`).greyscale().raw().toBuffer({ resolveWithObject: true });
  fs.rmSync(`${base}.png`, { force: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A word box trimmed to the ink inside it: poppler's box of a word typed after tabs starts
 * where the tabs do ("\t\tAssociate's" begins 37 pt left of its first letter).
 */
function trimToInk(b: Box, ink: { data: Buffer; width: number; height: number }): Box {
  const s = 2;
  let [l, t, r, bt] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = Math.max(0, Math.floor(b[1] * s)); y < Math.min(ink.height, Math.ceil(b[3] * s)); y++) {
    for (let x = Math.max(0, Math.floor(b[0] * s)); x < Math.min(ink.width, Math.ceil(b[2] * s)); x++) {
      if (ink.data[y * ink.width + x]! < 160) [l, t, r, bt] = [Math.min(l, x), Math.min(t, y), Math.max(r, x + 1), Math.max(bt, y + 1)];
    }
  }
  return l === Infinity ? b : [l / s, t / s, r / s, bt / s];
}

/**
 * A scanned image's pairs: values are drawn boxes given in pixels; keys are found among
 * the words of the tesseract CLI's reading (`tesseract FILE - tsv`), the same way.
 */
function imagePairs(sp: SpecPage, file: string): unknown[] {
  const tsv = execFileSync('tesseract', [file, '-', 'tsv'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 26 });
  const words: Word[] = tsv.split('\n').slice(1).map((l) => l.split('\t')).filter((c) => c.length >= 12 && c[11]!.trim()).map((c) => ({ n: norm(c[11]!), box: [+c[6]!, +c[7]!, +c[6]! + +c[8]!, +c[7]! + +c[9]!] as Box }));
  const lines = [words];
  return sp.pairs.flatMap((p) => {
    const pieces = Array.isArray(p.key) ? p.key : [p.key];
    const boxes = pieces.map((k) => findKey(lines, k, p.v!));
    if (boxes.some((b) => !b)) {
      console.error(`${sp.id}: key not found: ${JSON.stringify(pieces)}`);
      return [];
    }
    return [{ key: pieces.join(' '), keyBox: union(boxes as Box[]), valueBox: p.v!, kind: p.kind ?? 'text' }];
  });
}

async function main(): Promise<void> {
  const pages = (JSON.parse(fs.readFileSync(path.join(here, 'pages.json'), 'utf8')) as { pages: { id: string; file?: string; page?: number }[] }).pages;
  const spec = JSON.parse(fs.readFileSync(path.join(here, 'label-spec.json'), 'utf8')) as { pages: SpecPage[] };
  const out: Record<string, unknown> = {};
  let problems = 0;
  for (const sp of spec.pages) {
    const pg = pages.find((p) => p.id === sp.id);
    if (!pg?.file) throw new Error(`no page ${sp.id}`);
    const file = path.join(corpus, pg.file);
    if (!file.endsWith('.pdf')) {
      out[sp.id] = { pairs: imagePairs(sp, file), ignore: sp.ignore ?? [] };
      continue;
    }
    const doc = await openPdf(new Uint8Array(fs.readFileSync(file)));
    const page = await doc.getPage(pg.page!);
    const widgets = await readFormWidgets(page);
    const lines = popplerLines(file, pg.page!);
    const ink = await pageInk(file, pg.page!);
    const pairs = [];
    for (const p of sp.pairs) {
      const ws = p.w === undefined ? [] : Array.isArray(p.w) ? p.w : [p.w];
      const value: Box = p.v ?? union(ws.map((i) => { const b = widgets[i]!.bbox; return [b.left, b.top, b.left + b.width, b.top + b.height] as Box; }));
      const pieces = Array.isArray(p.key) ? p.key : [p.key];
      // The longest piece is found nearest to the value; the others (line numbers, a
      // label's other lines) nearest to what was found of the label so far.
      const raw: (Box | null)[] = new Array(pieces.length).fill(null);
      const order = pieces.map((k, i) => [norm(k).length, i] as const).sort((a, b) => b[0] - a[0]).map(([, i]) => i);
      for (const i of order) {
        const found = raw.filter((b): b is Box => b !== null);
        raw[i] = findKey(lines, pieces[i]!, found.length ? union(found) : value);
        // A line number is on its label's row; one found elsewhere is another line's word.
        const u = found.length ? union(found) : null;
        const b = raw[i];
        if (u && b && norm(pieces[i]!).length <= 3 && Math.min(u[3], b[3]) - Math.max(u[1], b[1]) < 0.5 * (b[3] - b[1])) {
          console.error(`${sp.id}: "${pieces[i]}" not on the row of ${JSON.stringify(pieces)}; left out`);
          raw[i] = u;
        }
      }
      if (process.env.DEBUG_KEY && pieces.join(" ").includes(process.env.DEBUG_KEY)) console.log(pieces, raw, value);
      const boxes = raw.map((b) => (b ? trimToInk(b, ink) : b));
      if (boxes.some((b) => !b)) {
        problems++;
        console.error(`${sp.id}: key not found: ${JSON.stringify(pieces)} near ${value.map(Math.round)}`);
        continue;
      }
      const kind = p.kind ?? (ws.length ? widgets[ws[0]!]!.kind : 'text');
      const r = (b: Box) => b.map((x) => Math.round(x * 10) / 10);
      pairs.push({ key: pieces.join(' '), keyBox: r(union(boxes as Box[])), valueBox: r(value), kind });
    }
    out[sp.id] = { pairs, ignore: sp.ignore ?? [] };
    await doc.destroy();
  }
  fs.writeFileSync(path.join(here, 'labels.json'), JSON.stringify({ about: 'Generated from label-spec.json by resolve-labels.ts: boxes [left, top, right, bottom] in PDF points, top-left origin.', pages: out }, null, 1) + '\n');
  console.log(`labels.json written; ${problems} key(s) not found`);
}

void main();
