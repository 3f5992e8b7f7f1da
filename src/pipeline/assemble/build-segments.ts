/**
 * Typed blocks → Segments of the shared model (ids, rounded boxes, OCR words, renders).
 */
import { hash } from 'node:crypto';
import { roundBBox, type OcrEntry, type Segment, type SegmentType } from '../../model/document.js';
import type { Block, PageLayout } from '../../model/layout.js';
import { renderBlock } from '../../render/segment.js';

/** Deterministic UUID-shaped id: the same document and options give the same ids. */
export function stableId(...parts: Array<string | number>): string {
  const h = hash('sha1', parts.join('|'), 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

function blockWords(b: Block): OcrEntry[] {
  if (b.table) {
    return b.table.cells.filter((c) => c.text).map((c) => ({ text: c.text, bbox: roundBBox(c.bbox), confidence: null }));
  }
  return b.lines.flatMap((l) => l.words.map((w) => ({ text: w.text, bbox: roundBBox(w.bbox), confidence: w.confidence })));
}

function segmentConfidence(b: Block): number | null {
  const ocr = b.lines.map((l) => l.confidence).filter((c): c is number => c !== null);
  const typeConf = b.typeConfidence ?? 0.9;
  if (ocr.length === 0) return Math.round(typeConf * 1000) / 1000;
  const mean = ocr.reduce((s, c) => s + c, 0) / ocr.length;
  return Math.round(Math.min(typeConf, mean) * 1000) / 1000;
}

export function buildSegments(pages: readonly PageLayout[], docKey: string): Segment[] {
  const out: Segment[] = [];
  for (const p of pages) {
    p.blocks.forEach((b, i) => {
      const type: SegmentType = b.type ?? 'Text';
      const r = renderBlock(b, type, b.image);
      const bbox = roundBBox(b.bbox);
      out.push({
        segment_id: stableId(docKey, p.pageNumber, i, type, bbox.left, bbox.top),
        segment_type: type,
        page_number: p.pageNumber,
        page_width: Math.round(p.width * 100) / 100,
        page_height: Math.round(p.height * 100) / 100,
        bbox,
        content: r.content,
        html: r.html,
        markdown: r.markdown,
        confidence: segmentConfidence(b),
        embed: type === 'Table' ? r.markdown : r.content,
        ocr: blockWords(b),
        image: b.image ?? null,
        chart_data: b.chart ?? null,
      });
    });
  }
  return out;
}
