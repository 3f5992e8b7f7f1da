/**
 * ICDAR 2013 table competition ground truth (the part shipped with tabula-java): `*-reg.xml`
 * (table regions) and `*-str.xml` (cells), coordinates in PDF user space (bottom-left
 * origin), pages 1-based. Boxes are mapped into Quire's page space (top-left origin, /Rotate
 * applied) through pdf.js's viewport before comparison.
 *
 * Region measures:
 * - object level: a detected table matches a ground-truth table on the same page when
 *   their intersection over union is ≥ 0.5 (one-to-one, best pairs first);
 * - character level (the competition's completeness/purity idea): text characters inside
 *   ground-truth regions vs inside detected regions, pooled per document, then averaged
 *   over documents; a ground-truth table is complete when one detected table holds all its
 *   characters, a detected table is pure when all its characters belong to one
 *   ground-truth table.
 * Structure: adjacency relations (tables-metrics.ts) between the cells of each
 * ground-truth table and the detected table that overlaps it most, micro-averaged over all
 * ground-truth tables (an undetected table contributes its relations as misses).
 */
import fs from 'node:fs';
import path from 'node:path';
import { intersectionArea, type BBox } from '../../src/model/document.js';
import { corpusPath } from './corpus.js';
import { detectInPdf, type PageTables } from './tables-pdf.js';
import type { TableGrid } from '../../src/model/table.js';
import { scoreColumnSpans, type SpanScore } from './column-spans.js';
import { adjacencyRelations, correctRelations, countRelations, gridSpanCells, matchByIou, prf, type Prf, type SpanCell } from './tables-metrics.js';

export const ICDAR_DIR = 'tables/tabula-java/src/test/resources/technology/tabula/icdar2013-dataset';

interface GtTable {
  page: number;
  /** PDF user space: x1, y1, x2, y2 (bottom-left origin). */
  box: [number, number, number, number];
  cells: SpanCell[];
}

export interface IcdarDoc {
  name: string;
  pdf: string;
  tables: GtTable[];
}

