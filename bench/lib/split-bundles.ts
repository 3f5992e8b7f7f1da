/**
 * Bundles for the splitting benches (bench/split.ts: the splitter's functions over cached
 * parses; bench/split-cli.ts: the built `quire split` CLI), their ground truth, and the one
 * scoring both use, so the two paths are measured on the same bundles the same way.
 *
 * Two designs of a seed's bundle set:
 *   - `sample` (default): every open labelled PDF appears EXACTLY ONCE per seed. The PDFs of
 *     each doc_type are shuffled and cut into runs of 2-3 (the remainder a run of 1), so
 *     same-category neighbours come from ordering, not from drawing a document again; the
 *     runs are shuffled and packed into bundles of 3-6 documents (a run is never split across
 *     bundles; leftovers under 3 join the last bundle). A draw with fewer than
 *     MIN_SAME_CATEGORY same-category boundaries is redrawn from the same generator. No
 *     document is counted more than once per seed, so a mislabelled or hard document weighs
 *     one document's worth, as on documents nobody has seen.
 *   - `pairs` (the older design, `--design pairs`): 12 bundles, each one same-category pair
 *     drawn from `pairTypes[b % n]` plus 2-4 random documents. A category with 2-3 PDFs puts
 *     the same documents into almost every bundle of every seed, weighting them many times.
 * Long documents keep their first MAX_PAGES_PER_DOC pages (qpdf --pages). The corpus's
 * `invoice.pdf` holds two invoices, one a page (its MANIFEST), so it is two documents.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { CACHE_DIR, openLabels } from './classify-corpus.js';
import { corpusPath } from './corpus.js';

export type Design = 'pairs' | 'sample';
export const MAX_PAGES_PER_DOC = 5;
const PAIR_BUNDLES = 12;
const MIN_SAME_CATEGORY = 10;
export const ONE_DOCUMENT_PER_PAGE = new Set(['classification/client-lib-test-data/v1/products/invoices/invoice.pdf']);

export interface Part {
  path: string;
  type: string;
  pages: number;
}
export interface GtSegment {
  start: number;
  end: number;
  type: string;
  source: string;
}
export interface Gt {
  file: string;
  segments: GtSegment[];
}
/** What a splitter said about one bundle: 1-based inclusive page ranges and categories. */
export interface Predicted {
  startPage: number;
  endPage: number;
  category: string;
}

