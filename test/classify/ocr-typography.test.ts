/**
 * The document stage on OCR pages (src/pipeline/classify/ocr-typography.ts): numbered section
 * titles the model left Text or ListItem are headings, a numbered list stays a list, and the
 * lowest margin line carrying a folio or the publisher's imprint is the page footer where the
 * model called it a footnote. Lines come from the real line builder over OCR words; blocks carry
 * the type and vote the OCR fusion gives a model region's block (ocr-region-blocks.ts).
 * Each assertion on a retyped block fails without the rules (the model's type stays).
 */
import { describe, expect, it } from 'vitest';
import type { Block, PageLayout } from '../../src/model/layout.js';
import type { SegmentType } from '../../src/model/document.js';
import { buildLines } from '../../src/pipeline/lines/build-lines.js';
import { blockText, toBlock } from '../../src/pipeline/blocks/build-blocks.js';
import { classifyDocument } from '../../src/pipeline/classify/document-types.js';
import { ocrLineRuns as lineRuns } from '../layout/support/ocr-line-runs.js';

/** A block of the given lines (one every 16 px), typed as the fusion types a model region's block. */
function block(texts: string[], left: number, top: number, type: SegmentType, score: number): Block {
  const lines = buildLines(texts.flatMap((t, i) => lineRuns(t, left, top + 16 * i)));
  return { ...toBlock({ lines }), type, typeConfidence: score, modelVotes: { [type]: score } };
}
const PARAGRAPH = ['the samples were filtered through a membrane and', 'the residual concentration was measured after each', 'cycle of adsorption at room temperature and pH 7'];
const page = (blocks: Block[], textSource: PageLayout['textSource'] = 'ocr'): PageLayout => ({ pageNumber: 1, width: 600, height: 800, blocks, fontHistogram: { '120': 500 }, textSource, warnings: [] });
const typeOf = (l: PageLayout, text: string) => l.blocks.find((b) => blockText(b).startsWith(text))?.type;

describe('OCR pages: numbered headings', () => {
  it('types a one-line numbered section title SectionHeader, its level the numbering depth (dots read as commas too)', () => {
    const layout = page([
      block(['2.1. Chemicals and reagents'], 50, 100, 'Text', 0.45),
      block(PARAGRAPH, 50, 124, 'Text', 0.8),
      block(['3,4, Adsorption kinetics'], 50, 200, 'ListItem', 0.49),
      block(PARAGRAPH, 50, 224, 'Text', 0.8),
      block(['1. Introduction and scope'], 50, 300, 'Text', 0.3),
      block(PARAGRAPH, 50, 324, 'Text', 0.8),
    ]);
    classifyDocument([layout]);
    const heads = layout.blocks.filter((b) => b.type === 'SectionHeader');
    expect(heads.map(blockText)).toEqual(['2.1. Chemicals and reagents', '3,4, Adsorption kinetics', '1. Introduction and scope']);
    expect(heads.map((b) => b.level)).toEqual([2, 2, 1]);
    expect(typeOf(layout, 'the samples')).toBe('Text');
  });

  it('leaves numbered list items, sentences, confident model types and text-layer pages alone', () => {
    const items = ['1. Buy fresh milk', '2. Feed the cat', '3. Water the plants'].map((t, i) => block([t], 50, 100 + 20 * i, 'ListItem', 0.45));
    const sentence = block(['2.1. The samples were dried.'], 50, 200, 'Text', 0.45);
    const sure = block(['4.2. Results from the second run'], 50, 300, 'Text', 0.75);
    const rest = [block(PARAGRAPH, 50, 224, 'Text', 0.8), block(PARAGRAPH, 50, 324, 'Text', 0.8)];
    // A receipt's rows: a quantity and a price, and its last row in the bottom margin.
    const receipt = [block(['2 Coffee Latte 4.50'], 330, 400, 'Text', 0.45), block(['1. Croissant Butter 2.10'], 330, 440, 'Text', 0.45), block(PARAGRAPH.slice(0, 1), 330, 470, 'Text', 0.45)];
    const lastRow = block(['TOTAL 25'], 330, 760, 'Text', 0.45);
    const layout = page([...items, sentence, ...rest, sure, ...receipt, lastRow]);
    classifyDocument([layout]);
    expect(layout.blocks.filter((b) => b.type === 'SectionHeader')).toEqual([]);
    expect(typeOf(layout, 'TOTAL')).toBe('Text');
    expect(typeOf(layout, '2. Feed')).toBe('ListItem');

    const textLayer = page([block(['2.1. Chemicals and reagents'], 50, 100, 'Text', 0.45), block(PARAGRAPH, 50, 124, 'Text', 0.8)], 'text');
    classifyDocument([textLayer]);
    expect(typeOf(textLayer, '2.1.')).toBe('Text');
  });
});

describe('OCR pages: page footers', () => {
  it('types the lowest margin line with a folio or the imprint PageFooter where the model said Footnote or Caption', () => {
    const layout = page([
      block(PARAGRAPH, 50, 100, 'Text', 0.8),
      block(['12 Neurocrine Biosciences Annual Report'], 50, 760, 'Footnote', 0.46),
      block(['0304-3894/$ see front matter © 2012 Elsevier B.V.'], 330, 760, 'Caption', 0.47),
    ]);
    classifyDocument([layout]);
    expect(typeOf(layout, '12 Neurocrine')).toBe('PageFooter');
    expect(typeOf(layout, '0304-3894')).toBe('PageFooter');
  });

  it('keeps a footnote that has text below it, one without folio or imprint, and text-layer pages as they were', () => {
    const layout = page([
      block(PARAGRAPH, 50, 100, 'Text', 0.8),
      block(['* Corresponding author at the School of Environment'], 50, 712, 'Footnote', 0.5),
      block(['E-mail address of the corresponding author'], 50, 740, 'Footnote', 0.5),
      block(['12 Neurocrine Biosciences Annual Report'], 330, 760, 'Footnote', 0.46),
    ]);
    classifyDocument([layout]);
    expect(typeOf(layout, '* Corresponding')).toBe('Footnote');
    expect(typeOf(layout, 'E-mail')).toBe('Footnote');
    expect(typeOf(layout, '12 Neurocrine')).toBe('PageFooter');

    // On a text-layer page the OCR rule does not run: an imprint line the model called a
    // footnote stays one (a folio line is a footer there too, by classify/folio-lines.ts).
    const textLayer = page([block(PARAGRAPH, 50, 100, 'Text', 0.8), block(['Neurocrine Biosciences www.neurocrine.com'], 50, 760, 'Footnote', 0.46)], 'text');
    classifyDocument([textLayer]);
    expect(typeOf(textLayer, 'Neurocrine Biosciences www')).toBe('Footnote');
    const ocr = page([block(PARAGRAPH, 50, 100, 'Text', 0.8), block(['Neurocrine Biosciences www.neurocrine.com'], 50, 760, 'Footnote', 0.46)]);
    classifyDocument([ocr]);
    expect(typeOf(ocr, 'Neurocrine Biosciences www')).toBe('PageFooter');
  });
});