function attr(tag: string, name: string): string | undefined {
  return tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`))?.[1];
}

function decode(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function boxOf(xml: string): [number, number, number, number] {
  const tag = xml.match(/<bounding-box[^>]*>/)![0];
  return [Number(attr(tag, 'x1')), Number(attr(tag, 'y1')), Number(attr(tag, 'x2')), Number(attr(tag, 'y2'))];
}

export function loadIcdar(): IcdarDoc[] {
  const root = corpusPath(ICDAR_DIR);
  const docs: IcdarDoc[] = [];
  for (const sub of fs.readdirSync(root).sort()) {
    const dir = path.join(root, sub);
    for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('-reg.xml')).sort()) {
      const name = f.replace(/-reg\.xml$/, '');
      const pdf = path.join(dir, `${name}.pdf`);
      const strFile = path.join(dir, `${name}-str.xml`);
      if (!fs.existsSync(pdf) || !fs.existsSync(strFile)) continue; // eu-009b has no PDF in this copy
      const reg = fs.readFileSync(path.join(dir, f), 'utf8');
      const str = fs.readFileSync(strFile, 'utf8');
      const regTables = [...reg.matchAll(/<table\b([^>]*)>([\s\S]*?)<\/table>/g)];
      const strTables = [...str.matchAll(/<table\b([^>]*)>([\s\S]*?)<\/table>/g)];
      const tables: GtTable[] = [];
      for (const t of regTables) {
        const id = attr(t[1]!, 'id');
        const st = strTables.find((s) => attr(s[1]!, 'id') === id);
        const regions = [...t[2]!.matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)];
        const strRegions = st ? [...st[2]!.matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)] : [];
        regions.forEach((r, ri) => {
          const page = Number(attr(r[1]!, 'page'));
          const sr = strRegions.find((x) => attr(x[1]!, 'page') === String(page) && attr(x[1]!, 'id') === attr(r[1]!, 'id')) ?? strRegions[ri];
          const cells: SpanCell[] = [];
          for (const c of sr?.[2]!.matchAll(/<cell\b([^>]*)>([\s\S]*?)<\/cell>/g) ?? []) {
            const r0 = Number(attr(c[1]!, 'start-row'));
            const c0 = Number(attr(c[1]!, 'start-col'));
            const r1 = Number(attr(c[1]!, 'end-row') ?? r0);
            const c1 = Number(attr(c[1]!, 'end-col') ?? c0);
            const text = decode(c[2]!.match(/<content>([\s\S]*?)<\/content>/)?.[1] ?? '');
            const cell: SpanCell = { r0, c0, r1, c1, text };
            if (/<bounding-box/.test(c[2]!)) cell.box = boxOf(c[2]!);
            cells.push(cell);
          }
          tables.push({ page, box: boxOf(r[2]!), cells });
        });
      }
      docs.push({ name, pdf, tables });
    }
  }
  return docs;
}

export interface IcdarResult {
  documents: number;
  gtTables: number;
  detectedTables: number;
  /** Object level, IoU ≥ 0.5. */
  regionIou: Prf;
  /** Character level, averaged over documents. */
  regionChars: Prf;
  complete: number;
  pure: number;
  structure: Prf;
  relations: { correct: number; detected: number; truth: number };
  /** detectTables time per table (ms) on pages with tables. */
  msPerTable: number[];
  perDoc: Array<{ name: string; gt: number; detected: number; matched: number; charP: number; charR: number; relP: number; relR: number }>;
  /** Per ground-truth table: its best-overlapping detected table's structure and evidence. */
  perTable: TableEvidence[];
  /** Column spans (multi-level headers), summed over ground-truth tables (column-spans.ts). */
  spans: SpanScore;
}

interface Char {
  x: number;
  y: number;
  n: number;
}

function pageChars(p: PageTables): Char[] {
  return p.content.runs.map((r) => ({ x: r.bbox.left + r.bbox.width / 2, y: r.bbox.top + r.bbox.height / 2, n: r.text.replace(/\s/g, '').length }));
}

function inBox(c: Char, b: BBox): boolean {
  return c.x >= b.left && c.x <= b.left + b.width && c.y >= b.top && c.y <= b.top + b.height;
}

export async function evaluateIcdar(docs: readonly IcdarDoc[], onDoc?: (name: string, pages: PageTables[]) => void): Promise<IcdarResult> {
  let gtTables = 0;
  let detTables = 0;
  let matchedIou = 0;
  let complete = 0;
  let pure = 0;
  const charP: number[] = [];
  const charR: number[] = [];
  const rel = { correct: 0, detected: 0, truth: 0 };
  const msPerTable: number[] = [];
  const perDoc: IcdarResult['perDoc'] = [];
  const perTable: TableEvidence[] = [];
  const spans: SpanScore = { truth: 0, right: 0, detected: 0, falseSpans: 0, misses: [] };
  for (const doc of docs) {
    const pages = await detectInPdf(doc.pdf);
    onDoc?.(doc.name, pages);
    let docMatched = 0;
    let gtChars = 0;
    let gtCharsFound = 0;
    let detChars = 0;
    let detCharsTrue = 0;
    const docRel = { correct: 0, detected: 0, truth: 0 };
    let docGt = 0;
    let docDet = 0;
    for (const p of pages) {
      const gts = doc.tables.filter((t) => t.page === p.page);
      const gtBoxes = gts.map((t) => p.toPage(...t.box));
      const detBoxes = p.tables.map((t) => t.bbox);
      if (p.tables.length) msPerTable.push(p.ms / p.tables.length);
      docGt += gts.length;
      docDet += p.tables.length;
      docMatched += matchByIou(gtBoxes, detBoxes, 0.5).length;
      const chars = pageChars(p);
      for (const g of gtBoxes) {
        const mine = chars.filter((c) => inBox(c, g));
        const total = mine.reduce((s, c) => s + c.n, 0);
        gtChars += total;
        gtCharsFound += mine.filter((c) => detBoxes.some((d) => inBox(c, d))).reduce((s, c) => s + c.n, 0);
        if (total > 0 && detBoxes.some((d) => mine.every((c) => inBox(c, d)))) complete++;
      }
      for (const d of detBoxes) {
        const mine = chars.filter((c) => inBox(c, d));
        detChars += mine.reduce((s, c) => s + c.n, 0);
        detCharsTrue += mine.filter((c) => gtBoxes.some((g) => inBox(c, g))).reduce((s, c) => s + c.n, 0);
        if (mine.length > 0 && gtBoxes.some((g) => mine.every((c) => inBox(c, g)))) pure++;
      }
      // Structure: each ground-truth table against the detected table overlapping it most.
      gts.forEach((t, i) => {
        const truth = adjacencyRelations(t.cells);
        let best = -1;
        let bestArea = 0;
        detBoxes.forEach((d, j) => {
          const a = intersectionArea(gtBoxes[i]!, d);
          if (a > bestArea) [best, bestArea] = [j, a];
        });
        const det = best >= 0 ? adjacencyRelations(gridSpanCells(p.tables[best]!)) : new Map<string, number>();
        const one = { truth: countRelations(truth), detected: countRelations(det), correct: correctRelations(truth, det) };
        docRel.truth += one.truth;
        docRel.detected += one.detected;
        docRel.correct += one.correct;
        if (best >= 0) perTable.push(tableEvidence(doc.name, p, t.cells, p.tables[best]!, prf(one.correct, one.detected, one.truth).f1));
        const s = best >= 0 ? scoreColumnSpans(p, t.cells, p.tables[best]!) : { truth: t.cells.filter((c) => c.c1 > c.c0 && c.text.trim()).length, right: 0, detected: 0, falseSpans: 0, misses: [] };
        spans.truth += s.truth;
        spans.right += s.right;
        spans.detected += s.detected;
        spans.falseSpans += s.falseSpans;
        spans.misses.push(...s.misses.map((m) => `${doc.name} p${p.page}: ${m}`));
      });
    }
    gtTables += docGt;
    detTables += docDet;
    matchedIou += docMatched;
    const dp = detChars ? detCharsTrue / detChars : docGt ? 0 : 1;
    const dr = gtChars ? gtCharsFound / gtChars : 1;
    charP.push(dp);
    charR.push(dr);
    rel.correct += docRel.correct;
    rel.detected += docRel.detected;
    rel.truth += docRel.truth;
    const rp = prf(docRel.correct, docRel.detected, docRel.truth);
    perDoc.push({ name: doc.name, gt: docGt, detected: docDet, matched: docMatched, charP: dp, charR: dr, relP: rp.precision, relR: rp.recall });
  }
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / Math.max(1, v.length);
  const cp = mean(charP);
  const cr = mean(charR);
  return {
    documents: docs.length,
    gtTables,
    detectedTables: detTables,
    regionIou: prf(matchedIou, detTables, gtTables),
    regionChars: { precision: cp, recall: cr, f1: cp + cr ? (2 * cp * cr) / (cp + cr) : 0 },
    complete,
    pure,
    structure: prf(rel.correct, rel.detected, rel.truth),
    relations: rel,
    msPerTable,
    perDoc,
    perTable,
    spans,
  };
}

export interface TableEvidence {
  name: string;
  /** Adjacency F1 of the detected table against this ground-truth table. */
  f1: number;
  confidence: number;
  /** Detected cells with text, and those whose words come from two or more ground-truth cells. */
  cells: number;
  mixed: number;
}

/**
 * A detected cell is mixed when its words lie in two or more ground-truth cells (words: runs
 * cut at spaces, each character an equal share of the run's box; a word's centre decides).
 */
function tableEvidence(name: string, p: PageTables, gtCells: readonly SpanCell[], grid: TableGrid, f1: number): TableEvidence {
  const gtBoxes = gtCells.filter((c) => c.box).map((c) => p.toPage(...c.box!));
  const words: Array<{ x: number; y: number }> = [];
  for (const r of p.content.runs) {
    const n = r.text.length || 1;
    for (const m of r.text.matchAll(/\S+/g)) {
      words.push({ x: r.bbox.left + (r.bbox.width * (m.index + m[0].length / 2)) / n, y: r.bbox.top + r.bbox.height / 2 });
    }
  }
  const inside = (w: { x: number; y: number }, b: BBox) => w.x >= b.left && w.x <= b.left + b.width && w.y >= b.top && w.y <= b.top + b.height;
  let cells = 0;
  let mixed = 0;
  for (const c of grid.cells) {
    if (!c.text.trim()) continue;
    cells++;
    const owners = new Set<number>();
    for (const w of words) {
      if (!inside(w, c.bbox)) continue;
      const g = gtBoxes.findIndex((b) => inside(w, b));
      if (g >= 0) owners.add(g);
    }
    if (owners.size >= 2) mixed++;
  }
  return { name, f1, confidence: grid.confidence, cells, mixed };
}
