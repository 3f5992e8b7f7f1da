/**
 * OCR pages (page images, scans): the layout model's regions shape the blocks (issue 29
 * item 0), as region-blocks.ts does for text layers. On an OCR page the lines come from the
 * OCR engine, which joins words across a narrow gutter or from a figure's label into the
 * paragraph beside it, and the analysis groups them by gaps alone (no fonts): parse's
 * segments scored mAP@0.5 0.30 on the annotated page images while the model alone, on the
 * same images, scored 0.51. So here:
 *
 *  1. confident Picture regions are merged into one per figure (nested or overlapping boxes
 *     of one figure become one), and each text region of the model is a candidate block;
 *  2. every OCR line is cut where its words cross from one region into another (a line
 *     running through a gutter, a label beside a paragraph); words outside every region
 *     follow their neighbours;
 *  3. each piece goes to the region holding its words: a Picture region takes the text that
 *     belongs to the figure (labels, axis ticks, text in a photo), unless the words sit in
 *     a text region mostly outside the figure (a loose figure box over a paragraph);
 *  4. a text region's pieces become one block of the region's type (unless they sit in two
 *     columns); a figure's pieces become one Picture block, holding them as its text; an
 *     analysis table inside a figure (a chart's grid read as ruling lines) joins the figure;
 *  5. pieces no region took keep the analysis's grouping; blocks go back in XY-cut order.
 *
 * The guards that make it the default (ocr-fusion-guards.ts): a region's pieces are split at
 * a gutter between two analysis blocks side by side, and a photo's background (figures over
 * most of the page holding most of its text) takes no text. An analysis table the model
 * reads as text, or a chart's grid inside a figure, gives its cells as lines (ocr-table-lines.ts).
 *
 * Then fuse-layout.ts retypes what is left and adds the advanced classes. QUIRE_FUSION_DUMP=dir
 * writes each page's fusion input (analysis layout + regions in page units) for
 * bench/ocr-fusion-eval.ts, which scores this fusion in milliseconds on cached inputs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { intersectionArea, unionBBox, type BBox, type SegmentType } from '../../model/document.js';
import type { Block, Line, PageLayout } from '../../model/layout.js';
import type { LayoutRegion } from '../../engines/layout/interface.js';
import { buildBlocks, toBlock } from '../blocks/build-blocks.js';
import { readingOrder } from '../reading-order/xy-cut.js';
import { fuseLayout } from './fuse-layout.js';
import { regroupLinesByRegions } from './regroup-lines.js';
import { distinctTextRegions, spansColumns } from './region-blocks.js';
import { cutLineAt, joinRowPieces } from './cut-ocr-line.js';
import { backgroundFigures, splitAtGutters, withoutBackgrounds } from './ocr-fusion-guards.js';
import { tableIsText, tableLines } from './ocr-table-lines.js';

export interface OcrRegionSettings {
  /** Text regions at or above this score shape blocks. */
  textMinScore: number;
  /** Picture regions at or above this score become figures. */
  pictureMinScore: number;
}
export const OCR_REGION_SETTINGS: OcrRegionSettings = { textMinScore: 0.4, pictureMinScore: 0.6 };

const area = (b: BBox) => Math.max(0, b.width) * Math.max(0, b.height);
const boxOf = (r: LayoutRegion): BBox => ({ left: r.left, top: r.top, width: r.width, height: r.height });
const holds = (b: BBox, x: number, y: number) => x >= b.left && x <= b.left + b.width && y >= b.top && y <= b.top + b.height;

/**
 * Which fusion an OCR page gets. `regions` (the default): the region-shaped blocks of this
 * file, which raise page-image mAP (0.326 → 0.45, README), with the guards of
 * ocr-fusion-guards.ts (a region split at a gutter, a photo's background taking no text) that
 * keep a scanned two-column page's columns apart (test/parse/column-order.test.ts) and a
 * photographed receipt's text out of the background (test/classify/photo-receipt.test.ts).
 * `lines` (QUIRE_OCR_FUSION=lines, the default before): lines regrouped by the model's regions
 * (regroup-lines.ts, with issue 27's side-by-side refusal).
 */
export type OcrFusionMode = 'lines' | 'regions';