export function pdfPages(file: string): number {
  const out = execFileSync('pdfinfo', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return Number(/Pages:\s+(\d+)/.exec(out)![1]);
}

/** Whether each of the first `pages` pages has a text layer (born digital): 20 words or more. */
export function hasTextLayer(file: string, pages: number): boolean {
  for (let p = 1; p <= pages; p++) {
    const text = execFileSync('pdftotext', ['-f', String(p), '-l', String(p), file, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    if ((text.match(/\p{L}{2,}/gu) ?? []).length < 20) return false;
  }
  return true;
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function shuffle<T>(xs: T[], rand: () => number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** The cache folder of a seed's bundles (new designs get new folders; seed 24 pairs kept its old name). */
export function bundleDir(design: Design, seed: number): string {
  const root = path.dirname(CACHE_DIR);
  if (design === 'sample') return path.join(root, `split-sample-seed${seed}`);
  return path.join(root, seed === 24 ? 'split' : `split-seed${seed}`);
}

function labelledParts(): Part[] {
  return openLabels()
    .filter((r) => r.path.endsWith('.pdf'))
    .map((r) => ({ path: r.path, type: r.docType, pages: Math.min(MAX_PAGES_PER_DOC, pdfPages(corpusPath(r.path))) }));
}

function pairSequences(parts: Part[], rand: () => number): Part[][] {
  const byType = new Map<string, Part[]>();
  for (const p of parts) byType.set(p.type, [...(byType.get(p.type) ?? []), p]);
  const pairTypes = [...byType].filter(([, ps]) => ps.length >= 2).map(([t]) => t);
  const out: Part[][] = [];
  for (let b = 0; b < PAIR_BUNDLES; b++) {
    const used = new Set<string>();
    const pick = (list: Part[]) => {
      const free = list.filter((p) => !used.has(p.path));
      const p = free[Math.floor(rand() * free.length)]!;
      used.add(p.path);
      return p;
    };
    // A same-category pair, then 2-4 other documents around it.
    const t = pairTypes[b % pairTypes.length]!;
    const pair = [pick(byType.get(t)!), pick(byType.get(t)!)];
    const others = Array.from({ length: 2 + Math.floor(rand() * 3) }, () => pick(parts));
    const at = Math.floor(rand() * (others.length + 1));
    out.push([...others.slice(0, at), ...pair, ...others.slice(at)]);
  }
  return out;
}

/** Ground-truth documents of a bundle's sequence (invoice.pdf: one a page). */
function truthOf(seq: Part[]): GtSegment[] {
  const segments: GtSegment[] = [];
  let page = 1;
  for (const p of seq) {
    if (ONE_DOCUMENT_PER_PAGE.has(p.path)) for (let k = 0; k < p.pages; k++) segments.push({ start: page + k, end: page + k, type: p.type, source: `${p.path}#${k + 1}` });
    else segments.push({ start: page, end: page + p.pages - 1, type: p.type, source: p.path });
    page += p.pages;
  }
  return segments;
}

function sameCategoryBoundaries(segments: GtSegment[]): number {
  return segments.filter((s, i) => i > 0 && segments[i - 1]!.type === s.type).length;
}

function sampleSequences(parts: Part[], rand: () => number): Part[][] {
  for (;;) {
    const byType = new Map<string, Part[]>();
    for (const p of shuffle(parts, rand)) byType.set(p.type, [...(byType.get(p.type) ?? []), p]);
    const runs: Part[][] = [];
    for (const docs of byType.values()) {
      for (let i = 0; i < docs.length; ) {
        const left = docs.length - i;
        const n = left <= 3 ? left : 2 + Math.floor(rand() * 2);
        runs.push(docs.slice(i, i + n));
        i += n;
      }
    }
    const bundles: Part[][] = [];
    let cur: Part[] = [];
    let target = 3 + Math.floor(rand() * 4);
    for (const run of shuffle(runs, rand)) {
      if (cur.length >= 3 && cur.length + run.length > 6) {
        bundles.push(cur);
        cur = [];
        target = 3 + Math.floor(rand() * 4);
      }
      cur.push(...run);
      if (cur.length >= target) {
        bundles.push(cur);
        cur = [];
        target = 3 + Math.floor(rand() * 4);
      }
    }
    if (cur.length) (cur.length < 3 && bundles.length ? bundles[bundles.length - 1]!.push(...cur) : bundles.push(cur));
    if (bundles.reduce((a, seq) => a + sameCategoryBoundaries(truthOf(seq)), 0) >= MIN_SAME_CATEGORY) return bundles;
  }
}

/** The seed's bundles (PDFs written once with qpdf into the cache folder) and their truth. */
export function buildBundles(design: Design, seed: number): Gt[] {
  const dir = bundleDir(design, seed);
  fs.mkdirSync(dir, { recursive: true });
  const rand = rng(seed);
  const parts = labelledParts();
  const seqs = design === 'sample' ? sampleSequences(parts, rand) : pairSequences(parts, rand);
  return seqs.map((seq, b) => {
    const file = path.join(dir, `bundle-${String(b + 1).padStart(2, '0')}.pdf`);
    const args = ['--empty', '--pages'];
    for (const p of seq) args.push(corpusPath(p.path), `1-${p.pages}`);
    if (!fs.existsSync(file)) execFileSync('qpdf', [...args, '--', file], { stdio: 'ignore' });
    return { file, segments: truthOf(seq) };
  });
}

export interface SplitScore {
  tp: number;
  fp: number;
  fn: number;
  segOk: number;
  segN: number;
  sameCat: number;
  sameCatFound: number;
  pages: number;
  /** Ground-truth documents not matched: "source (truth) → found". */
  misses: string[];
  /** Per bundle, truth and prediction in one line each (for --verbose). */
  lines: string[];
}

export function emptyScore(): SplitScore {
  return { tp: 0, fp: 0, fn: 0, segOk: 0, segN: 0, sameCat: 0, sameCatFound: 0, pages: 0, misses: [], lines: [] };
}

/**
 * Add one bundle to the score: exact boundaries (a predicted cut counts when a true document
 * starts on that page), same-category boundaries found, and segment category accuracy (a true
 * document counts when one predicted segment has exactly its pages and its category).
 */
export function scoreBundle(acc: SplitScore, gt: Gt, segs: readonly Predicted[]): void {
  const want = new Set(gt.segments.slice(1).map((s) => s.start));
  const got = new Set(segs.slice(1).map((s) => s.startPage));
  for (const g of got) want.has(g) ? acc.tp++ : acc.fp++;
  for (const w of want) if (!got.has(w)) acc.fn++;
  gt.segments.forEach((s, i) => {
    if (i > 0 && gt.segments[i - 1]!.type === s.type) {
      acc.sameCat++;
      if (got.has(s.start)) acc.sameCatFound++;
    }
  });
  for (const s of gt.segments) {
    acc.segN++;
    const m = segs.find((p) => p.startPage === s.start && p.endPage === s.end);
    if (m && m.category === s.type) acc.segOk++;
    else acc.misses.push(`${s.source} (${s.type}) → ${m ? m.category : 'pages differ'}`);
  }
  acc.pages += gt.segments[gt.segments.length - 1]!.end;
  const name = path.basename(gt.file);
  acc.lines.push(`${name}: truth ${gt.segments.map((s) => `${s.start}-${s.end}:${s.type}`).join(' ')}`);
  acc.lines.push(`${' '.repeat(name.length)}  got   ${segs.map((s) => `${s.startPage}-${s.endPage}:${s.category}`).join(' ')}`);
}

/** The summary lines both benches print (and --verbose's detail). */
export function report(label: string, bundles: number, acc: SplitScore, verbose: boolean): string {
  const out: string[] = [];
  if (verbose) {
    out.push(...acc.lines);
    const byDoc = new Map<string, number>();
    for (const m of acc.misses) byDoc.set(m, (byDoc.get(m) ?? 0) + 1);
    out.push('\nunmatched documents (source (truth) → found):');
    for (const [m, n] of [...byDoc].sort((a, b) => b[1] - a[1])) out.push(`  ${n}× ${m}`);
  }
  const precision = acc.tp / (acc.tp + acc.fp || 1);
  const recall = acc.tp / (acc.tp + acc.fn || 1);
  const f1 = (2 * precision * recall) / (precision + recall || 1);
  out.push(`\n${label}: ${bundles} bundles, ${acc.pages} pages, ${acc.segN} documents (${acc.sameCat} boundaries between same-category neighbours)`);
  out.push(`exact boundaries: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}, F1 ${f1.toFixed(3)} (tp ${acc.tp}, fp ${acc.fp}, fn ${acc.fn}); same-category boundaries found ${acc.sameCatFound}/${acc.sameCat}`);
  out.push(`segment category accuracy (exact pages and right category): ${acc.segOk}/${acc.segN} = ${(acc.segOk / acc.segN).toFixed(3)}`);
  return out.join('\n');
}
