/**
 * Redaction by content-stream surgery on pdf-lib's object model: each edited page's content is
 * walked (walk.ts) and only the show-text operators with glyphs inside a box are rewritten, so
 * the page renders byte-for-byte the same outside the boxes (PDFium regenerates the whole page
 * content with 32-bit floats, which moves glyphs by rounding). The replacement text is appended
 * in its own stream after the original content, wrapped in q … Q. Image XObjects under a box
 * are replaced by copies with the covered pixels cut (images.ts). Objects no longer reachable
 * (the old content streams, objects left by incremental updates) are dropped before a full
 * rewrite with object streams, so none of the removed bytes stay in the file.
 * Throws Unsupported when the page needs what only PDFium's path does (see walk.ts).
 */
import { Encodings } from '@pdf-lib/standard-fonts';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream, type PDFContext, type PDFObject, type PDFPage } from 'pdf-lib';
import { fontMetrics, type FontMetrics } from './fonts.js';
import { Unsupported, walkContent, type Matrix, type Rect, type Resources } from './walk.js';
import { coveredPixels, cutImage, cuttable, type ImageCut } from './images.js';

export interface SurgeryText {
  /** Text matrix of the replacement (user space), font size, and the text (WinAnsi-encodable). */
  matrix: Matrix;
  size: number;
  text: string;
}

export interface SurgeryPage {
  pageNumber: number;
  rects: Rect[];
  texts: SurgeryText[];
}

export { Unsupported };

const N = (s: string) => PDFName.of(s);

function streamBytes(s: PDFObject | undefined): Uint8Array {
  if (s instanceof PDFRawStream) {
    try {
      return decodePDFRawStream(s).decode();
    } catch (e) {
      throw new Unsupported(`a content stream cannot be decoded: ${(e as Error).message}`);
    }
  }
  if (s instanceof PDFStream) return s.getContents();
  throw new Unsupported('a content stream is missing');
}

/** A fresh name not yet used in a resource sub-dictionary. */
function freshName(d: PDFDict, prefix: string): string {
  for (let k = 1; ; k++) if (!d.has(N(`${prefix}${k}`))) return `${prefix}${k}`;
}

/** A shallow copy of a resources dict whose `sub` dictionary is a copy too (so adding to it touches nobody else). */
function ownSub(ctx: PDFContext, res: PDFDict, sub: string): PDFDict {
  const inner = ctx.lookup(res.get(N(sub)));
  const copy = inner instanceof PDFDict ? (inner.clone(ctx) as PDFDict) : ctx.obj({});
  res.set(N(sub), copy);
  return copy;
}

class PdfResources implements Resources {
  private fonts = new Map<string, FontMetrics>();
  /** Set when a form of these resources was copied: the (own) XObject dict to register copies in. */
  xobjects?: PDFDict;
  constructor(
    private readonly ctx: PDFContext,
    public dict: PDFDict,
    /** Makes `dict` safe to modify (a copy owned by the page or by a copied form). */
    private readonly own: () => PDFDict,
    /** The page's boxes and the image cuts to make once the walk is done (shared with nested forms). */
    private readonly rects: Rect[],
    private readonly cuts: ImageCut[],
  ) {}

  /** Registers `ref` under a fresh XObject name in these (own) resources. */
  private registerXObject(ref: PDFRef, prefix: string): string {
    if (!this.xobjects) {
      this.dict = this.own();
      this.xobjects = ownSub(this.ctx, this.dict, 'XObject');
    }
    const name = freshName(this.xobjects, prefix);
    this.xobjects.set(N(name), ref);
    return name;
  }

  cutImage(name: string, ctm: Matrix): string | null {
    const img = this.ctx.lookup(this.sub('XObject')?.get(N(name)));
    if (!(img instanceof PDFRawStream)) throw new Unsupported('an image under a box cannot be read');
    const { w, h } = cuttable(this.ctx, img);
    let covered = false;
    coveredPixels(w, h, ctm, this.rects, () => (covered = true));
    if (!covered) return null;
    const ref = this.ctx.nextRef();
    this.cuts.push({ ref, image: img, ctm, rects: this.rects });
    return this.registerXObject(ref, 'QzImage');
  }

