/**
 * Reading-order ground truth of the layout corpus as ordered regions per page (issue 27,
 * "Evaluation"), for bench/reading-order-human.ts:
 * - `human`: docling-eval's CVAT annotations (case_01, case_02). A person drew a
 *   `reading_order` polyline through the page's boxes; each point of it names the smallest
 *   box it falls in, and the boxes' first visits give their order. The annotated image shows
 *   the document's pages side by side (each page scaled to the image height), so one
 *   polyline orders the boxes of both pages; boxes no point visits carry no order.
 * - `docling`: the DoclingDocument ground truth of layout/docling (`body` tree, depth first).
 *   It is docling's own output, not a person's: a score against it is agreement with
 *   docling, read before counted.
 * Regions inside a table or picture region are dropped (the table or picture is one unit:
 * its inner order is table structure or figure labels, not reading order). Boxes are page
 * points, top-left origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { corpusPath } from './corpus.js';
import { pageBoxes } from './fidelity.js';

export interface OrderBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface OrderedRegion {
  label: string;
  box: OrderBox;
  /** Position in the reading order (0 first). */
  rank: number;
}

export interface OrderPage {
  source: 'human' | 'docling';
  name: string;
  pdf: string;
  page: number;
  regions: OrderedRegion[];
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
const contains = (r: OrderBox, x: number, y: number, pad = 0) => x >= r.left - pad && x <= r.left + r.width + pad && y >= r.top - pad && y <= r.top + r.height + pad;
const area = (r: OrderBox) => r.width * r.height;
const UNITS = new Set(['table', 'picture', 'chart']);

/** Drops regions whose centre lies inside a table or picture region (other than themselves), then re-ranks 0..n-1. */
function unitsOnly(regions: OrderedRegion[]): OrderedRegion[] {
  const units = regions.filter((r) => UNITS.has(r.label));
  const kept = regions.filter((r) => !units.some((u) => u !== r && area(u.box) > area(r.box) && contains(u.box, r.box.left + r.box.width / 2, r.box.top + r.box.height / 2)));
  return kept.sort((a, b) => a.rank - b.rank).map((r, i) => ({ ...r, rank: i }));
}

/** docling-eval's human reading order (pages whose image carries a `reading_order` polyline). */
export function humanOrderPages(): OrderPage[] {
  const dir = corpusPath('layout/docling-eval/tests/data/cvat_pdfs_dataset_e2e');
  if (!fs.existsSync(dir)) return [];
  const out: OrderPage[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('_annotations.xml')).sort()) {
    const xml = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of xml.matchAll(/<image ([^>]*)>([\s\S]*?)<\/image>/g)) {
      const nm = attr(m[1]!, 'name')!.match(/^doc_([0-9a-f]+)_page_\d+\.png$/);
      const order = m[2]!.match(/<polyline label="reading_order"[^>]*points="([^"]*)"/);
      if (!nm || !order) continue;
      const pdf = path.join(dir, file.replace('_annotations.xml', ''), `${nm[1]}.pdf`);
      if (!fs.existsSync(pdf)) continue;
      const w = Number(attr(m[1]!, 'width'));
      const h = Number(attr(m[1]!, 'height'));
      const crops = pageBoxes(pdf).map((b) => b.crop);
      const [cx0, cy0, cx1, cy1] = crops[0]! as [number, number, number, number];
      const pageCount = Math.max(1, Math.round(w / (h * ((cx1 - cx0) / (cy1 - cy0)))));
      const pw = w / pageCount;
      const scale = h / (cy1 - cy0); // image pixels per point
      const boxes = [...m[2]!.matchAll(/<box ([^>]*)>/g)].map((b) => {
        const [x1, y1, x2, y2] = ['xtl', 'ytl', 'xbr', 'ybr'].map((k) => Number(attr(b[1]!, k))) as [number, number, number, number];
        return { label: attr(b[1]!, 'label') ?? '', x1, y1, x2, y2, page: Math.min(pageCount - 1, Math.floor((x1 + x2) / 2 / pw)) };
      });
      const firstVisit = new Map<number, number>();
      for (const pt of order[1]!.split(';')) {
        const [x, y] = pt.split(',').map(Number) as [number, number];
        let best = -1;
        boxes.forEach((b, i) => {
          if (x >= b.x1 && x <= b.x2 && y >= b.y1 && y <= b.y2 && (best < 0 || (b.x2 - b.x1) * (b.y2 - b.y1) < (boxes[best]!.x2 - boxes[best]!.x1) * (boxes[best]!.y2 - boxes[best]!.y1))) best = i;
        });
        if (best >= 0 && !firstVisit.has(best)) firstVisit.set(best, firstVisit.size);
      }
      for (let k = 0; k < pageCount; k++) {
        const regions: OrderedRegion[] = [];
        for (const [i, rank] of firstVisit) {
          const b = boxes[i]!;
          if (b.page !== k) continue;
          regions.push({ label: b.label, rank, box: { left: (b.x1 - k * pw) / scale, top: b.y1 / scale, width: (b.x2 - b.x1) / scale, height: (b.y2 - b.y1) / scale } });
        }
        if (regions.length >= 2) out.push({ source: 'human', name: `${file.slice(0, 7)}/${nm[1]!.slice(0, 8)} p${k + 1}`, pdf, page: k + 1, regions: unitsOnly(regions) });
      }
    }
  }
  return out;
}