export function fuseOcrPage(layout: PageLayout, regions: readonly LayoutRegion[], s: { advanced: boolean }, settings = OCR_REGION_SETTINGS, mode: OcrFusionMode = process.env.QUIRE_OCR_FUSION === 'lines' ? 'lines' : 'regions'): PageLayout {
  dumpFusionInput(layout, regions);
  if (mode === 'lines') return fuseLayout(regroupLinesByRegions(layout, regions), regions, { advanced: s.advanced });
  // A photo's background is not a figure: its Picture regions take no text, here or in fuseLayout.
  const usable = withoutBackgrounds(regions, backgroundFigures(layout, figuresOf(regions, settings.pictureMinScore).map((f) => f.box)));
  return fuseLayout(shapeOcrBlocks(layout, usable, settings), usable, { advanced: s.advanced, keepRegionTypes: true });
}

interface Figure {
  box: BBox;
  score: number;
}

/**
 * Confident Picture regions, one per figure: regions overlapping by a third of the smaller
 * one's area are one figure (union-find over the regions themselves: growing a union box and
 * merging again let a photo beside a page's text swallow the banner above it, and the text
 * between them).
 */
export function figuresOf(regions: readonly LayoutRegion[], minScore: number): Figure[] {
  const pics = regions.filter((r) => r.type === 'Picture' && r.score >= minScore);
  const parent = pics.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (let i = 0; i < pics.length; i++) {
    for (let j = i + 1; j < pics.length; j++) {
      const a = boxOf(pics[i]!);
      const b = boxOf(pics[j]!);
      if (intersectionArea(a, b) > FIGURE_OVERLAP * Math.min(area(a), area(b))) parent[root(j)] = root(i);
    }
  }
  const groups = new Map<number, LayoutRegion[]>();
  pics.forEach((r, i) => (groups.get(root(i)) ?? groups.set(root(i), []).get(root(i))!).push(r));
  return [...groups.values()].map((g) => ({ box: unionBBox(g.map(boxOf)), score: Math.max(...g.map((r) => r.score)) }));
}
const FIGURE_OVERLAP = 0.3;
/** How far (in line heights) outside a text region a line may be and still join it. */
const REACH = 0.6;
/**
 * The most a text block no model region holds may claim: the model looked at the page and
 * saw no text there, or not confidently (a table's cells, a figure's insides, specks read as
 * letters). As for text layers (agreement-confidence.ts), below the model's 0.4 threshold.
 */
const UNCONFIRMED = 0.35;

type Home = { kind: 'figure'; at: Figure } | { kind: 'text'; at: LayoutRegion } | undefined;

