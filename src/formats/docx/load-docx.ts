/**
 * DOCX → QuireDocument, from the package's own structure, without guessing: headings by
 * style or outline level, lists by their numbering definitions, tables with spans and
 * header rows, pictures and charts, captions, foot/endnotes, headers/footers, text boxes
 * and hyperlinks. Word files carry no geometry, so boxes are null; page numbers follow
 * Word's last rendering (`w:lastRenderedPageBreak`) when the file has one, else the
 * explicit page and section breaks (`metadata.pagination` says which). The LibreOffice
 * path (operations/parse/office) may later align items to a rendered PDF.
 */
import { ProcessingError } from '../../errors.js';
import type { DocComment, DocItem, InlineRun, QuireDocument } from '../../model/quire-document.js';
import { readChart } from '../office/chart.js';
import { alignRuns } from '../office/inline-runs.js';
import { OfficePackage } from '../office/office-package.js';
import { child, children, type XmlNode } from '../office/xml-tree.js';
import { readComments } from './comments.js';
import { Numbering } from './numbering.js';
import { readInline, type InlineObject, type RunContext } from './runs.js';
import { Styles } from './styles.js';
import { readTable, type CellParagraph } from './table.js';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function mainPart(pkg: OfficePackage): string {
  const rels = pkg.rels('');
  for (const r of rels.values()) if (/\/officeDocument$/.test(r.type)) return r.target;
  if (pkg.has('word/document.xml')) return 'word/document.xml';
  throw new ProcessingError('corrupt_document', `"${pkg.fileName}" is a zip package without a Word document part.`);
}

/**
 * A paragraph's drawn shapes as docling reports them: one picture for all of them (it
 * renders the paragraph's drawings together), after the paragraph's text boxes, and none
 * when the paragraph holds a real picture (then the pictures stand for its drawings).
 */
function shapesAsOnePicture(objects: InlineObject[]): InlineObject[] {
  const shapes = objects.filter((o) => o.kind === 'shape');
  if (shapes.length === 0) return objects;
  const rest = objects.filter((o) => o.kind !== 'shape');
  if (rest.some((o) => o.kind === 'picture')) return rest;
  let at = -1;
  rest.forEach((o, i) => {
    if (o.kind === 'textbox') at = i;
  });
  const leading = at >= 0 ? rest[at]!.leading : shapes[0]!.leading;
  rest.splice(at + 1, 0, { kind: 'shape', ...(leading ? { leading } : {}) });
  return rest;
}

class DocxReader {
  readonly items: DocItem[] = [];
  page = 1;
  private n = 0;
  private readonly styles: Styles;
  private readonly numbering: Numbering;
  private readonly ctx: RunContext;
  private readonly comments: Map<string, DocComment>;