interface DoclingItem {
  label?: string;
  children?: Array<{ $ref: string }>;
  prov?: Array<{ page_no: number; bbox: { l: number; t: number; r: number; b: number; coord_origin?: string } }>;
}

/** layout/docling's DoclingDocument ground truth: the body tree's order, per page. */
export function doclingOrderPages(): OrderPage[] {
  const dir = corpusPath('layout/docling/tests/data/pdf');
  if (!fs.existsSync(path.join(dir, 'groundtruth'))) return [];
  const out: OrderPage[] = [];
  for (const f of fs.readdirSync(path.join(dir, 'groundtruth')).filter((x) => x.endsWith('.json') && !x.endsWith('.meta.json')).sort()) {
    const pdf = path.join(dir, 'sources', f.replace(/\.json$/, '.pdf'));
    if (!fs.existsSync(pdf)) continue;
    const doc = JSON.parse(fs.readFileSync(path.join(dir, 'groundtruth', f), 'utf8')) as Record<string, unknown> & { body: DoclingItem; pages: Record<string, { size: { height: number } }> };
    const resolve = (ref: string): DoclingItem | undefined => {
      const [, kind, idx] = ref.split('/');
      return kind === 'body' ? doc.body : (doc[kind!] as DoclingItem[] | undefined)?.[Number(idx)];
    };
    const perPage = new Map<number, OrderedRegion[]>();
    let rank = 0;
    const visit = (item: DoclingItem | undefined) => {
      if (!item) return;
      for (const p of item.prov ?? []) {
        const ph = doc.pages[String(p.page_no)]?.size.height ?? 0;
        const { l, t, r, b } = p.bbox;
        const top = p.bbox.coord_origin === 'BOTTOMLEFT' ? ph - t : t;
        const bottom = p.bbox.coord_origin === 'BOTTOMLEFT' ? ph - b : b;
        const list = perPage.get(p.page_no) ?? [];
        list.push({ label: item.label ?? '', rank: rank++, box: { left: l, top, width: r - l, height: bottom - top } });
        perPage.set(p.page_no, list);
      }
      for (const c of item.children ?? []) visit(resolve(c.$ref));
    };
    visit(doc.body);
    for (const [page, regions] of [...perPage].sort((a, b) => a[0] - b[0])) {
      if (regions.length >= 2) out.push({ source: 'docling', name: `${f.replace(/\.json$/, '').slice(0, 24)} p${page}`, pdf, page, regions: unitsOnly(regions) });
    }
  }
  return out;
}

export interface PlacedWord {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface OrderScore {
  /** Words that fall in an ordered region (the rest carry no order and are not scored). */
  words: number;
  /** Least share of those words that must move for the regions to be read in the reference's order. */
  moved: number;
  /** Regions with words whose words are not read in one stretch (another region's words come between). */
  split: number;
  regions: number;
}

/** The smallest region a word's centre falls in (1 pt slack), if any. */
export function regionOf(w: PlacedWord, regions: readonly OrderedRegion[]): OrderedRegion | undefined {
  const cx = w.left + w.width / 2, cy = w.top + w.height / 2;
  let best: OrderedRegion | undefined;
  for (const r of regions) if (contains(r.box, cx, cy, 1) && (!best || area(r.box) < area(best.box))) best = r;
  return best;
}

/**
 * Scores a reading (words in a system's order) against ordered regions: each word goes to
 * the smallest region its centre falls in (1 pt slack); the words that need not move are a
 * longest subsequence whose region ranks never decrease.
 */
export function scoreOrder(words: readonly PlacedWord[], regions: readonly OrderedRegion[]): OrderScore {
  const ranks: number[] = [];
  for (const w of words) {
    const region = regionOf(w, regions);
    if (region) ranks.push(region.rank);
  }
  // Longest non-decreasing subsequence (patience sorting, upper bound for ties).
  const tails: number[] = [];
  for (const r of ranks) {
    let lo = 0, hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! <= r) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = r;
  }
  const seen = new Set<number>();
  const split = new Set<number>();
  ranks.forEach((r, i) => {
    if (i > 0 && ranks[i - 1] !== r && seen.has(r)) split.add(r);
    seen.add(r);
  });
  return { words: ranks.length, moved: ranks.length ? (ranks.length - tails.length) / ranks.length : 0, split: split.size, regions: seen.size };
}
