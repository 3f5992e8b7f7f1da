/**
 * PPTX → QuireDocument: one page per slide in presentation order (slide size in points),
 * shapes in the slide's drawing order. Title placeholders → Title, other text shapes →
 * Text or ListItem by their bullets, tables (`a:tbl`) with spans and the header-row flag,
 * pictures and charts (series from the chart part) → Picture, date/footer/slide-number
 * placeholders → PageFooter furniture. Boxes come from the shapes' own transforms (through
 * groups); placeholders without one take their layout's (or master's) placeholder box.
 * Pictures count only when they embed an image part (not broken or file-linked ones); slide
 * comments follow the slide's content as items marked `comment` (comments.ts).
 * Speaker notes are kept in `metadata.speaker_notes` ({slide, text}): they are not part of
 * the slide's visible content, so they stay out of the items and the markdown.
 */
import { ProcessingError } from '../../errors.js';
import type { DocItem, PageInfo, QuireDocument } from '../../model/quire-document.js';
import type { TableCell, TableGrid } from '../../model/table.js';
import { readChart } from '../office/chart.js';
import { OfficePackage } from '../office/office-package.js';
import { child, children, find, findAll, textOf, type XmlNode } from '../office/xml-tree.js';
import { EMU_PER_PT, groupTransform, identity, shapeBox, type Transform } from './geometry.js';
import { readTextBody } from './text-body.js';
import { commentAuthors, slideComments } from './comments.js';

const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const ZERO = { left: 0, top: 0, width: 0, height: 0 };
type Rels = ReturnType<OfficePackage['rels']>;

function readTable(tbl: XmlNode): TableGrid {
  const cells: TableCell[] = [];
  const rows = children(tbl, 'a:tr');
  let colCount = children(child(tbl, 'a:tblGrid'), 'a:gridCol').length;
  rows.forEach((tr, r) => {
    children(tr, 'a:tc').forEach((tc, c) => {
      if (tc.attrs.hMerge === '1' || tc.attrs.vMerge === '1') return; // covered by a span
      const text = children(child(tc, 'a:txBody'), 'a:p')
        .map((p) => findAll(p, 'a:t').map(textOf).join('').trim())
        .filter(Boolean)
        .join('\n');
      cells.push({ row: r, col: c, rowSpan: Math.max(1, Number(tc.attrs.rowSpan ?? 1)), colSpan: Math.max(1, Number(tc.attrs.gridSpan ?? 1)), text, bbox: ZERO });
      colCount = Math.max(colCount, c + 1);
    });
  });
  const firstRow = child(tbl, 'a:tblPr')?.attrs.firstRow === '1';
  return { rowCount: rows.length, colCount, cells, headerRows: firstRow && rows.length > 1 ? 1 : 0, bbox: ZERO, method: 'ruled', confidence: 1 };
}

type PlaceholderBoxes = Map<string, NonNullable<ReturnType<typeof shapeBox>>>;

/** Boxes of a layout's (and its master's) placeholders, keyed `idx:N` and `type:T`, layout first. */
function placeholderBoxes(pkg: OfficePackage, slideRels: Rels): PlaceholderBoxes {
  const out: PlaceholderBoxes = new Map();
  const layout = [...slideRels.values()].find((r) => r.type.endsWith('/slideLayout') && !r.external)?.target;
  const master = layout ? [...pkg.rels(layout).values()].find((r) => r.type.endsWith('/slideMaster') && !r.external)?.target : undefined;
  for (const part of [layout, master]) {
    if (!part) continue;
    for (const sp of findAll(find(pkg.xml(part), 'p:spTree'), 'p:sp')) {
      const ph = find(child(sp, 'p:nvSpPr'), 'p:ph');
      const box = ph ? shapeBox(child(sp, 'p:spPr'), identity) : null;
      if (!ph || !box) continue;
      const keys = [`type:${ph.attrs.type ?? 'body'}`, ...(ph.attrs.idx !== undefined ? [`idx:${ph.attrs.idx}`] : [])];
      for (const k of keys) if (!out.has(k)) out.set(k, box);
    }
  }
  return out;
}

class SlideReader {
  readonly items: DocItem[] = [];
  private inherited: PlaceholderBoxes | undefined;
  constructor(
    private readonly pkg: OfficePackage,
    private readonly page: number,
    private readonly rels: Rels,
    private readonly newId: () => string,
  ) {}

  /** A placeholder without its own transform sits where its layout (or master) puts it. */
  private inheritedBox(ph: XmlNode): ReturnType<typeof shapeBox> {
    this.inherited ??= placeholderBoxes(this.pkg, this.rels);
    const type = ph.attrs.type ?? 'body';
    const byType = type === 'ctrTitle' ? 'type:title' : `type:${type}`;
    return (ph.attrs.idx !== undefined ? this.inherited.get(`idx:${ph.attrs.idx}`) : undefined) ?? this.inherited.get(`type:${type}`) ?? this.inherited.get(byType) ?? null;
  }

