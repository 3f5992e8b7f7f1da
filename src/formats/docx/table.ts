/**
 * A Word table (`w:tbl`) → TableGrid: grid columns from `w:gridSpan` (and `w:gridBefore`),
 * row spans from `w:vMerge` restart/continue chains, header rows from `w:tblHeader` (rows
 * repeated on each page) or, failing that, the table's "header row" look (`w:tblLook`
 * firstRow). Cell text is its paragraphs joined by newlines; a nested table contributes its
 * text. A cell with formatted paragraphs (bold, links, checkbox controls) also keeps their
 * runs, joined by '\n' runs as the text is, so a renderer can show them (docling's rich cells). Boxes are zero: a Word table has no geometry until it is rendered.
 */
import type { InlineRun } from '../../model/quire-document.js';
import type { TableCell, TableGrid } from '../../model/table.js';
import { child, children, type XmlNode } from '../office/xml-tree.js';

const ZERO = { left: 0, top: 0, width: 0, height: 0 };

/** Block children of a cell, flattened through content controls. */
function cellBlocks(tc: XmlNode): XmlNode[] {
  const out: XmlNode[] = [];
  for (const c of tc.children) {
    if (c.name === 'w:p' || c.name === 'w:tbl') out.push(c);
    else if (c.name === 'w:sdt') out.push(...cellBlocks(child(c, 'w:sdtContent') ?? c));
    else if (c.name === 'w:customXml') out.push(...cellBlocks(c));
  }
  return out;
}

/** A cell paragraph's text and, when it has formatting, its runs (joined, they equal the text). */
export interface CellParagraph {
  text: string;
  runs?: InlineRun[];
}

/** The runs of a cell's paragraphs, separated as its text is; undefined when none is formatted. */
function cellRuns(parts: CellParagraph[]): InlineRun[] | undefined {
  if (!parts.some((p) => p.runs)) return undefined;
  const out: InlineRun[] = [];
  parts.forEach((p, i) => {
    if (i > 0) out.push({ text: '\n' });
    out.push(...(p.runs ?? [{ text: p.text }]));
  });
  return out;
}

export function readTable(tbl: XmlNode, paragraph: (p: XmlNode) => CellParagraph): TableGrid {
  const cells: TableCell[] = [];
  /** col → the anchor cell a vMerge chain extends. */
  const openMerge = new Map<number, TableCell>();
  let row = 0;
  let colCount = 0;
  let headerRows = 0;
  let headerRun = true;
  const rows = children(tbl, 'w:tr').concat(...children(tbl, 'w:sdt').map((s) => children(child(s, 'w:sdtContent'), 'w:tr')));
  for (const tr of rows) {
    const trPr = child(tr, 'w:trPr');
    let col = Number(child(trPr, 'w:gridBefore')?.attrs['w:val'] ?? 0);
    const tcs = tr.children.flatMap((c) => (c.name === 'w:tc' ? [c] : c.name === 'w:sdt' ? children(child(c, 'w:sdtContent'), 'w:tc') : []));
    for (const tc of tcs) {
      const tcPr = child(tc, 'w:tcPr');
      const span = Math.max(1, Number(child(tcPr, 'w:gridSpan')?.attrs['w:val'] ?? 1));
      const vMerge = child(tcPr, 'w:vMerge');
      const continues = vMerge !== undefined && vMerge.attrs['w:val'] !== 'restart';
      const anchor = openMerge.get(col);
      if (continues && anchor && anchor.row + anchor.rowSpan === row) {
        anchor.rowSpan++;
      } else {
        const parts = cellBlocks(tc)
          .map((b) => (b.name === 'w:tbl' ? { text: tableText(b, paragraph) } : paragraph(b)))
          .filter((p) => p.text !== '');
        const text = parts.map((p) => p.text).join('\n');
        const runs = cellRuns(parts);
        const cell: TableCell = { row, col, rowSpan: 1, colSpan: span, text, bbox: ZERO, ...(runs ? { runs } : {}) };
        cells.push(cell);
        openMerge.set(col, cell);
      }
      col += span;
    }
    colCount = Math.max(colCount, col);
    if (headerRun && child(trPr, 'w:tblHeader') && child(trPr, 'w:tblHeader')?.attrs['w:val'] !== '0') headerRows++;
    else headerRun = false;
    row++;
  }
  if (headerRows === 0 && row > 1) {
    const look = child(child(tbl, 'w:tblPr'), 'w:tblLook');
    const firstRow = look?.attrs['w:firstRow'] ?? (look?.attrs['w:val'] ? String((parseInt(look.attrs['w:val'], 16) & 0x20) >> 5) : '0');
    if (firstRow === '1' || firstRow === 'true') headerRows = 1;
  }
  return { rowCount: row, colCount, cells, headerRows, bbox: ZERO, method: 'ruled', confidence: 1 };
}

function tableText(tbl: XmlNode, paragraph: (p: XmlNode) => CellParagraph): string {
  const grid = readTable(tbl, paragraph);
  return grid.cells.map((c) => c.text).filter(Boolean).join(' ');
}