  private sub(name: string): PDFDict | undefined {
    const d = this.ctx.lookup(this.dict.get(N(name)));
    return d instanceof PDFDict ? d : undefined;
  }

  font(name: string): FontMetrics {
    const hit = this.fonts.get(name);
    if (hit) return hit;
    const f = this.ctx.lookup(this.sub('Font')?.get(N(name)));
    if (!(f instanceof PDFDict)) throw new Error(`font /${name} not found`);
    const m = fontMetrics(this.ctx, f);
    this.fonts.set(name, m);
    return m;
  }

  xobject(name: string) {
    const x = this.ctx.lookup(this.sub('XObject')?.get(N(name)));
    if (!(x instanceof PDFStream)) return { kind: 'other' as const };
    const subtype = this.ctx.lookup(x.dict.get(N('Subtype')));
    if (subtype === N('Image')) return { kind: 'image' as const };
    if (subtype !== N('Form')) return { kind: 'other' as const };
    const mat = this.ctx.lookup(x.dict.get(N('Matrix')));
    const matrix = (mat instanceof PDFArray && mat.size() === 6 ? mat.asArray().map((o) => (this.ctx.lookup(o) as PDFNumber)?.asNumber?.() ?? NaN) : [1, 0, 0, 1, 0, 0]) as Matrix;
    if (!matrix.every(Number.isFinite)) throw new Unsupported('a Form XObject with an unreadable /Matrix');
    const own = this.ctx.lookup(x.dict.get(N('Resources')));
    const formRes = own instanceof PDFDict ? own : this.dict;
    return { kind: 'form' as const, content: streamBytes(x), matrix, id: x, resources: new PdfResources(this.ctx, formRes, () => formRes.clone(this.ctx) as PDFDict, this.rects, this.cuts) };
  }

  propertyHasText(name: string): boolean {
    const p = this.ctx.lookup(this.sub('Properties')?.get(N(name)));
    return p instanceof PDFDict && ['ActualText', 'Alt', 'E'].some((k) => p.has(N(k)));
  }

  addEditedForm(formName: string, content: Uint8Array, inner: Resources): string {
    const form = this.ctx.lookup(this.sub('XObject')?.get(N(formName))) as PDFStream;
    const entries: Record<string, PDFObject> = {};
    for (const [k, v] of form.dict.entries()) if (!['Length', 'Filter', 'DecodeParms'].includes(k.decodeText())) entries[k.decodeText()] = v;
    // The form's resources as the walk left them (copied if a nested form was copied); a form
    // without its own /Resources used its parent's: the copy gets them explicitly.
    const innerRes = inner as PdfResources;
    if (innerRes.xobjects || !entries.Resources) entries.Resources = innerRes.dict;
    return this.registerXObject(this.ctx.register(this.ctx.flateStream(content, entries as never)), 'QzForm');
  }
}

/** Removes the glyphs inside the rects and draws the replacements; returns the saved PDF. */
export async function surgicalEdit(input: Uint8Array, pages: SurgeryPage[]): Promise<{ bytes: Uint8Array; removedGlyphs: number }> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(input, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (e) {
    throw new Unsupported(`pdf-lib cannot read the PDF: ${(e as Error).message}`);
  }
  const ctx = doc.context;
  const all = doc.getPages();
  let removedGlyphs = 0;
  const cuts: ImageCut[] = [];
  for (const p of pages) {
    const page = all[p.pageNumber - 1];
    if (!page) throw new Unsupported(`page ${p.pageNumber} not found by pdf-lib`);
    removedGlyphs += editPage(ctx, page, p, cuts);
  }
  for (const cut of cuts) await cutImage(ctx, cut);
  collectGarbage(ctx);
  const bytes = await doc.save({ useObjectStreams: true, updateFieldAppearances: false, addDefaultPage: false });
  return { bytes, removedGlyphs };
}