/** `regions` in page units. Returns `layout` with its text blocks shaped by the regions. */
export function shapeOcrBlocks(layout: PageLayout, regions: readonly LayoutRegion[], settings: OcrRegionSettings): PageLayout {
  const text = distinctTextRegions(regions, settings.textMinScore);
  const figures = figuresOf(regions, settings.pictureMinScore);
  if (text.length === 0 && figures.length === 0) return layout;
  // A text region mostly inside a figure is one of its labels, not a paragraph beside it.
  const inFigure = new Map<LayoutRegion, Figure>();
  // Unless the model is surer of the text than of every picture box holding it (a confident
  // paragraph under a loose figure box that reaches over it).
  const pictures = regions.filter((r) => r.type === 'Picture' && r.score >= settings.pictureMinScore);
  for (const r of text) {
    const f = figures.find((g) => intersectionArea(g.box, boxOf(r)) >= 0.5 * area(boxOf(r)));
    if (!f) continue;
    const holding = pictures.filter((p) => intersectionArea(boxOf(p), boxOf(r)) >= 0.5 * area(boxOf(r)));
    if (holding.length > 0 && holding.every((p) => p.score < r.score)) continue;
    inFigure.set(r, f);
  }
  // One Home object per region: cutLineAt compares homes by identity.
  const homes = new Map<LayoutRegion | Figure, Home>([...text.map((t) => [t, { kind: 'text', at: t }] as const), ...figures.map((f) => [f, { kind: 'figure', at: f }] as const)]);
  const homeOf = (x: number, y: number): Home => {
    // The smallest region holding the point: a heading's own box, not the paragraph box overlapping it.
    let r: LayoutRegion | undefined;
    for (const t of text) if (holds(boxOf(t), x, y) && (!r || area(boxOf(t)) < area(boxOf(r)))) r = t;
    if (r && !inFigure.has(r)) return homes.get(r);
    const f = (r && inFigure.get(r)) ?? figures.find((g) => holds(g.box, x, y));
    return f ? homes.get(f) : undefined;
  };

  // A line just outside a region's edge (the model's box a little tight on a paragraph's
  // last line) joins it: within REACH line heights, most of its width inside.
  const homeNear = (line: Line): Home => {
    const pad = REACH * line.bbox.height;
    const cx = line.bbox.left + line.bbox.width / 2;
    const cy = line.bbox.top + line.bbox.height / 2;
    let r: LayoutRegion | undefined;
    for (const t of text) {
      if (inFigure.has(t) || !holds({ left: t.left - pad, top: t.top - pad, width: t.width + 2 * pad, height: t.height + 2 * pad }, cx, cy)) continue;
      const overlap = Math.min(line.bbox.left + line.bbox.width, t.left + t.width) - Math.max(line.bbox.left, t.left);
      if (overlap >= 0.5 * line.bbox.width && (!r || area(boxOf(t)) < area(boxOf(r)))) r = t;
    }
    return r && homes.get(r);
  };

  const byText = new Map<LayoutRegion, Array<{ line: Line; from: Block }>>();
  const byFigure = new Map<Figure, Line[]>();
  const rest = new Map<Block, Line[]>();
  const kept: Block[] = [];
  for (const t of layout.blocks) {
    let b = t;
    if (t.kind === 'table') {
      // A grid read inside a figure is the chart's axes and gridlines, not a table.
      const f = figures.find((g) => intersectionArea(g.box, t.bbox) >= 0.8 * area(t.bbox)) ;
      if (f && !regions.some((r) => r.type === 'Table' && r.score >= settings.pictureMinScore && intersectionArea(boxOf(r), t.bbox) >= 0.5 * area(t.bbox))) {
        byFigure.set(f, [...(byFigure.get(f) ?? []), ...tableLines(t)]);
        continue;
      }
      // A grid the model reads as text (a paragraph beside a row of figures) is shaped as text.
      const lines = tableIsText(t, regions) ? tableLines(t) : [];
      if (lines.length === 0) {
        kept.push(t);
        continue;
      }
      b = { ...toBlock({ lines }), type: 'Text', typeConfidence: UNCONFIRMED };
    }
    if (b.kind === 'picture') {
      const f = figures.find((g) => intersectionArea(g.box, b.bbox) > 0.5 * Math.min(area(g.box), area(b.bbox)));
      if (f) {
        f.box = unionBBox([f.box, b.bbox]);
        byFigure.set(f, [...(byFigure.get(f) ?? []), ...b.lines]);
      } else kept.push(b);
      continue;
    }
    if (b.type === 'Page') {
      kept.push(b);
      continue;
    }
    for (const line of b.lines) {
      const stacked = stackedHome(line, homeOf);
      for (const { line: piece, home: inside } of cutLineAt(line, stacked ? () => stacked : homeOf)) {
        const home = inside ?? homeNear(piece);
        if (home?.kind === 'figure') byFigure.set(home.at, [...(byFigure.get(home.at) ?? []), piece]);
        else if (home?.kind === 'text') (byText.get(home.at) ?? byText.set(home.at, []).get(home.at)!).push({ line: piece, from: b });
        else (rest.get(b) ?? rest.set(b, []).get(b)!).push(piece);
      }
    }
  }
  // A region boxed across a gutter keeps its main column's pieces; the others go to their own column's region.
  const givenUp = new Map<Line, Set<LayoutRegion>>();
  for (let round = 0, moved = true; moved && round < 3; round++) {
    moved = false;
    for (const [r, held] of [...byText]) {
      const [main, ...others] = splitAtGutters(held);
      if (others.length === 0) continue;
      moved = true;
      byText.set(r, main!);
      for (const h of others.flat()) {
        const refused = (givenUp.get(h.line) ?? givenUp.set(h.line, new Set()).get(h.line)!).add(r);
        const cx = h.line.bbox.left + h.line.bbox.width / 2;
        const cy = h.line.bbox.top + h.line.bbox.height / 2;
        let next: LayoutRegion | undefined;
        for (const t of text) if (!refused.has(t) && !inFigure.has(t) && holds(boxOf(t), cx, cy) && (!next || area(boxOf(t)) < area(boxOf(next)))) next = t;
        if (next) (byText.get(next) ?? byText.set(next, []).get(next)!).push(h);
        else (rest.get(h.from) ?? rest.set(h.from, []).get(h.from)!).push(h.line);
      }
    }
  }
  // A region whose lines sit in two columns is not a block: its lines keep the analysis's grouping.
  for (const [r, held] of byText) {
    if (!spansColumns(withoutSpecks(joinRowPieces(held.map((h) => h.line))))) continue;
    byText.delete(r);
    for (const h of held) (rest.get(h.from) ?? rest.set(h.from, []).get(h.from)!).push(h.line);
  }

  const blocks: Block[] = [...kept];
  for (const [b, lines] of rest) {
    const whole = lines.length === b.lines.length && lines.every((l, i) => l === b.lines[i]);
    for (const nb of whole ? [b] : buildBlocks(sortLines(lines))) blocks.push({ ...nb, type: b.type ?? 'Text', typeConfidence: Math.min(UNCONFIRMED, b.typeConfidence ?? UNCONFIRMED), level: b.level, modelVotes: {} });
  }
  for (const [r, held] of byText) blocks.push(regionBlock(r, held));
  for (const f of figures) {
    const lines = sortLines(byFigure.get(f) ?? []);
    // A figure with no ink read and no analysis picture is still a figure the model saw.
    blocks.push({ kind: 'picture', bbox: lines.length ? unionBBox([f.box, ...lines.map((l) => l.bbox)]) : f.box, lines, fontSize: 0, bold: false, italic: false, type: 'Picture', typeConfidence: f.score });
  }
  const body = median(blocks.flatMap((b) => b.lines.map((l) => l.fontSize)));
  const order = readingOrder(blocks.map((b) => b.bbox), body);
  return { ...layout, blocks: order.map((i) => blocks[i]!) };
}

