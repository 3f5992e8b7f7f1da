/**
 * regroupLinesByRegions: on an OCR page the model's text regions decide the blocks. Lines
 * here are built from words by the real line builder; the regions are what the model
 * returns (type, box, score).
 */
import { describe, expect, it } from 'vitest';
import type { PageLayout } from '../../src/model/layout.js';
import { buildLines } from '../../src/pipeline/lines/build-lines.js';
import { toBlock } from '../../src/pipeline/blocks/build-blocks.js';
import { regroupLinesByRegions } from '../../src/pipeline/layout-fusion/regroup-lines.js';
import { ocrLineRuns as lineRuns } from './support/ocr-line-runs.js';

describe('regroupLinesByRegions', () => {
  it('makes one block per text region, typed by it, and keeps lines no region holds', () => {
    const runs = [
      ...lineRuns('Results of the survey', 50, 50),
      ...lineRuns('the first paragraph starts here', 50, 80),
      ...lineRuns('and goes on for a second line', 50, 96),
      ...lineRuns('Figure 1. The caption under it', 50, 140),
      ...lineRuns('a stray line nobody boxed', 50, 300),
    ];
    const lines = buildLines(runs);
    expect(lines).toHaveLength(5);
    // The analysis put everything above the stray line into one block.
    const layout: PageLayout = { pageNumber: 1, width: 600, height: 800, blocks: [toBlock({ lines: lines.slice(0, 4) }), toBlock({ lines: lines.slice(4) })], fontHistogram: {}, textSource: 'ocr', warnings: [] };
    const regions = [
      { type: 'SectionHeader' as const, left: 45, top: 45, width: 220, height: 22, score: 0.9 },
      { type: 'Text' as const, left: 45, top: 76, width: 320, height: 36, score: 0.85 },
      { type: 'Text' as const, left: 46, top: 77, width: 318, height: 34, score: 0.6 }, // a duplicate
      { type: 'Caption' as const, left: 45, top: 136, width: 320, height: 20, score: 0.8 },
    ];
    const out = regroupLinesByRegions(layout, regions);
    expect(out.blocks.map((b) => [b.type ?? 'Text', b.lines.length])).toEqual([
      ['SectionHeader', 1],
      ['Text', 2],
      ['Caption', 1],
      ['Text', 1],
    ]);
    expect(out.blocks[3]!.lines[0]!.text).toBe('a stray line nobody boxed');
  });
});
