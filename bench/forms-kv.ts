/**
 * KeyValuePair F1 of `parse` (segmentation_method advanced_layout_detection) on labelled
 * form pages: the corpus's real forms (bench/forms-kv/pages.json, labels.json; how they
 * were labelled: bench/forms-kv/README.md), 200-DPI renderings of some of them parsed as
 * images (the scanned path), and forms drawn with pdf-lib (bench/lib/forms-generator.ts).
 * A predicted KeyValuePair segment matches a labelled pair when its box and the union of
 * the pair's key and value boxes have IoU ≥ 0.5 (one to one, best IoU first). Reported per
 * page, per source and per split (dev / held-out), with the share of matched pairs whose
 * key text is right (same letters and digits, or one holding the other).
 *
 *   npx tsx bench/forms-kv.ts [--split dev|held-out] [--only ID] [--verbose]
 *   npx tsx bench/forms-kv.ts --negatives   (non-form pages: KeyValuePair segments there are false)
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CORPUS, hasCorpus } from './lib/corpus.js';
import { generateForm, type FormStyle } from './lib/forms-generator.js';
import { createEngine } from '../src/index.js';

type Box = [number, number, number, number];
interface Pair { key: string; keyBox: Box; valueBox: Box; kind: string }
interface PageSpec { id: string; file?: string; page?: number; of?: string; scan?: boolean; image?: boolean; source: string; split: string; region?: Box }
interface Case { id: string; source: string; split: string; input: string; pageRange?: string; scale: number; pairs: Pair[]; region?: Box; ignore: Box[] }

const here = path.dirname(fileURLToPath(import.meta.url));
const cacheDir = path.join(here, '.cache/forms-kv');
const args = process.argv.slice(2);
const argOf = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const verbose = args.includes('--verbose');
const DPI = 200;

const union = (a: Box, b: Box): Box => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
const area = (b: Box) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
function iou(a: Box, b: Box): number {
  const i = area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
  return i / (area(a) + area(b) - i || 1);
}
const centreIn = (b: Box, r: Box) => (b[0] + b[2]) / 2 >= r[0] && (b[0] + b[2]) / 2 <= r[2] && (b[1] + b[3]) / 2 >= r[1] && (b[1] + b[3]) / 2 <= r[3];
const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const scaleBox = (b: Box, k: number): Box => [b[0] * k, b[1] * k, b[2] * k, b[3] * k];

/** One page of a PDF as its own file (the scanned renderings need a page of their own). */
async function renderScan(file: string, page: number, id: string): Promise<string> {
  const out = path.join(cacheDir, `${id}.png`);
  if (!fs.existsSync(out)) execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-singlefile', '-f', String(page), '-l', String(page), file, out.replace(/\.png$/, '')], { stdio: 'ignore' });
  return out;
}

async function cases(): Promise<Case[]> {
  fs.mkdirSync(cacheDir, { recursive: true });
  const out: Case[] = [];
  if (hasCorpus) {
    const { pages } = JSON.parse(fs.readFileSync(path.join(here, 'forms-kv/pages.json'), 'utf8')) as { pages: PageSpec[] };
    const labels = (JSON.parse(fs.readFileSync(path.join(here, 'forms-kv/labels.json'), 'utf8')) as { pages: Record<string, { pairs: Pair[]; ignore: Box[] }> }).pages;
    for (const p of pages) {
      const base = p.of ? pages.find((q) => q.id === p.of)! : p;
      const l = labels[base.id];
      if (!l) throw new Error(`no labels for ${base.id}`);
      const file = path.join(CORPUS, base.file!);
      if (p.image) out.push({ id: p.id, source: p.source, split: p.split, input: file, scale: 1, pairs: l.pairs, region: p.region, ignore: l.ignore });
      else if (p.scan) out.push({ id: p.id, source: p.source, split: p.split, input: await renderScan(file, base.page!, p.id), scale: DPI / 72, pairs: l.pairs, region: base.region, ignore: l.ignore });
      else out.push({ id: p.id, source: p.source, split: p.split, input: file, pageRange: String(base.page), scale: 1, pairs: l.pairs, region: base.region, ignore: l.ignore });
    }
  }
  // Generated forms: seeds 1-2 dev, 3-4 held-out; the scanned path on one of each split.
  const styles: FormStyle[] = ['application', 'stacked', 'printed', 'under'];
  for (const seed of [1, 2, 3, 4]) {
    const style = styles[(seed - 1) % 4]!;
    const g = await generateForm(style, seed);
    const split = seed <= 2 ? 'dev' : 'held-out';
    const file = path.join(cacheDir, `gen-${style}-${seed}.pdf`);
    fs.writeFileSync(file, g.bytes);
    out.push({ id: `gen-${style}-${seed}`, source: 'generated', split, input: file, pageRange: '1', scale: 1, pairs: g.pairs, ignore: [] });
    if (seed === 1 || seed === 4) out.push({ id: `scan-gen-${style}-${seed}`, source: 'scan', split, input: await renderScan(file, 1, `scan-gen-${style}-${seed}`), scale: DPI / 72, pairs: g.pairs, ignore: [] });
  }
  return out;
}

interface Score { tp: number; fp: number; fn: number; keyRight: number }

