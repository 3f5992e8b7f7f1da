/**
 * shapeOcrBlocks / fuseOcrPage: on an OCR page the model's regions shape the blocks. Lines
 * are built from OCR words by the real line builder (which joins words across a narrow
 * gutter, as tesseract does); regions are what the model returns (type, box, score).
 */
import { describe, expect, it } from 'vitest';
import type { Block, PageLayout } from '../../src/model/layout.js';
import type { LayoutRegion } from '../../src/engines/layout/interface.js';
import { buildLines } from '../../src/pipeline/lines/build-lines.js';
import { blockText, toBlock } from '../../src/pipeline/blocks/build-blocks.js';
import { shapeOcrBlocks, OCR_REGION_SETTINGS } from '../../src/pipeline/layout-fusion/ocr-region-blocks.js';
import { fuseModelRegions } from '../../src/pipeline/layout-fusion/apply-layout-model.js';
import { ocrLineRuns as lineRuns } from './support/ocr-line-runs.js';

const page = (blocks: Block[]): PageLayout => ({ pageNumber: 1, width: 600, height: 800, blocks, fontHistogram: {}, textSource: 'ocr', warnings: [] });
const region = (type: LayoutRegion['type'], left: number, top: number, width: number, height: number, score: number): LayoutRegion => ({ type, left, top, width, height, score });
const words = (l: PageLayout) => l.blocks.flatMap((b) => b.lines.flatMap((x) => x.words.map((w) => w.text))).sort();

describe('shapeOcrBlocks', () => {
  it('cuts an OCR line that runs through a gutter at the regions of its words', () => {
    // Two columns whose rows the OCR read as single lines (a 10 px gutter).
    const left = ['the left column starts', 'and goes on here'];
    const right = ['while the right one', 'says something else'];
    const runs = left.flatMap((t, i) => [...lineRuns(t, 50, 100 + 16 * i), ...lineRuns(right[i]!, 220, 100 + 16 * i)]);
    const lines = buildLines(runs);
    const layout = page([toBlock({ lines })]);
    const out = shapeOcrBlocks(layout, [region('Text', 45, 95, 165, 36, 0.85), region('Text', 215, 95, 160, 36, 0.8)], OCR_REGION_SETTINGS);
    expect(out.blocks.map(blockText)).toEqual(['the left column starts\nand goes on here', 'while the right one\nsays something else']);
    expect(out.blocks.map((b) => b.type)).toEqual(['Text', 'Text']);
    expect(words(out)).toEqual(words(layout));
  });

  it('gives a figure one Picture block holding its labels; paragraphs beside it stay text', () => {
    const lines = buildLines([
      ...lineRuns('0 10 20 30', 60, 300),
      ...lineRuns('Revenue by year', 70, 200),
      ...lineRuns('a paragraph next to the chart', 320, 200),
      ...lineRuns('continues on its second line', 320, 216),
    ]);
    const layout = page(buildBlocksPerLine(lines));
    const regions = [
      region('Picture', 50, 180, 200, 140, 0.8),
      region('Picture', 55, 190, 120, 60, 0.65), // a fragment of the same figure
      region('Text', 60, 296, 100, 18, 0.5), // the axis ticks seen as text, inside the figure
      region('Text', 315, 195, 230, 36, 0.85),
    ];
    // The region-shaped fusion is the default for OCR pages (ocr-region-blocks.ts fuseOcrPage).
    const out = fuseModelRegions(layout, regions, { advanced: false });
    const pictures = out.blocks.filter((b) => b.type === 'Picture');
    expect(pictures).toHaveLength(1);
    expect(blockText(pictures[0]!)).toBe('Revenue by year\n0 10 20 30');
    const text = out.blocks.filter((b) => b.type === 'Text');
    expect(text.map(blockText)).toEqual(['a paragraph next to the chart\ncontinues on its second line']);
    expect(words(out)).toEqual(words(layout));
  });

  it('joins a line just below a tight region and keeps unconfirmed lines at low confidence', () => {
    const lines = buildLines([
      ...lineRuns('a paragraph whose box the model', 50, 100),
      ...lineRuns('drew a little short', 50, 116),
      ...lineRuns('a line nobody boxed', 50, 400),
    ]);
    const layout = page(buildBlocksPerLine(lines));
    const out = shapeOcrBlocks(layout, [region('Text', 45, 97, 240, 28, 0.8)], OCR_REGION_SETTINGS);
    expect(out.blocks.map((b) => [blockText(b), b.typeConfidence])).toEqual([
      ['a paragraph whose box the model\ndrew a little short', 0.8],
      ['a line nobody boxed', 0.35],
    ]);
  });
});

