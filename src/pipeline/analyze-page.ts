/**
 * The per-page stages, run inside a pool worker: tables and pictures claim their regions,
 * the remaining text becomes lines and blocks, page-local types are hinted, and the blocks
 * are put in reading order.
 */
import { type BBox, intersectionArea } from '../model/document.js';
import type { Block, PageLayout } from '../model/layout.js';
import { countWords, nonSpaceLength } from './count-words.js';
import type { PageContent, TextRun } from '../model/page.js';
import { buildBlocks, toBlock } from './blocks/build-blocks.js';
import { joinDropCaps } from './blocks/drop-caps.js';
import { hintBlockType, questionAnswerTurns } from './classify/page-hints.js';
import { displayMathBlocks, isDisplayMath } from './classify/display-math.js';
import { buildLines } from './lines/build-lines.js';
import { lineNumberColumns } from './lines/line-numbers.js';
import { findCharts } from './charts/find-charts.js';
import { detectPictures } from './pictures/detect-pictures.js';
import { readingOrder } from './reading-order/xy-cut.js';
import { type DetectedTable, detectTables } from './tables/detect-tables.js';
import { markRuns } from './text-marks/mark-runs.js';

export interface AnalyzeOptions {
  /** page_by_page: one Page block in text-layer order (column order if fixReadingOrder). */
  pageByPage: boolean;
  fixReadingOrder: boolean;
  /**
   * Text-layer facts the job asks for (transfer_text_color, attach_hyperlinks,
   * preserve_strikethrough); absent in a default parse, which then reads none of them.
   */
  textLayer?: { color: boolean; links: boolean; strike: boolean };
}

/** Text inside a picture region stays with the picture only if there is little of it. */
const MAX_PICTURE_WORDS = 60;
/** A chart found from its axes holds its ticks, titles and legend: more words than a figure. */
const MAX_CHART_WORDS = 150;

function centreInside(r: TextRun, b: BBox): boolean {
  const cx = r.bbox.left + r.bbox.width / 2;
  const cy = r.bbox.top + r.bbox.height / 2;
  return cx >= b.left && cx <= b.left + b.width && cy >= b.top && cy <= b.top + b.height;
}

export function fontHistogram(runs: readonly TextRun[]): Record<string, number> {
  const hist: Record<string, number> = {};
  for (const r of runs) {
    const key = String(Math.round(r.fontSize * 10));
    hist[key] = (hist[key] ?? 0) + nonSpaceLength(r.text);
  }
  return hist;
}

