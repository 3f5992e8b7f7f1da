/**
 * shapeBlocksByRegions: on a text-layer page, confident model regions split, merge and
 * retype the analysis's blocks; regions that would join two columns, break a block the
 * analysis typed surely, or cut a hyphenated word are not used. Lines come from the real
 * line builder; regions are what the model returns (type, box in page units, score).
 */
import { describe, expect, it } from 'vitest';
import type { Block, PageLayout } from '../../src/model/layout.js';
import { buildLines } from '../../src/pipeline/lines/build-lines.js';
import { toBlock, blockText } from '../../src/pipeline/blocks/build-blocks.js';
import { shapeBlocksByRegions } from '../../src/pipeline/layout-fusion/region-blocks.js';
import { fuseModelRegions } from '../../src/pipeline/layout-fusion/apply-layout-model.js';
import { lineRuns } from './support/text-line-runs.js';

const page = (blocks: Block[]): PageLayout => ({ pageNumber: 1, width: 612, height: 792, blocks, fontHistogram: {}, textSource: 'text', warnings: [] });
const region = (type: 'Text' | 'SectionHeader' | 'Caption', left: number, top: number, width: number, height: number, score: number) => ({ type, left, top, width, height, score });

describe('shapeBlocksByRegions', () => {
  it('splits a block straddling two regions, merges blocks inside one, keeps lines outside', () => {
    const lines = buildLines([
      ...lineRuns('Methods and data', 50, 50),
      ...lineRuns('the first paragraph starts here', 50, 64),
      ...lineRuns('and goes on for a second line', 50, 78),
      ...lineRuns('a second paragraph right below', 50, 100),
      ...lineRuns('which the analysis kept apart', 50, 114),
      ...lineRuns('a stray line nobody boxed', 50, 300),
    ]);
    expect(lines).toHaveLength(6);
    // The analysis: heading glued to the first paragraph; the second paragraph in two blocks.
    const layout = page([toBlock({ lines: lines.slice(0, 3) }), toBlock({ lines: [lines[3]!] }), toBlock({ lines: [lines[4]!] }), toBlock({ lines: [lines[5]!] })]);
    const out = shapeBlocksByRegions(layout, [
      region('SectionHeader', 46, 47, 120, 15, 0.9),
      region('Text', 46, 62, 240, 30, 0.85),
      region('Text', 46, 97, 240, 30, 0.8),
      region('Text', 47, 63, 238, 28, 0.45), // below the threshold
    ], { minScore: 0.5 });
    expect(out.blocks.map((b) => [b.type ?? 'Text', b.lines.length, b.typeConfidence])).toEqual([
      ['SectionHeader', 1, 0.9],
      ['Text', 2, 0.85],
      ['Text', 2, 0.8],
      ['Text', 1, undefined],
    ]);
    expect(blockText(out.blocks[3]!)).toBe('a stray line nobody boxed');
    // Boxes are the lines' union (snapped to the words), not the model's looser box.
    expect(out.blocks[1]!.bbox.left).toBe(50);
    expect(out.blocks[1]!.bbox.top).toBe(64);
    // Every line once, none lost.
    expect(out.blocks.flatMap((b) => b.lines).length).toBe(6);
  });

  it('does not use a region that holds two columns, nor one that breaks a typed list item', () => {
    const left = Array.from({ length: 4 }, (_, i) => lineRuns(`left column line number ${i}`, 50, 100 + 14 * i)).flat();
    const right = Array.from({ length: 4 }, (_, i) => lineRuns(`right column line number ${i}`, 320, 100 + 14 * i)).flat();
    const lines = buildLines([...left, ...right]);
    expect(lines).toHaveLength(8);
    const cols = page([toBlock({ lines: lines.filter((l) => l.bbox.left < 300) }), toBlock({ lines: lines.filter((l) => l.bbox.left > 300) })]);
    const before = cols.blocks.map((b) => blockText(b));
    const out = shapeBlocksByRegions(cols, [region('Text', 40, 95, 540, 70, 0.9)], { minScore: 0.5 });
    expect(out.blocks.map((b) => blockText(b))).toEqual(before);

    const items = buildLines([...lineRuns('• first item', 50, 100), ...lineRuns('• second item', 50, 114)]);
    const list = page(items.map((l) => ({ ...toBlock({ lines: [l] }), type: 'ListItem' as const, typeConfidence: 0.85 })));
    const merged = shapeBlocksByRegions(list, [region('Text', 45, 95, 200, 35, 0.7)], { minScore: 0.5 });
    expect(merged.blocks.map((b) => [b.type, b.lines.length])).toEqual([['ListItem', 1], ['ListItem', 1]]);
  });

  it('keeps a hyphenated word in one block when a region cuts between its lines', () => {
    const lines = buildLines([...lineRuns('a paragraph whose last word is hy-', 50, 100), ...lineRuns('phenated across the line end', 50, 114)]);
    const out = shapeBlocksByRegions(page([toBlock({ lines })]), [region('Text', 45, 95, 260, 16, 0.8)], { minScore: 0.5 });
    expect(out.blocks).toHaveLength(1);
    expect(out.blocks[0]!.lines).toHaveLength(2);
  });

  it('gives unconfirmed text blocks a confidence below every confirmed one', () => {
    const lines = buildLines([...lineRuns('a paragraph the model boxed', 50, 100), ...lineRuns('axis label', 50, 400)]);
    const out = fuseModelRegions(page([toBlock({ lines: [lines[0]!] }), toBlock({ lines: [lines[1]!] })]), [region('Text', 45, 95, 200, 16, 0.7)], { advanced: false });
    expect(out.blocks.map((b) => [blockText(b), b.type, b.typeConfidence])).toEqual([
      ['a paragraph the model boxed', 'Text', 0.7],
      ['axis label', 'Text', 0.35],
    ]);
  });
});