  private push(item: Omit<DocItem, 'id' | 'prov' | 'confidence'>, bbox: DocItem['prov'][0]['bbox']): void {
    this.items.push({ id: this.newId(), prov: [{ pageNumber: this.page, bbox }], confidence: null, ...item });
  }

  shapes(tree: XmlNode | undefined, t: Transform): void {
    for (const c of tree?.children ?? []) {
      if (c.name === 'p:sp') this.shape(c, t);
      else if (c.name === 'p:grpSp') this.shapes(c, groupTransform(child(c, 'p:grpSpPr'), t));
      else if (c.name === 'p:pic') {
        if (!this.embeddedImage(c)) continue;
        const nv = child(child(c, 'p:nvPicPr'), 'p:cNvPr');
        this.push({ type: 'Picture', text: nv?.attrs.descr ?? '' }, shapeBox(child(c, 'p:spPr'), t));
      } else if (c.name === 'p:graphicFrame') this.frame(c, t);
      else if (c.name === 'mc:AlternateContent') this.shapes(child(c, 'mc:Choice'), t);
    }
  }

  /**
   * A picture shape shows an image only when its blip embeds an image part of the package:
   * one with no blip, a dangling or external (linked-file) relationship, or a part whose
   * declared type is not an image draws nothing here, so it is no picture of the document.
   */
  private embeddedImage(pic: XmlNode): boolean {
    const blip = find(child(pic, 'p:blipFill'), 'a:blip');
    const rel = this.rels.get(blip?.attrs['r:embed'] ?? '');
    if (!rel || rel.external || !this.pkg.has(rel.target)) return false;
    const declared = this.pkg.contentType(rel.target);
    return declared ? /^image\//i.test(declared) : /\.(png|jpe?g|gif|bmp|tiff?|emf|wmf|svg|webp)$/i.test(rel.target);
  }

  private frame(f: XmlNode, t: Transform): void {
    const bbox = shapeBox(child(f, 'p:xfrm') ? { name: 'x', attrs: {}, children: [child(f, 'p:xfrm')!], text: '' } : undefined, t);
    const tbl = find(f, 'a:tbl');
    if (tbl) {
      const table = readTable(tbl);
      if (table.cells.length) this.push({ type: 'Table', text: table.cells.map((x) => x.text).join('\t'), table }, bbox);
      return;
    }
    const chartRef = find(f, 'c:chart');
    if (chartRef) {
      const rel = this.rels.get(chartRef.attrs['r:id'] ?? '');
      const chart = rel && !rel.external ? readChart(this.pkg.xml(rel.target)) : undefined;
      this.push({ type: 'Picture', text: chart?.title ?? '', ...(chart ? { chart } : {}) }, bbox);
      return;
    }
    if (find(f, 'p:oleObj') || find(f, 'pic:pic')) this.push({ type: 'Picture', text: '' }, bbox);
  }

  private shape(sp: XmlNode, t: Transform): void {
    const ph = find(child(sp, 'p:nvSpPr'), 'p:ph');
    const phType = ph ? (ph.attrs.type ?? 'body') : undefined;
    const bbox = shapeBox(child(sp, 'p:spPr'), t) ?? (ph ? this.inheritedBox(ph) : null);
    const body = child(sp, 'p:txBody');
    const paras = readTextBody(body, this.rels, phType === 'body' || (ph !== undefined && phType === 'obj'));
    if (paras.length === 0) return;
    if (phType === 'title' || phType === 'ctrTitle') {
      const text = paras.map((p) => p.text).join(' ').replace(/\s*\n\s*/g, ' ');
      this.push({ type: 'Title', level: 0, text, ...(paras.some((p) => p.links.length) ? { links: paras.flatMap((p) => p.links) } : {}) }, bbox);
      return;
    }
    if (phType === 'dt' || phType === 'ftr' || phType === 'sldNum' || phType === 'hdr') {
      this.push({ type: phType === 'hdr' ? 'PageHeader' : 'PageFooter', text: paras.map((p) => p.text).join('\n'), furniture: true }, bbox);
      return;
    }
    for (const p of paras) {
      const links = p.links.length ? { links: p.links } : {};
      if (p.list) this.push({ type: 'ListItem', text: p.text, list: { ordered: p.list.ordered, marker: p.list.marker, depth: p.level }, ...links }, bbox);
      else this.push({ type: 'Text', text: p.text, ...links }, bbox);
    }
  }
}

/**
 * Slide reading order: drawing order is z-order, not reading order, so shapes are read in
 * rows, top to bottom, and left to right within a row (a shape's paragraphs stay together:
 * they share its box). A row is the shapes whose tops align with its topmost shape's, to
 * within a tenth of the smaller height (at least 2 pt): boxes laid out side by side whose
 * tops differ by a point or two read left to right, while a box that starts clearly higher
 * comes first. (Rounding tops to a 5 pt grid, the earlier rule, split such rows whenever
 * they straddled a grid line.) Only when every item has a box; otherwise drawing order is
 * kept.
 */