describe('the guards of the OCR region fusion (ocr-fusion-guards.ts)', () => {
  /** Two columns of `n` lines each, their blocks built apart (as the analysis keeps columns). */
  function twoColumns(n: number, gutter: number): { layout: PageLayout; left: string[]; right: string[]; edge: number } {
    const left = Array.from({ length: n }, (_, i) => `left column line ${i} reads on`);
    const right = Array.from({ length: n }, (_, i) => `right side row ${i} goes here`);
    const leftRuns = left.flatMap((t, i) => lineRuns(t, 50, 100 + 16 * i));
    const edge = Math.max(...leftRuns.map((r) => r.bbox.left + r.bbox.width));
    const lb = toBlock({ lines: buildLines(leftRuns) });
    const rb = toBlock({ lines: buildLines(right.flatMap((t, i) => lineRuns(t, edge + gutter, 100 + 16 * i))) });
    return { layout: page([lb, rb]), left, right, edge };
  }

  it('splits a text region boxed past the gutter: each column stays one block of its own lines', () => {
    // A gutter of 14 px (little more than a line height: row pieces that close are one line).
    const { layout, left, right, edge } = twoColumns(4, 14);
    // The left paragraph's box reaches over the gutter into the right column's first words
    // (and is the smaller box there, so those words' centres go to it).
    const regions = [region('Text', 45, 95, edge + 50 - 45, 68, 0.9), region('Text', edge + 10, 90, 260, 80, 0.8)];
    const out = fuseModelRegions(structuredClone(layout), regions, { advanced: false });
    expect(out.blocks.map((b) => [blockText(b), b.typeConfidence])).toEqual([
      [left.join('\n'), 0.9],
      [right.join('\n'), 0.8],
    ]);
    expect(words(out)).toEqual(words(layout));
  });

  it('keeps one-line pieces side by side together (a label and its amount are not a gutter)', () => {
    const lines = buildLines([...lineRuns('Total due', 50, 100), ...lineRuns('19.79', 125, 100)]);
    const layout = page(buildBlocksPerLine(lines));
    const out = fuseModelRegions(layout, [region('Text', 45, 95, 200, 20, 0.8)], { advanced: false });
    expect(out.blocks.map(blockText)).toEqual(['Total due 19.79']);
  });

  it('gives no text to Picture regions covering most of the page (a photo of a document)', () => {
    const lines = buildLines([...lineRuns('CORNER GROCERY', 200, 100), ...lineRuns('Subtotal 18.32', 200, 300), ...lineRuns('Total due 19.79', 200, 500)]);
    const layout = page(buildBlocksPerLine(lines));
    // The table under the receipt, seen as overlapping pictures.
    const regions = [region('Picture', 0, 0, 350, 600, 0.73), region('Picture', 150, 200, 450, 600, 0.69), region('Picture', 0, 250, 300, 550, 0.62)];
    const out = fuseModelRegions(layout, regions, { advanced: false });
    expect(out.blocks.filter((b) => b.type === 'Picture')).toEqual([]);
    expect(out.blocks.map(blockText)).toEqual(['CORNER GROCERY', 'Subtotal 18.32', 'Total due 19.79']);
  });

  it('still gives a real figure its labels on a page of text', () => {
    const lines = buildLines([...lineRuns('0 10 20 30', 60, 300), ...lineRuns('a paragraph below the figure', 50, 500), ...lineRuns('and its second line', 50, 516)]);
    const layout = page(buildBlocksPerLine(lines));
    const out = fuseModelRegions(layout, [region('Picture', 50, 180, 250, 140, 0.8), region('Text', 45, 495, 260, 36, 0.85)], { advanced: false });
    const pictures = out.blocks.filter((b) => b.type === 'Picture');
    expect(pictures.map(blockText)).toEqual(['0 10 20 30']);
  });
});

describe('analysis tables on an OCR page (ocr-table-lines.ts)', () => {
  const cell = (row: number, col: number, text: string, left: number, top: number, width: number) => ({ row, col, rowSpan: 1, colSpan: 1, text, bbox: { left, top, width, height: 12 } });
  /** A stream "table" the OCR words made: a paragraph's first lines beside a column of figures. */
  function gridBlock(): Block {
    const cells = [cell(0, 0, '53%', 50, 100, 30), cell(0, 1, 'equity analysis at least once', 300, 100, 200), cell(1, 0, '36%', 50, 116, 30), cell(1, 1, 'and identify gaps if any', 300, 116, 170)];
    const bbox = { left: 50, top: 100, width: 450, height: 28 };
    return { kind: 'table', bbox, lines: [], fontSize: 12, bold: false, italic: false, type: 'Table', typeConfidence: 0.7, table: { rowCount: 2, colCount: 2, cells, headerRows: 0, bbox, method: 'stream', confidence: 0.7 } };
  }
  const cellWords = (l: PageLayout) => l.blocks.flatMap((b) => [...b.lines.flatMap((x) => x.words.map((w) => w.text)), ...(b.table?.cells.flatMap((c) => c.text.split(' ')) ?? [])]).sort();

  it('shapes a grid the model reads as text (no Table region) as text, keeping every word', () => {
    const layout = page([gridBlock()]);
    const out = fuseModelRegions(structuredClone(layout), [region('Text', 295, 95, 210, 36, 0.84)], { advanced: false });
    expect(out.blocks.some((b) => b.kind === 'table')).toBe(false);
    expect(out.blocks.map(blockText)).toContain('equity analysis at least once\nand identify gaps if any');
    expect(cellWords(out)).toEqual(cellWords(layout));
  });

  it('keeps a grid the model also boxes as a table', () => {
    const out = fuseModelRegions(page([gridBlock()]), [region('Table', 45, 95, 460, 36, 0.8), region('Text', 295, 95, 210, 36, 0.84)], { advanced: false });
    expect(out.blocks.filter((b) => b.kind === 'table')).toHaveLength(1);
  });
});

function buildBlocksPerLine(lines: ReturnType<typeof buildLines>): Block[] {
  return lines.map((l) => toBlock({ lines: [l] }));
}
