/**
 * An analysis table on an OCR page given back as text lines (issue 29 item 0). On a page
 * image the table stage finds grids in OCR words alone (aligned words, rules), and its table
 * blocks hold their text in cells, not lines. Two cases lose that text for the region fusion:
 * a "table" inside a figure (a chart's axes and ticks), whose cells must become the figure's
 * text, and a table the layout model does not see while it boxes text there (a paragraph
 * beside a row of percentages, captions under figures read as one grid): the cells hold the
 * first lines of a paragraph or the captions, which the model's text regions should shape.
 * Each cell becomes one line: its words spread over the cell's box by their length (the cell
 * keeps no word boxes), so the fusion can cut and join them like OCR lines.
 */
import { intersectionArea, type BBox, type OcrEntry } from '../../model/document.js';
import type { Block, Line } from '../../model/layout.js';
import type { LayoutRegion } from '../../engines/layout/interface.js';

const area = (b: BBox) => Math.max(0, b.width) * Math.max(0, b.height);

/** The cells of a table block as lines (top to bottom, left to right); its own lines if it has any. */
export function tableLines(b: Block): Line[] {
  if (b.lines.length > 0 || !b.table) return b.lines;
  const out: Line[] = [];
  for (const c of b.table.cells) {
    const texts = c.text.split(/\s+/).filter(Boolean);
    if (texts.length === 0) continue;
    const chars = texts.reduce((n, t) => n + t.length + 1, -1);
    let x = c.bbox.left;
    const words: OcrEntry[] = texts.map((t) => {
      const w = (c.bbox.width * t.length) / Math.max(1, chars);
      const word = { text: t, bbox: { left: x, top: c.bbox.top, width: w, height: c.bbox.height }, confidence: b.typeConfidence ?? null };
      x += w + c.bbox.width / Math.max(1, chars);
      return word;
    });
    out.push({ text: texts.join(' '), bbox: c.bbox, fontSize: b.fontSize || c.bbox.height, bold: false, italic: false, fontName: 'OCR', words, confidence: b.typeConfidence ?? null });
  }
  return out.sort((p, q) => p.bbox.top - q.bbox.top || p.bbox.left - q.bbox.left);
}

/** Model text regions at least this sure may claim a table's area. */
const TEXT_SCORE = 0.6;
/** Share of the table's area the model's text regions cover for the table to be text. */
const TEXT_COVER = 0.1;

/**
 * Whether an analysis table is text to the model: no Table region (at the model's threshold,
 * 0.4) overlaps a third of it, and confident text regions cover a tenth of its area.
 */
export function tableIsText(b: Block, regions: readonly LayoutRegion[]): boolean {
  const a = area(b.bbox);
  if (a <= 0) return false;
  if (regions.some((r) => r.type === 'Table' && r.score >= 0.4 && intersectionArea(r, b.bbox) >= a / 3)) return false;
  const text = regions.filter((r) => r.type !== 'Table' && r.type !== 'Picture' && r.score >= TEXT_SCORE);
  return text.reduce((s, r) => s + intersectionArea(r, b.bbox), 0) >= TEXT_COVER * a;
}