function readingOrder(items: DocItem[]): DocItem[] {
  if (items.some((i) => !i.prov[0]?.bbox)) return items;
  const box = (i: DocItem) => i.prov[0]!.bbox!;
  const byTop = items.map((item, n) => ({ item, n })).sort((a, b) => box(a.item).top - box(b.item).top || a.n - b.n);
  const rows: Array<typeof byTop> = [];
  for (const x of byTop) {
    const row = rows[rows.length - 1];
    const band = row ? box(row[0]!.item) : undefined;
    const b = box(x.item);
    if (band) {
      if (Math.abs(b.top - band.top) <= Math.max(2, 0.1 * Math.min(band.height, b.height))) {
        row!.push(x);
        continue;
      }
    }
    rows.push([x]);
  }
  return rows.flatMap((row) => row.sort((a, b) => box(a.item).left - box(b.item).left || box(a.item).top - box(b.item).top || a.n - b.n).map((x) => x.item));
}

function notesText(pkg: OfficePackage, rels: Rels): string {
  const rel = [...rels.values()].find((r) => r.type.endsWith('/notesSlide') && !r.external);
  const tree = rel ? pkg.xml(rel.target) : undefined;
  const out: string[] = [];
  for (const sp of findAll(tree, 'p:sp')) {
    const ph = find(child(sp, 'p:nvSpPr'), 'p:ph');
    if (ph?.attrs.type !== 'body') continue;
    out.push(...children(child(sp, 'p:txBody'), 'a:p').map((p) => findAll(p, 'a:t').map(textOf).join('')));
  }
  return out.join('\n').trim();
}

export function loadPptx(bytes: Uint8Array, fileName: string): QuireDocument {
  const pkg = new OfficePackage(bytes, fileName);
  const presRel = [...pkg.rels('').values()].find((r) => /\/officeDocument$/.test(r.type));
  const presPart = presRel?.target ?? 'ppt/presentation.xml';
  const pres = child(pkg.xml(presPart), 'p:presentation');
  if (!pres) throw new ProcessingError('corrupt_document', `"${fileName}" is a zip package without a PowerPoint presentation part.`);
  const size = child(pres, 'p:sldSz');
  const width = Number(size?.attrs.cx ?? 9_144_000) / EMU_PER_PT;
  const height = Number(size?.attrs.cy ?? 6_858_000) / EMU_PER_PT;
  const presRels = pkg.rels(presPart);
  const slideParts = children(child(pres, 'p:sldIdLst'), 'p:sldId')
    .map((s) => presRels.get(s.attrs['r:id'] ?? ''))
    .filter((r): r is NonNullable<typeof r> => !!r && !r.external && pkg.has(r.target))
    .map((r) => r.target);
  const items: DocItem[] = [];
  const pages: PageInfo[] = [];
  const notes: Array<{ slide: number; text: string }> = [];
  const warnings: QuireDocument['warnings'] = [];
  const authors = (() => {
    try {
      return commentAuthors(pkg, presRels);
    } catch (err) {
      if ((err as { code?: string }).code === 'too_large') throw err;
      warnings.push({ message: `The comment authors could not be read: ${(err as Error).message}` });
      return new Map();
    }
  })();
  let n = 0;
  slideParts.forEach((part, i) => {
    const page = i + 1;
    pages.push({ pageNumber: page, width, height, unit: 'pt', textSource: 'native' });
    try {
      const rels = pkg.rels(part);
      const reader = new SlideReader(pkg, page, rels, () => `pptx-${++n}`);
      reader.shapes(find(pkg.xml(part), 'p:spTree'), identity);
      items.push(...readingOrder(reader.items));
      // Comments sit on the slide, outside its shapes: after the slide's content.
      let comments: ReturnType<typeof slideComments> = [];
      try {
        comments = slideComments(pkg, rels, authors);
      } catch (err) {
        if ((err as { code?: string }).code === 'too_large') throw err;
        warnings.push({ pageNumber: page, message: `The comments of slide ${page} could not be read: ${(err as Error).message}` });
      }
      for (const c of comments) {
        const { text, ...who } = c;
        items.push({ id: `pptx-${++n}`, type: 'Text', text, comment: who, prov: [{ pageNumber: page, bbox: null }], confidence: null });
      }
      const note = notesText(pkg, rels);
      if (note) notes.push({ slide: page, text: note });
    } catch (err) {
      if ((err as { code?: string }).code === 'too_large') throw err;
      warnings.push({ pageNumber: page, message: `Slide ${page} could not be read: ${(err as Error).message}` });
    }
  });
  return {
    source: { fileName, mimeType: PPTX_MIME },
    pages,
    items,
    warnings,
    metadata: { format: 'pptx', pagination: 'slides', boxes: 'shape-transforms', speaker_notes: notes },
  };
}
