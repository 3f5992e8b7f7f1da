/**
 * QuireDocument → DOCX (the `docx` export), through the `docx` npm package (MIT), which
 * writes a valid WordprocessingML package. Headings become Word's Title/Heading N styles,
 * list items real numbered/bulleted paragraphs, tables Word tables with column and row
 * spans, pictures embedded when their image is a readable local PNG/JPEG (else a
 * placeholder line with the alt text); each new page starts with a page break.
 * Page furniture (headers/footers) is left out, as in the markdown export.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import type { DocItem, QuireDocument } from '../model/quire-document.js';
import type { TableGrid } from '../model/table.js';

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];

/** Formatted runs (office sources) keep their bold, italic, underline, strike and links. */
function styledRuns(item: DocItem): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const r of item.runs ?? []) {
    const text = r.checkbox === undefined ? r.text : r.checkbox ? '☒' : '☐';
    const style = { bold: r.bold, italics: r.italic, strike: r.strike, ...(r.underline ? { underline: {} } : {}) };
    const lines = text.split('\n').map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : undefined, ...style, ...(r.href ? { style: 'Hyperlink' } : {}) }));
    if (r.href && /^(https?:|mailto:)/i.test(r.href)) out.push(new ExternalHyperlink({ link: r.href, children: lines }));
    else out.push(...lines);
  }
  return out;
}

function runs(item: DocItem): ParagraphChild[] {
  const box = item.list?.checked === undefined ? [] : [new TextRun(item.list.checked ? '☒ ' : '☐ ')];
  if (item.runs) return [...box, ...styledRuns(item)];
  const out: ParagraphChild[] = [...box];
  let rest = item.text;
  for (const l of item.links ?? []) {
    const at = rest.indexOf(l.text);
    if (at < 0 || !/^(https?:|mailto:)/i.test(l.href)) continue;
    if (at > 0) out.push(...textRuns(rest.slice(0, at)));
    out.push(new ExternalHyperlink({ link: l.href, children: [new TextRun({ text: l.text, style: 'Hyperlink' })] }));
    rest = rest.slice(at + l.text.length);
  }
  out.push(...textRuns(rest));
  return out;
}

function textRuns(text: string): TextRun[] {
  return text.split('\n').map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : undefined }));
}

function tableOf(grid: TableGrid): Table {
  const byRow = new Map<number, TableGrid['cells']>();
  for (const c of grid.cells) byRow.set(c.row, [...(byRow.get(c.row) ?? []), c]);
  const rows: TableRow[] = [];
  for (let r = 0; r < grid.rowCount; r++) {
    const cells = (byRow.get(r) ?? []).slice().sort((a, b) => a.col - b.col);
    // A row needs at least one cell; a row fully covered by spans above gets an empty one.
    const children = cells.length
      ? cells.map((c) => new TableCell({ columnSpan: c.colSpan > 1 ? c.colSpan : undefined, rowSpan: c.rowSpan > 1 ? c.rowSpan : undefined, children: c.text.split('\n').map((t) => new Paragraph({ children: [new TextRun({ text: t, bold: r < grid.headerRows })] })) }))
      : [new TableCell({ children: [new Paragraph('')] })];
    rows.push(new TableRow({ children, tableHeader: r < grid.headerRows }));
  }
  return new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } });
}

function picture(item: DocItem): Paragraph {
  const src = item.image;
  if (src && src.startsWith('file:')) {
    try {
      const data = fs.readFileSync(fileURLToPath(src));
      const type = data[0] === 0x89 ? 'png' : data[0] === 0xff ? 'jpg' : null;
      const w = data[0] === 0x89 ? data.readUInt32BE(16) : 400;
      const h = data[0] === 0x89 ? data.readUInt32BE(20) : 300;
      if (type) {
        const scale = Math.min(1, 600 / Math.max(1, w));
        return new Paragraph({ children: [new ImageRun({ type, data, transformation: { width: Math.round(w * scale), height: Math.round(h * scale) } })] });
      }
    } catch {
      /* unreadable: fall back to the placeholder */
    }
  }
  return new Paragraph({ children: [new TextRun({ text: `[image${item.text ? `: ${item.text}` : ''}]`, italics: true })] });
}

function blocks(item: DocItem, pageBreak: boolean): Array<Paragraph | Table> {
  const base = { pageBreakBefore: pageBreak };
  switch (item.type) {
    case 'Title':
      return [new Paragraph({ ...base, heading: HeadingLevel.TITLE, children: runs(item) })];
    case 'SectionHeader':
      return [new Paragraph({ ...base, heading: HEADINGS[Math.min(5, Math.max(0, (item.level ?? 1) - 1))], children: runs(item) })];
    case 'ListItem': {
      const level = Math.min(8, item.list?.depth ?? 0);
      return [new Paragraph({ ...base, children: runs(item), ...(item.list?.ordered ? { numbering: { reference: 'quire-ordered', level } } : { bullet: { level } }) })];
    }
    case 'Table': {
      const out: Array<Paragraph | Table> = pageBreak ? [new Paragraph({ pageBreakBefore: true })] : [];
      out.push(item.table ? tableOf(item.table) : new Paragraph({ children: textRuns(item.text) }), new Paragraph(''));
      return out;
    }
    case 'Picture':
      return pageBreak ? [new Paragraph({ pageBreakBefore: true }), picture(item)] : [picture(item)];
    case 'Caption':
      return [new Paragraph({ ...base, style: 'Caption', children: runs(item) })];
    case 'Formula':
      return [new Paragraph({ ...base, alignment: AlignmentType.CENTER, children: textRuns(item.text) })];
    default:
      return [new Paragraph({ ...base, children: runs(item) })];
  }
}

export async function exportDocx(doc: QuireDocument): Promise<Uint8Array> {
  const children: Array<Paragraph | Table> = [];
  let page: number | undefined;
  for (const item of doc.items) {
    if (item.furniture) continue;
    const p = item.prov[0]?.pageNumber ?? 1;
    const breakHere = page !== undefined && p !== page;
    page = p;
    children.push(...blocks(item, breakHere));
  }
  const document = new Document({
    creator: 'Quire',
    title: doc.source.fileName,
    numbering: {
      config: [
        {
          reference: 'quire-ordered',
          levels: Array.from({ length: 9 }, (_, level) => ({ level, format: LevelFormat.DECIMAL, text: `%${level + 1}.`, alignment: AlignmentType.START, style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } } })),
        },
      ],
    },
    sections: [{ children: children.length ? children : [new Paragraph('')] }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
