/**
 * A tiny page writer for the blind PII set: lays out lines, wrapped paragraphs and table rows
 * with pdf-lib's standard fonts and records, for every planted item, its box in the page frame
 * Quire uses for every bbox (PDF points from the top-left corner). A planted item is drawn inside
 * its line's single text run, so extraction sees it exactly as a reader would.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export type Severity = 'high' | 'medium' | 'low' | 'none';
export interface Box { left: number; top: number; width: number; height: number }
export interface Label { id: string; doc: string; page: number; kind: string; severity: Severity; value: string; bbox: Box }
/** A planted item: `none` marks a look-alike that must not fire as high or medium. */
export interface Item { t: string; kind: string; sev: Severity; group?: string }
export type Part = string | Item;

export const hi = (kind: string, t: string, group?: string): Item => ({ t, kind, sev: 'high', group });
export const med = (kind: string, t: string): Item => ({ t, kind, sev: 'medium' });
export const lo = (kind: string, t: string, group?: string): Item => ({ t, kind, sev: 'low', group });
export const no = (kind: string, t: string): Item => ({ t, kind, sev: 'none' });

export interface Fonts { regular: PDFFont; bold: PDFFont; serif: PDFFont; mono: PDFFont }
export async function embedFonts(pdf: PDFDocument): Promise<Fonts> {
  return {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    serif: await pdf.embedFont(StandardFonts.TimesRoman),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
}

interface LineOpts { x?: number; size?: number; font?: PDFFont; after?: number }

export class DocWriter {
  page!: PDFPage;
  pageNo = 0;
  y = 0;
  readonly margin = 56;
  private groups = new Map<string, Label>();
  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    readonly doc: string,
    readonly labels: Label[],
    readonly size: [number, number] = [612, 792],
    readonly bodyFont: PDFFont = fonts.regular,
  ) {}

  newPage(): void {
    this.page = this.pdf.addPage(this.size);
    this.pageNo++;
    this.y = this.size[1] - this.margin;
  }
  get width(): number { return this.size[0] - 2 * this.margin; }
  gap(pts: number): void { this.y -= pts; }
  private ensure(h: number): void {
    if (!this.page || this.y - h < this.margin) this.newPage();
  }

  /** One line at the current position (no wrapping). */
  line(parts: Part[], o: LineOpts = {}): void {
    const size = o.size ?? 10.5;
    this.ensure(size * 1.5);
    this.y -= size;
    this.drawRun(parts, o.x ?? this.margin, this.y, size, o.font ?? this.bodyFont);
    this.y -= size * 0.45 + (o.after ?? 0);
  }

  /** A paragraph wrapped to the text width; planted items never break across lines. */
  para(parts: Part[], o: LineOpts & { width?: number } = {}): void {
    const size = o.size ?? 10.5;
    const font = o.font ?? this.bodyFont;
    const width = o.width ?? this.width - ((o.x ?? this.margin) - this.margin);
    const tokens: Part[] = parts.flatMap((p): Part[] => (typeof p === 'string' ? p.split(/(?<= )/).filter(Boolean) : [p]));
    let cur: Part[] = [];
    let curText = '';
    for (const tok of tokens) {
      const t = typeof tok === 'string' ? tok : tok.t;
      if (cur.length && font.widthOfTextAtSize((curText + t).trimEnd(), size) > width) {
        this.line(trimLast(cur), { ...o, size, font });
        cur = [];
        curText = '';
      }
      cur.push(tok);
      curText += t;
    }
    if (cur.length) this.line(trimLast(cur), { ...o, size, font });
    this.y -= o.after ?? 4;
  }

  /** A table row: each cell drawn at its column's x on one baseline. */
  row(cells: { x: number; parts: Part[] }[], o: { size?: number; font?: PDFFont; rule?: boolean } = {}): void {
    const size = o.size ?? 9.5;
    this.ensure(size * 1.8);
    this.y -= size;
    for (const c of cells) this.drawRun(c.parts, c.x, this.y, size, o.font ?? this.bodyFont);
    if (o.rule) this.page.drawLine({ start: { x: this.margin, y: this.y - 3 }, end: { x: this.size[0] - this.margin, y: this.y - 3 }, thickness: 0.4, color: rgb(0.6, 0.6, 0.6) });
    this.y -= size * 0.8;
  }

  private drawRun(parts: Part[], x: number, baseline: number, size: number, font: PDFFont): void {
    let text = '';
    for (const p of parts) {
      if (typeof p === 'string') { text += p; continue; }
      const left = x + font.widthOfTextAtSize(text, size);
      const width = font.widthOfTextAtSize(p.t, size);
      this.record(p, { left, top: this.size[1] - baseline - size * 0.8, width, height: size * 1.0 });
      text += p.t;
    }
    if (text) this.page.drawText(text, { x, y: baseline, size, font, color: rgb(0.08, 0.08, 0.1) });
  }

  private record(p: Item, bbox: Box): void {
    const key = p.group ? `${this.pageNo}:${p.group}` : '';
    const prev = key ? this.groups.get(key) : undefined;
    if (prev) {
      const l = Math.min(prev.bbox.left, bbox.left);
      const t = Math.min(prev.bbox.top, bbox.top);
      const r = Math.max(prev.bbox.left + prev.bbox.width, bbox.left + bbox.width);
      const b = Math.max(prev.bbox.top + prev.bbox.height, bbox.top + bbox.height);
      prev.bbox = { left: l, top: t, width: r - l, height: b - t };
      prev.value += '\n' + p.t;
      return;
    }
    const label: Label = { id: `${this.doc}#${this.labels.length + 1}`, doc: this.doc, page: this.pageNo, kind: p.kind, severity: p.sev, value: p.t, bbox };
    this.labels.push(label);
    if (key) this.groups.set(key, label);
  }
}

function trimLast(parts: Part[]): Part[] {
  const out = parts.slice();
  const last = out[out.length - 1];
  if (typeof last === 'string') out[out.length - 1] = last.trimEnd();
  return out;
}