  constructor(
    private readonly pkg: OfficePackage,
    private readonly part: string,
    renderedBreaks: boolean,
  ) {
    const rels = pkg.rels(part);
    const find = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix) && !r.external)?.target;
    this.styles = new Styles(pkg.xml(find('/styles') ?? 'word/styles.xml'));
    this.numbering = new Numbering(pkg.xml(find('/numbering') ?? 'word/numbering.xml'));
    this.ctx = { rels, renderedBreaks };
    const commentsPart = find('/comments');
    this.comments = new Map();
    try {
      if (commentsPart) this.comments = readComments(pkg.xml(commentsPart));
    } catch (err) {
      if ((err as { code?: string }).code === 'too_large') throw err;
      // A damaged comments part loses the comments, not the document.
    }
  }

  private push(item: Omit<DocItem, 'id' | 'prov' | 'confidence'>): void {
    this.items.push({ id: `docx-${++this.n}`, prov: [{ pageNumber: this.page, bbox: null }], confidence: null, ...item });
  }

  /** Plain text of a paragraph (footnotes). */
  readonly paragraphText = (p: XmlNode): string => this.cellParagraph(p).text;

  /** A table cell's paragraph: its text and, when formatted, its runs. */
  readonly cellParagraph = (p: XmlNode): CellParagraph => {
    const inline = readInline(p, this.ctx);
    const text = inline.text.replace(/\t/g, ' ').trim();
    const runs = alignRuns(inline.runs, text);
    return runs ? { text, runs } : { text };
  };

  blocks(container: XmlNode | undefined, furniture?: 'PageHeader' | 'PageFooter'): void {
    for (const c of container?.children ?? []) {
      if (c.name === 'w:p') this.paragraph(c, furniture);
      else if (c.name === 'w:tbl') {
        // A one-cell table is a frame around content (a boxed note, a layout cell), not data.
        const rows = children(c, 'w:tr');
        const cells = rows.length === 1 ? children(rows[0], 'w:tc') : [];
        if (cells.length === 1) {
          this.blocks(cells[0], furniture);
          continue;
        }
        const table = readTable(c, this.cellParagraph);
        if (table.cells.length) this.push({ type: 'Table', text: table.cells.map((x) => x.text).join('\t'), table, ...(furniture ? { furniture: true } : {}) });
      } else if (c.name === 'w:sdt') this.blocks(child(c, 'w:sdtContent'), furniture);
      else if (c.name === 'w:customXml' || c.name === 'w:ins' || c.name === 'w:smartTag') this.blocks(c, furniture);
      else if (c.name === 'mc:AlternateContent') this.blocks(child(c, 'mc:Choice'), furniture);
    }
  }

  private paragraph(p: XmlNode, furniture?: 'PageHeader' | 'PageFooter'): void {
    const pPr = child(p, 'w:pPr');
    const styleId = child(pPr, 'w:pStyle')?.attrs['w:val'];
    const ownOutline = child(pPr, 'w:outlineLvl')?.attrs['w:val'];
    const inline = readInline(p, this.ctx);
    inline.objects = shapesAsOnePicture(inline.objects);
    if (!this.ctx.renderedBreaks && child(pPr, 'w:pageBreakBefore') && child(pPr, 'w:pageBreakBefore')?.attrs['w:val'] !== '0' && this.items.length) this.page++;
    this.page += inline.breaksBefore;
    const text = inline.text.replace(/\t/g, ' ').replace(/[ \u00a0]+\n/g, '\n').trim();
    const role = furniture ? { kind: 'body' as const } : this.styles.role(styleId, ownOutline !== undefined ? Number(ownOutline) : undefined);
    const numPr = child(pPr, 'w:numPr');
    const numRef = numPr
      ? { numId: child(numPr, 'w:numId')?.attrs['w:val'] ?? '0', ilvl: Number(child(numPr, 'w:ilvl')?.attrs['w:val'] ?? 0) }
      : this.styles.numbering(styleId);
    const links = inline.links.length ? { links: inline.links } : {};
    let runs = alignRuns(inline.runs, text);
    // A paragraph opening with a checkbox control is a task-list item: its state, not its glyph.
    let checked: boolean | undefined;
    let body = text;
    if (runs?.[0]?.checkbox !== undefined && !furniture && role.kind === 'body') {
      checked = runs[0].checkbox;
      const rest = runs.slice(1);
      const lead = rest.length ? rest[0]!.text.length - rest[0]!.text.trimStart().length : 0;
      if (rest[0]) rest[0] = { ...rest[0], text: rest[0].text.slice(lead) };
      runs = rest.filter((r) => r.text);
      body = runs.map((r) => r.text).join('');
      if (!runs.some((r) => r.bold || r.italic || r.underline || r.strike || r.href || r.checkbox !== undefined)) runs = undefined;
    }
    const extra: { runs?: InlineRun[]; comments?: DocComment[] } = {};
    if (runs) extra.runs = runs;
    const comments = inline.commentIds.map((id) => this.comments.get(id)).filter((c): c is DocComment => !!c);
    if (comments.length) extra.comments = comments;
    // Objects anchored before the paragraph's first words read before them.
    this.objects(inline.objects.filter((o) => o.leading), furniture);
    if (checked !== undefined && body) {
      const num = numRef ? this.numbering.next(numRef.numId, numRef.ilvl) : undefined;
      this.push({ type: 'ListItem', text: body, list: { ordered: num?.ordered ?? false, marker: num?.marker || undefined, depth: num?.depth ?? 0, checked }, ...links, ...extra });
    } else if (text) {
      if (furniture) this.push({ type: furniture, text, furniture: true, ...links, ...extra });
      else if (role.kind === 'title' || role.kind === 'heading') {
        const num = numRef ? this.numbering.next(numRef.numId, numRef.ilvl) : undefined;
        const prefix = num?.ordered && num.marker ? `${num.marker.replace(/\.$/, '')} ` : '';
        this.push({ type: role.kind === 'title' ? 'Title' : 'SectionHeader', level: role.kind === 'title' ? 0 : role.level, text: prefix + text, ...links, ...(extra.comments ? { comments: extra.comments } : {}) });
      } else if (role.kind === 'caption') this.push({ type: 'Caption', text, ...links, ...extra });
      else if (inline.hasMath && /^\$[^$]+\$$/.test(text.replace(/\$\s+\$/g, ' '))) this.push({ type: 'Formula', text: text.replace(/^\$\s*|\s*\$$/g, '').replace(/\$\s+\$/g, ' ') });
      else {
        const num = numRef ? this.numbering.next(numRef.numId, numRef.ilvl) : undefined;
        if (num) this.push({ type: 'ListItem', text, list: { ordered: num.ordered, marker: num.marker || undefined, depth: num.depth }, ...links, ...extra });
        else this.push({ type: 'Text', text, ...links, ...extra });
      }
    }
    this.objects(inline.objects.filter((o) => !o.leading), furniture);
    this.page += inline.breaksAfter;
    const sect = child(pPr, 'w:sectPr');
    if (sect && !this.ctx.renderedBreaks && child(sect, 'w:type')?.attrs['w:val'] !== 'continuous') this.page++;
  }

  /** A paragraph's anchored objects (pictures, charts, text boxes), in anchor order. */
  private objects(objects: InlineObject[], furniture?: 'PageHeader' | 'PageFooter'): void {
    for (const o of objects) {
      if (o.kind === 'textbox') this.blocks(o.content, furniture);
      else if (o.kind === 'shape') {
        if (!furniture) this.push({ type: 'Picture', text: '' });
      }
      else if (o.kind === 'chart') {
        const chart = o.chartPart ? readChart(this.pkg.xml(o.chartPart)) : undefined;
        this.push({ type: 'Picture', text: chart?.title ?? '', ...(chart ? { chart } : {}), ...(furniture ? { furniture: true } : {}) });
      } else if (!furniture) this.push({ type: 'Picture', text: o.description ?? '' });
    }
  }

  /** Foot/endnotes of a notes part, referenced ones only, in reference order. */
  notes(partName: string | undefined, tag: 'w:footnote' | 'w:endnote'): void {
    if (!partName) return;
    const root = this.pkg.xml(partName)?.children.find((c) => c.name === `${tag}s`);
    for (const note of children(root, tag)) {
      if (note.attrs['w:type'] && note.attrs['w:type'] !== 'normal') continue;
      const text = note.children.filter((c) => c.name === 'w:p').map(this.paragraphText).filter(Boolean).join('\n');
      if (text) this.push({ type: 'Footnote', text });
    }
  }
}

