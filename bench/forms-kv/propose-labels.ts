/**
 * Labelling aid for bench/forms-kv/labels.json (not the detector): for a form page, the
 * AcroForm widgets (the file's own field boxes) and poppler's text lines
 * (`pdftotext -bbox-layout`, independent of Quire's text pipeline), each widget with a
 * proposed label (the nearest poppler line left of it on its row, right of it for a
 * checkbox, else above or below it), and an overlay PNG (key boxes blue, value boxes red)
 * to review by eye. Proposals were then corrected by hand into labels.json.
 *
 *   npx tsx bench/forms-kv/propose-labels.ts FILE PAGE OUT_PREFIX
 */
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { readFormWidgets } from '../../src/formats/pdf/form-widgets.js';

interface Box { l: number; t: number; r: number; b: number }
interface PLine { text: string; box: Box; words: { text: string; box: Box }[] }

function popplerLines(file: string, page: number): PLine[] {
  const xml = execFileSync('pdftotext', ['-bbox-layout', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const lines: PLine[] = [];
  const lineRe = /<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)<\/line>/g;
  const wordRe = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const m of xml.matchAll(lineRe)) {
    const words = [...m[5]!.matchAll(wordRe)].map((w) => ({ text: w[5]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"'), box: { l: +w[1]!, t: +w[2]!, r: +w[3]!, b: +w[4]! } }));
    // Leader words out; a line cut at leaders (poppler keeps them in one line).
    let cur: typeof words = [];
    const flush = () => {
      if (cur.length) lines.push({ text: cur.map((w) => w.text).join(' '), box: { l: Math.min(...cur.map((w) => w.box.l)), t: Math.min(...cur.map((w) => w.box.t)), r: Math.max(...cur.map((w) => w.box.r)), b: Math.max(...cur.map((w) => w.box.b)) }, words: cur });
      cur = [];
    };
    for (const w of words) {
      if (/^[.·…_]+$/.test(w.text)) flush();
      else cur.push(w);
    }
    flush();
  }
  return lines;
}

const vov = (a: Box, b: Box) => Math.max(0, Math.min(a.b, b.b) - Math.max(a.t, b.t)) / Math.max(1e-6, Math.min(a.b - a.t, b.b - b.t));

async function main(): Promise<void> {
  const [file, pageArg, out] = process.argv.slice(2);
  const page = Number(pageArg);
  const doc = await openPdf(new Uint8Array(fs.readFileSync(file!)));
  const p = await doc.getPage(page);
  const vp = p.getViewport({ scale: 1 });
  const widgets = await readFormWidgets(p);
  const lines = popplerLines(file!, page);
  const pairs = widgets.map((w, i) => {
    const v: Box = { l: w.bbox.left, t: w.bbox.top, r: w.bbox.left + w.bbox.width, b: w.bbox.top + w.bbox.height };
    const check = w.kind === 'checkbox' || w.kind === 'radio';
    let best: PLine | undefined;
    let bestCost = Infinity;
    for (const l of lines) {
      const em = l.box.b - l.box.t;
      let c = Infinity;
      if (vov(l.box, v) > 0.5 && l.box.r <= v.l + 2) c = (v.l - l.box.r) / em + (check ? 1 : 0);
      else if (check && vov(l.box, v) > 0.5 && l.box.l >= v.r - 2) c = (l.box.l - v.r) / em;
      else if (l.box.b <= v.t + 2 && v.t - l.box.b < 1.5 * em && l.box.l >= v.l - 2 * em && l.box.l < v.r) c = 1 + (v.t - l.box.b) / em;
      else if (l.box.t >= v.b - 2 && l.box.t - v.b < 1.2 * em && l.box.l >= v.l - 2 * em && l.box.l < v.r) c = 2 + (l.box.t - v.b) / em;
      if (c < bestCost) [bestCost, best] = [c, l];
    }
    return { i, kind: w.kind, value: w.checked !== undefined ? (w.checked ? 'checked' : 'unchecked') : w.value, tooltip: w.tooltip ?? '', valueBox: [v.l, v.t, v.r, v.b].map((x) => Math.round(x * 10) / 10), keyText: best && bestCost < 20 ? best.text : '', keyBox: best && bestCost < 20 ? [best.box.l, best.box.t, best.box.r, best.box.b].map((x) => Math.round(x * 10) / 10) : null };
  });
  fs.writeFileSync(`${out}.json`, JSON.stringify({ file, page, width: vp.width, height: vp.height, pairs, lines: lines.map((l) => ({ text: l.text, box: [l.box.l, l.box.t, l.box.r, l.box.b].map((x) => Math.round(x * 10) / 10) })) }, null, 1));
  const s = 2;
  execFileSync('pdftoppm', ['-r', String(72 * s), '-png', '-singlefile', '-f', String(page), '-l', String(page), file!, `${out}-page`], { stdio: 'ignore' });
  const png = fs.readFileSync(`${out}-page.png`);
  const rect = (b: number[], c: string) => `<rect x="${b[0]! * s}" y="${b[1]! * s}" width="${(b[2]! - b[0]!) * s}" height="${(b[3]! - b[1]!) * s}" fill="none" stroke="${c}" stroke-width="2"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(vp.width * s)}" height="${Math.round(vp.height * s)}">${pairs.map((q) => rect(q.valueBox, 'red') + (q.keyBox ? rect(q.keyBox, 'blue') + `<text x="${q.valueBox[0]! * s}" y="${q.valueBox[1]! * s}" font-size="14" fill="green">${q.i}</text>` : `<text x="${q.valueBox[0]! * s}" y="${q.valueBox[1]! * s}" font-size="14" fill="magenta">${q.i}?</text>`)).join('')}</svg>`;
  await sharp(png).composite([{ input: Buffer.from(svg), left: 0, top: 0 }]).png().toFile(`${out}.png`);
  console.log(`${pairs.length} widgets, ${pairs.filter((q) => q.keyText).length} with a proposed label → ${out}.json/.png`);
}

void main();
