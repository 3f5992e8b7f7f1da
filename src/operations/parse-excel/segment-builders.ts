/**
 * Segment constructors for spreadsheet content. Coordinates are cell-grid units: bbox
 * left/top are 0-based column/row indices, width/height counts of columns/rows; the page
 * is the sheet, sized by its used extent.
 */
import type { PictureAnchor } from '../../formats/xlsx/drawings.js';
import type { CellRange } from '../../formats/xlsx/sheet-grid.js';
import type { BBox, CellReferences, Segment, SegmentType } from '../../model/document.js';
import { escapeHtml } from '../../render/escape.js';

export interface PageInfo {
  page_number: number;
  page_width: number;
  page_height: number;
}

export function rangeBBox(r: CellRange): BBox {
  return { left: r.left, top: r.top, width: r.right - r.left + 1, height: r.bottom - r.top + 1 };
}

function base(id: string, type: SegmentType, page: PageInfo, range: CellRange, confidence: number, refs: CellReferences): Omit<Segment, 'content' | 'html' | 'markdown' | 'embed'> {
  return {
    segment_id: id,
    segment_type: type,
    page_number: page.page_number,
    page_width: page.page_width,
    page_height: page.page_height,
    bbox: rangeBBox(range),
    confidence,
    ocr: null,
    image: null,
    chart_data: null,
    cell_references: refs,
  };
}

export function tableSegment(
  id: string,
  page: PageInfo,
  range: CellRange,
  confidence: number,
  rendered: { html: string; markdown: string; content: string },
  refs: CellReferences,
): Segment {
  return { ...base(id, 'Table', page, range, confidence, refs), content: rendered.content, html: rendered.html, markdown: rendered.markdown, embed: rendered.markdown };
}

export function textSegment(id: string, type: 'Title' | 'Text', page: PageInfo, range: CellRange, confidence: number, text: string, refs: CellReferences): Segment {
  const html = type === 'Title' ? `<h1>${escapeHtml(text)}</h1>` : `<p>${escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>')}</p>`;
  const markdown = type === 'Title' ? `# ${text.replace(/\s*[\r\n]+\s*/g, ' ')}` : text;
  return { ...base(id, type, page, range, confidence, refs), content: text, html, markdown, embed: text };
}

export function pictureSegment(id: string, page: PageInfo, pic: PictureAnchor, refs: CellReferences): Segment {
  const alt = pic.description;
  // The anchor is exact (it is where Excel draws the picture), hence confidence 1.
  return {
    ...base(id, 'Picture', page, pic.range, 1, refs),
    content: alt,
    html: `<img alt="${escapeHtml(alt)}">`,
    markdown: `![${alt.replace(/[[\]\r\n]/g, ' ')}]()`,
    embed: alt,
  };
}