export function loadDocx(bytes: Uint8Array, fileName: string): QuireDocument {
  const pkg = new OfficePackage(bytes, fileName);
  const part = mainPart(pkg);
  const docXml = pkg.part(part);
  if (!docXml) throw new ProcessingError('corrupt_document', `"${fileName}" lacks its main part ${part}.`);
  const rendered = new TextDecoder().decode(docXml).includes('lastRenderedPageBreak');
  const tree = pkg.xml(part)!;
  const body = child(child(tree, 'w:document'), 'w:body');
  if (!body) throw new ProcessingError('corrupt_document', `"${fileName}": the Word document part has no body.`);
  const reader = new DocxReader(pkg, part, rendered);
  const rels = pkg.rels(part);
  // Headers and footers of the final section (the document's default ones), shown on page 1.
  const sectPr = child(body, 'w:sectPr');
  const furniture = (tag: string) =>
    children(sectPr, tag)
      .map((r) => rels.get(r.attrs['r:id'] ?? ''))
      .filter((r): r is NonNullable<typeof r> => !!r && !r.external)
      .map((r) => r.target);
  const headers = [...new Set(furniture('w:headerReference'))];
  const footers = [...new Set(furniture('w:footerReference'))];
  for (const h of headers) reader.blocks(child(pkg.xml(h), 'w:hdr'), 'PageHeader');
  const bodyStart = reader.items.length;
  reader.blocks(body);
  const lastPage = reader.page;
  reader.page = 1;
  const footerStart = reader.items.length;
  for (const f of footers) reader.blocks(child(pkg.xml(f), 'w:ftr'), 'PageFooter');
  const footerItems = reader.items.splice(footerStart);
  reader.page = lastPage;
  // Footers close page 1: after its last body item.
  let at = bodyStart;
  while (at < reader.items.length && reader.items[at]!.prov[0]!.pageNumber <= 1) at++;
  reader.items.splice(at, 0, ...footerItems);
  const find = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix) && !r.external)?.target;
  reader.notes(find('/footnotes'), 'w:footnote');
  reader.notes(find('/endnotes'), 'w:endnote');
  const pageCount = Math.max(1, ...reader.items.map((i) => i.prov[0]!.pageNumber));
  // Page size from the final section (twentieths of a point); Word's default is US Letter.
  const pgSz = child(sectPr, 'w:pgSz');
  const width = Number(pgSz?.attrs['w:w'] ?? 12240) / 20 || 612;
  const height = Number(pgSz?.attrs['w:h'] ?? 15840) / 20 || 792;
  return {
    source: { fileName, mimeType: DOCX_MIME },
    pages: Array.from({ length: pageCount }, (_, i) => ({ pageNumber: i + 1, width, height, unit: 'pt' as const, textSource: 'native' as const })),
    items: reader.items,
    warnings: [],
    metadata: { format: 'docx', pagination: rendered ? 'word-rendered-page-breaks' : 'explicit-page-breaks', boxes: 'none' },
  };
}