function editPage(ctx: PDFContext, page: PDFPage, p: SurgeryPage, cuts: ImageCut[]): number {
  const node = page.node;
  const inherited = node.getInheritableAttribute(N('Resources'));
  const resDict = ctx.lookup(inherited);
  let pageRes = resDict instanceof PDFDict ? resDict : ctx.obj({});
  let owned = false;
  const own = () => {
    if (!owned) {
      pageRes = pageRes.clone(ctx) as PDFDict;
      node.set(N('Resources'), pageRes);
      owned = true;
    }
    return pageRes;
  };
  const contents = ctx.lookup(node.get(N('Contents')));
  const streams = contents instanceof PDFArray ? contents.asArray().map((o) => ctx.lookup(o)) : contents ? [contents] : [];
  const parts = streams.map(streamBytes);
  const joined = Buffer.concat(parts.flatMap((b) => [b, Buffer.from('\n')]));
  const walked = walkContent(joined, new PdfResources(ctx, pageRes, own, p.rects, cuts), [1, 0, 0, 1, 0, 0], p.rects);
  // The replacement must be drawn in the page's initial graphics state: the original content is
  // wrapped in q … Q, with one more Q per q it leaves open. A stray Q (no q open) is a no-op in
  // the original but would pop the wrapper's q and change what follows: left to PDFium.
  if (walked.underflow > 0) throw new Unsupported('the page content restores more graphics states than it saves');
  const refs: PDFRef[] = [ctx.register(ctx.stream('q\n'))];
  if (walked.content) refs.push(ctx.register(ctx.flateStream(walked.content)));
  else {
    // Unchanged: keep the original streams (as references) between q and the replacement.
    const raw = contents instanceof PDFArray ? contents.asArray() : contents ? [node.get(N('Contents'))!] : [];
    for (const o of raw) refs.push(o instanceof PDFRef ? o : ctx.register(o as PDFStream));
  }
  refs.push(ctx.register(ctx.stream(`\n${'Q\n'.repeat(walked.unclosed + 1)}${replacementOps(ctx, own, p.texts)}`)));
  node.set(N('Contents'), ctx.obj(refs));
  return walked.removedGlyphs;
}

function replacementOps(ctx: PDFContext, own: () => PDFDict, texts: SurgeryText[]): string {
  if (texts.length === 0) return '';
  const fonts = ownSub(ctx, own(), 'Font');
  const name = freshName(fonts, 'QzHelv');
  fonts.set(N(name), ctx.register(ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' })));
  const out: string[] = [];
  for (const t of texts) {
    const codes = [...t.text].map((ch) => {
      const cp = ch.codePointAt(0)!;
      return Encodings.WinAnsi.canEncodeUnicodeCodePoint(cp) ? Encodings.WinAnsi.encodeUnicodeCodePoint(cp).code : 0x3f;
    });
    const hex = codes.map((c) => c.toString(16).padStart(2, '0')).join('');
    const m = t.matrix.map((v) => +v.toFixed(5)).join(' ');
    out.push(`q 0 g 0 Tr BT /${name} ${+t.size.toFixed(4)} Tf 0 Tc 0 Tw 100 Tz 0 Ts ${m} Tm <${hex}> Tj ET Q`);
  }
  return out.join('\n') + '\n';
}

/** Drops every indirect object not reachable from the trailer (Root, Info, Encrypt). */
function collectGarbage(ctx: PDFContext): void {
  const seen = new Set<string>();
  const todo: PDFObject[] = [ctx.trailerInfo.Root, ctx.trailerInfo.Info, ctx.trailerInfo.Encrypt].filter((o): o is PDFObject => !!o);
  while (todo.length) {
    const o = todo.pop()!;
    if (o instanceof PDFRef) {
      if (seen.has(o.tag)) continue;
      seen.add(o.tag);
      const v = ctx.lookup(o);
      if (v) todo.push(v);
    } else if (o instanceof PDFDict) {
      for (const [, v] of o.entries()) todo.push(v);
    } else if (o instanceof PDFArray) {
      todo.push(...o.asArray());
    } else if (o instanceof PDFStream) {
      todo.push(o.dict);
    }
  }
  for (const [ref] of ctx.enumerateIndirectObjects()) if (!seen.has(ref.tag)) ctx.delete(ref);
}