/** --negatives: KeyValuePair segments on pages that are not forms (should be none). */
async function negatives(): Promise<void> {
  const { negatives: files } = JSON.parse(fs.readFileSync(path.join(here, 'forms-kv/pages.json'), 'utf8')) as { negatives: string[] };
  const engine = createEngine({ workers: 1 });
  let total = 0;
  try {
    for (const f of files) {
      const job = await engine.parse(path.join(CORPUS, f), { segmentation_method: 'advanced_layout_detection', ...(f.endsWith('.pdf') ? { page_range: '1-2' } : {}) } as never);
      const res = (await engine.waitForJob(job.job_id)) as unknown as { status: string; chunks?: { segments: { segment_type: string; content: string }[] }[] };
      const kv = (res.chunks ?? []).flatMap((c) => c.segments).filter((s) => s.segment_type === 'KeyValuePair');
      total += kv.length;
      console.log(`${res.status.padEnd(10)} KeyValuePair ${String(kv.length).padStart(3)}  ${f}${kv.length ? '  ' + kv.slice(0, 3).map((s) => JSON.stringify(s.content.slice(0, 40))).join(' ') : ''}`);
    }
  } finally {
    await engine.close();
  }
  console.log(`\n${total} KeyValuePair segment(s) on ${files.length} non-form documents`);
}

async function main(): Promise<void> {
  if (args.includes('--negatives')) return negatives();
  const only = argOf('--only');
  const split = argOf('--split');
  const all = (await cases()).filter((c) => (!only || c.id === only) && (!split || c.split === split));
  const engine = createEngine({ workers: 1 });
  const bySource = new Map<string, Score>();
  const bySplit = new Map<string, Score>();
  const add = (m: Map<string, Score>, k: string, s: Score) => {
    const t = m.get(k) ?? { tp: 0, fp: 0, fn: 0, keyRight: 0 };
    m.set(k, { tp: t.tp + s.tp, fp: t.fp + s.fp, fn: t.fn + s.fn, keyRight: t.keyRight + s.keyRight });
  };
  try {
    for (const c of all) {
      const job = await engine.parse(c.input, { segmentation_method: 'advanced_layout_detection', ...(c.pageRange ? { page_range: c.pageRange } : {}) } as never);
      const res = (await engine.waitForJob(job.job_id)) as unknown as { status: string; chunks?: { segments: { segment_type: string; bbox: { left: number; top: number; width: number; height: number }; content: string }[] }[] };
      if (res.status !== 'Succeeded') throw new Error(`${c.id}: ${res.status}`);
      const inScope = (b: Box) => (!c.region || centreIn(b, scaleBox(c.region, c.scale))) && !c.ignore.some((r) => centreIn(b, scaleBox(r, c.scale)));
      const preds = (res.chunks ?? []).flatMap((ch) => ch.segments).filter((s) => s.segment_type === 'KeyValuePair').map((s) => ({ box: [s.bbox.left, s.bbox.top, s.bbox.left + s.bbox.width, s.bbox.top + s.bbox.height] as Box, text: s.content })).filter((p) => inScope(p.box));
      const gts = c.pairs.map((p) => ({ ...p, box: scaleBox(union(p.keyBox, p.valueBox), c.scale) })).filter((g) => inScope(g.box));
      const cand: { i: number; j: number; v: number }[] = [];
      preds.forEach((p, i) => gts.forEach((g, j) => { const v = iou(p.box, g.box); if (v >= 0.5) cand.push({ i, j, v }); }));
      cand.sort((a, b) => b.v - a.v);
      const usedP = new Set<number>();
      const usedG = new Set<number>();
      let keyRight = 0;
      for (const { i, j } of cand) {
        if (usedP.has(i) || usedG.has(j)) continue;
        usedP.add(i);
        usedG.add(j);
        const k = norm(gts[j]!.key);
        const t = norm(preds[i]!.text);
        if (t.startsWith(k) || (k.length > 0 && k.includes(t.split(/[☒☐]/)[0]!) && t.length >= 0.6 * k.length)) keyRight++;
      }
      const s: Score = { tp: usedP.size, fp: preds.length - usedP.size, fn: gts.length - usedG.size, keyRight };
      add(bySource, c.source, s);
      add(bySplit, c.split, s);
      add(bySplit, `${c.split} (real corpus pages only)`, c.source === 'generated' || c.id.startsWith('scan-gen') ? { tp: 0, fp: 0, fn: 0, keyRight: 0 } : s);
      console.log(`${c.id.padEnd(26)} ${c.split.padEnd(9)} labelled ${String(gts.length).padStart(3)}  predicted ${String(preds.length).padStart(3)}  tp ${String(s.tp).padStart(3)}  F1 ${f1(s).toFixed(3)}`);
      if (verbose) {
        preds.forEach((p, i) => { if (!usedP.has(i)) console.log(`    FP ${p.box.map(Math.round)} ${p.text.slice(0, 80)}`); });
        gts.forEach((g, j) => { if (!usedG.has(j)) console.log(`    FN ${g.box.map(Math.round)} ${g.key.slice(0, 80)}`); });
      }
    }
  } finally {
    await engine.close();
  }
  const table = (title: string, m: Map<string, Score>) => {
    console.log(`\n${title}`);
    for (const [k, s] of m) console.log(`  ${k.padEnd(36)} P ${prec(s).toFixed(3)}  R ${rec(s).toFixed(3)}  F1 ${f1(s).toFixed(3)}  (tp ${s.tp}, fp ${s.fp}, fn ${s.fn}; key text right on ${s.tp ? ((100 * s.keyRight) / s.tp).toFixed(0) : '-'}% of matches)`);
  };
  table('by source', bySource);
  table('by split', bySplit);
}

const prec = (s: Score) => (s.tp + s.fp ? s.tp / (s.tp + s.fp) : 0);
const rec = (s: Score) => (s.tp + s.fn ? s.tp / (s.tp + s.fn) : 0);
const f1 = (s: Score) => (prec(s) + rec(s) ? (2 * prec(s) * rec(s)) / (prec(s) + rec(s)) : 0);

void main();