export function analyzePage(content: PageContent, opts: AnalyzeOptions): PageLayout {
  if (opts.textLayer && (opts.textLayer.links || opts.textLayer.strike)) content = markRuns(content, opts.textLayer);
  const page: BBox = { left: 0, top: 0, width: content.width, height: content.height };
  const base = {
    pageNumber: content.pageNumber,
    width: content.width,
    height: content.height,
    fontHistogram: fontHistogram(content.runs),
    textSource: content.textSource,
    warnings: [] as string[],
  };
  const bodySize = medianSize(content.runs);

  if (opts.pageByPage) {
    const lines = buildLines(content.runs);
    let ordered = lines;
    if (opts.fixReadingOrder) {
      const blocks = buildBlocks(lines);
      ordered = readingOrder(blocks.map((b) => b.bbox), bodySize).flatMap((i) => blocks[i]!.lines);
    }
    const block: Block = { ...toBlock({ lines: ordered }), bbox: page, type: 'Page', typeConfidence: 1 };
    return { ...base, blocks: ordered.length > 0 || content.runs.length === 0 ? [block] : [] };
  }

  // A margin's line numbers (a transcript's 1-25) are furniture: no table's column, no text.
  const numberColumns = lineNumberColumns(content.runs);
  const claimed = new Set<number>(numberColumns.flat());
  const blocks: Block[] = [];
  const hasMarks = content.rects.length >= 2 || !!content.shapes?.length || content.images.length > 0;
  for (const t of chartsOverDoubtfulTables(content, detectTables(content, claimed), hasMarks)) {
    t.runIndices.forEach((i) => claimed.add(i));
    if (isDisplayMath(t.grid, content.runs, t.runIndices)) {
      blocks.push(...displayMathBlocks(content.runs, t.runIndices));
      continue;
    }
    blocks.push({ kind: 'table', bbox: t.grid.bbox, lines: [], fontSize: bodySize, bold: false, italic: false, type: 'Table', typeConfidence: t.grid.confidence, table: t.grid });
  }
  // Charts first (bars, lines, pies read; others framed by their axes): their labels lie outside
  // their marks; each is one Picture holding its labels (and its data when read). (Pages without shapes skip the copy of their runs.)
  const charts = !hasMarks ? [] : findCharts(content, claimed.size === 0 ? content.runs : content.runs.map((r, i) => (claimed.has(i) ? { ...r, text: '' } : r)), blocks.map((b) => b.bbox));
  for (const c of charts) {
    const inside = content.runs.flatMap((r, i) => (!claimed.has(i) && (c.runIndices.includes(i) || centreInside(r, c.box)) ? [i] : []));
    if (inside.reduce((n, i) => n + countWords(content.runs[i]!.text), 0) > MAX_CHART_WORDS) continue;
    inside.forEach((i) => claimed.add(i));
    blocks.push({ kind: 'picture', bbox: c.box, lines: buildLines(inside.map((i) => content.runs[i]!)), fontSize: bodySize, bold: false, italic: false, type: 'Picture', typeConfidence: 0.8, chart: c.chart });
  }
  const tableBoxes = blocks.map((b) => b.bbox);
  for (const pic of detectPictures({ images: content.images, paths: content.graphics, rects: content.rects, page, exclude: tableBoxes })) {
    const inside: number[] = [];
    content.runs.forEach((r, i) => {
      if (!claimed.has(i) && centreInside(r, pic)) inside.push(i);
    });
    const words = inside.reduce((n, i) => n + countWords(content.runs[i]!.text), 0);
    if (words > MAX_PICTURE_WORDS) continue; // a text box with a background, not a figure
    const lines = buildLines(inside.map((i) => content.runs[i]!));
    if (proseInside(lines, pic)) continue; // a framed text box (a summary, a call-out): its text is text
    inside.forEach((i) => claimed.add(i));
    blocks.push({ kind: 'picture', bbox: pic, lines, fontSize: bodySize, bold: false, italic: false, type: 'Picture', typeConfidence: 0.8 });
  }
  // Pictures overlapping a table (e.g. logos in cells) stay separate; nothing else to do.
  const free = content.runs.filter((_, i) => !claimed.has(i));
  // Tables are not blank space to the gutter search (gutters.ts, verticalStretches).
  const occupied = blocks.flatMap((b) => (b.kind === 'table' ? [{ top: b.bbox.top, bottom: b.bbox.top + b.bbox.height }] : []));
  const textBlocks = joinDropCaps(buildBlocks(buildLines(free, occupied)));
  for (const b of textBlocks) {
    hintBlockType(b);
    blocks.push(b);
  }
  questionAnswerTurns(textBlocks);
  const order = readingOrder(
    blocks.map((b) => b.bbox),
    bodySize,
  );
  const numbers = numberColumns.map((col): Block => ({ ...toBlock({ lines: buildLines(col.map((i) => content.runs[i]!)) }), type: 'PageHeader', typeConfidence: 0.75 }));
  return { ...base, blocks: [...order.map((i) => blocks[i]!), ...numbers] };
}

/** Below this confidence a table's structure is doubtful (tables/table-evidence.ts). */
const DOUBTFUL_TABLE = 0.5;

/**
 * The page's tables less the doubtful ones that a chart stands on: a chart's axes (a column
 * of numbers at one step meeting a row of numbers at one step, marks between them) read as a
 * grid of few cells, and the table came first and hid the chart from the chart search. Two
 * line charts stacked on one axis column had been one Table of their tick labels (0.36).
 * A table with a confident structure is kept whatever the chart search says.
 */
function chartsOverDoubtfulTables(content: PageContent, tables: DetectedTable[], hasMarks: boolean): DetectedTable[] {
  const doubtful = tables.filter((t) => t.grid.confidence < DOUBTFUL_TABLE);
  if (!hasMarks || doubtful.length === 0) return tables;
  const sure = tables.filter((t) => t.grid.confidence >= DOUBTFUL_TABLE);
  const claimed = new Set(sure.flatMap((t) => t.runIndices));
  const charts = findCharts(content, content.runs.map((r, i) => (claimed.has(i) ? { ...r, text: '' } : r)), sure.map((t) => t.grid.bbox));
  const covered = (b: BBox) => charts.reduce((sum, c) => sum + intersectionArea(c.box, b), 0);
  return tables.filter((t) => !doubtful.includes(t) || covered(t.grid.bbox) < 0.5 * t.grid.bbox.width * t.grid.bbox.height);
}

/**
 * Whether a drawing's text is prose: two lines or more of six words or more, each across
 * most of the drawing's width. A figure's text is labels (ticks, legends, node names, short
 * and scattered); a framed or shaded text box holds paragraphs that run from side to side.
 */
function proseInside(lines: ReadonlyArray<{ text: string; bbox: BBox }>, box: BBox): boolean {
  let n = 0;
  for (const l of lines) if (l.bbox.width >= 0.6 * box.width && countWords(l.text) >= 6 && ++n >= 2) return true;
  return false;
}

function medianSize(runs: readonly TextRun[]): number {
  if (runs.length === 0) return 10;
  const sizes = runs.map((r) => r.fontSize).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)]!;
}