/**
 * The one region of a line whose words fall in text regions stacked one above the other
 * (two items of a list whose boxes overlap by a line): the line is not cut between them
 * (a cut is for regions side by side, a gutter), it goes whole to the region holding most
 * of its box. Undefined when the line's regions stand side by side or include a figure.
 */
function stackedHome(line: Line, homeOf: (x: number, y: number) => Home): Home {
  const homes = [...new Set(line.words.map((w) => homeOf(w.bbox.left + w.bbox.width / 2, w.bbox.top + w.bbox.height / 2)))].filter((h) => h !== undefined);
  if (homes.length < 2 || homes.some((h) => h.kind !== 'text')) return undefined;
  const boxes = homes.map((h) => boxOf(h.at as LayoutRegion));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const shared = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
      if (shared < 0.5 * Math.min(a.width, b.width)) return undefined;
    }
  }
  let best = 0;
  for (let i = 1; i < homes.length; i++) if (intersectionArea(line.bbox, boxes[i]!) > intersectionArea(line.bbox, boxes[best]!)) best = i;
  return homes[best];
}

/**
 * Lines that can make a column: OCR reads specks in a page image's margins and gutters as
 * one-letter "lines" ("i", ";") that sit beside real lines and would read as a second column.
 */
function withoutSpecks(lines: readonly Line[]): Line[] {
  const h = median(lines.map((l) => l.bbox.height));
  return lines.filter((l) => l.text.replace(/\s/g, '').length >= 2 && l.bbox.height >= 0.5 * h);
}

const sortLines = (lines: Line[]) => lines.slice().sort((p, q) => p.bbox.top - q.bbox.top || p.bbox.left - q.bbox.left);

/**
 * One block of a region's lines, of the region's type. On an OCR page the analysis's own
 * typing is weak evidence (a "5." starting a running head reads as a list bullet), so unlike
 * text layers (region-blocks.ts) it does not override the model.
 */
function regionBlock(r: LayoutRegion, held: ReadonlyArray<{ line: Line; from: Block }>): Block {
  const block = toBlock({ lines: sortLines(joinRowPieces(held.map((h) => h.line))) });
  // The document stage may still retype it (repeated margins, title); the model's vote then
  // settles its confidence (classify/model-agreement.ts).
  return { ...block, type: r.type as SegmentType, typeConfidence: r.score, modelVotes: { [r.type]: r.score } };
}

function median(xs: number[]): number {
  if (xs.length === 0) return 10;
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

function dumpFusionInput(layout: PageLayout, regions: readonly LayoutRegion[]): void {
  const dir = process.env.QUIRE_FUSION_DUMP;
  if (!dir) return;
  const json = JSON.stringify({ layout, regions });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${createHash('sha256').update(json).digest('hex').slice(0, 16)}.json`), json);
}
