/**
 * Glyph advances of a PDF font, enough to place each glyph of a show-text operator exactly:
 * the surgery must know where every glyph lies (to decide which fall inside a box) and how far
 * each advances (to replace removed glyphs by a TJ displacement that keeps the glyphs after
 * them where they were). Supported: simple fonts with /Widths (Type1, TrueType, MMType1),
 * the standard 14 without /Widths (AFM metrics from @pdf-lib/standard-fonts), Type 3 (widths
 * through /FontMatrix) and Type0 with Identity-H (2-byte CIDs, /W and /DW). Anything else
 * (other CMaps, vertical writing) is reported as unsupported and the edit takes PDFium's path.
 */
import { Encodings, Font } from '@pdf-lib/standard-fonts';
import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFObject, type PDFContext } from 'pdf-lib';

export interface FontMetrics {
  /** Bytes per character code (1 for simple fonts, 2 for Identity-H). */
  bytesPerCode: 1 | 2;
  /** Horizontal advance of a code in text space (font size 1), before Tc/Tw. */
  width(code: number): number;
  /** Glyph extent above / below the baseline in text space (font size 1). */
  ascent: number;
  descent: number;
}

export class UnsupportedFont extends Error {}

const num = (ctx: PDFContext, o: PDFObject | undefined): number | undefined => {
  const v = o ? ctx.lookup(o) : undefined;
  return v instanceof PDFNumber ? v.asNumber() : undefined;
};
const arr = (ctx: PDFContext, o: PDFObject | undefined): PDFArray | undefined => {
  const v = o ? ctx.lookup(o) : undefined;
  return v instanceof PDFArray ? v : undefined;
};
const dict = (ctx: PDFContext, o: PDFObject | undefined): PDFDict | undefined => {
  const v = o ? ctx.lookup(o) : undefined;
  return v instanceof PDFDict ? v : undefined;
};
const nameOf = (ctx: PDFContext, o: PDFObject | undefined): string | undefined => {
  const v = o ? ctx.lookup(o) : undefined;
  return v instanceof PDFName ? v.decodeText() : undefined;
};
const numbers = (ctx: PDFContext, a: PDFArray | undefined): number[] => (a ? a.asArray().map((o) => num(ctx, o) ?? NaN) : []);

/** Ascent/descent from a descriptor (or a bbox), in font units / 1000; defaults when absent or implausible. */
function verticalExtent(asc: number | undefined, desc: number | undefined): { ascent: number; descent: number } {
  const a = asc !== undefined && asc > 0 ? asc / 1000 : 0.8;
  const d = desc !== undefined && desc < 0 ? desc / 1000 : -0.2;
  // Small values are real in some fonts (issue-842-example: Ascent 219, Descent -36).
  return a > 0.05 && a < 2 && d > -1 && d <= 0 ? { ascent: a, descent: d } : { ascent: 0.8, descent: -0.2 };
}

const STD14: Record<string, string> = {
  Arial: 'Helvetica', 'Arial,Bold': 'Helvetica-Bold', 'Arial,Italic': 'Helvetica-Oblique', 'Arial,BoldItalic': 'Helvetica-BoldOblique',
  TimesNewRoman: 'Times-Roman', 'TimesNewRoman,Bold': 'Times-Bold', 'TimesNewRoman,Italic': 'Times-Italic', 'TimesNewRoman,BoldItalic': 'Times-BoldItalic',
  CourierNew: 'Courier', 'CourierNew,Bold': 'Courier-Bold', 'CourierNew,Italic': 'Courier-Oblique', 'CourierNew,BoldItalic': 'Courier-BoldOblique',
};
const STD_NAMES = new Set(['Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique', 'Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique', 'Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic', 'Symbol', 'ZapfDingbats']);

let winAnsiNames: Map<number, string> | undefined;
function codeNames(encoding: 'WinAnsi' | 'Symbol' | 'ZapfDingbats'): Map<number, string> {
  if (encoding === 'WinAnsi' && winAnsiNames) return winAnsiNames;
  const enc = Encodings[encoding];
  const out = new Map<number, string>();
  for (const cp of enc.supportedCodePoints) {
    const { code, name } = enc.encodeUnicodeCodePoint(cp);
    if (!out.has(code)) out.set(code, name);
  }
  if (encoding === 'WinAnsi') winAnsiNames = out;
  return out;
}

/** Font.load decompresses the AFM data on every call (~ms): once per font per thread. */
const afms = new Map<string, Font>();
function afmOf(name: string): Font {
  let f = afms.get(name);
  if (!f) afms.set(name, (f = Font.load(name as never)));
  return f;
}

/** Widths of a standard-14 font without /Widths: glyph names through its encoding, AFM widths. */
function standardWidths(ctx: PDFContext, font: PDFDict, base: string): (code: number) => number {
  const std = STD14[base] ?? base;
  if (!STD_NAMES.has(std)) throw new UnsupportedFont(`font ${base} has no /Widths`);
  const afm = afmOf(std);
  const symbolic = std === 'Symbol' || std === 'ZapfDingbats';
  const encObj = font.get(PDFName.of('Encoding'));
  const encName = nameOf(ctx, encObj) ?? nameOf(ctx, dict(ctx, encObj)?.get(PDFName.of('BaseEncoding')));
  const names = new Map(symbolic ? codeNames(std as 'Symbol' | 'ZapfDingbats') : codeNames('WinAnsi'));
  // StandardEncoding / MacRoman (and the fonts' built-in encoding) agree with WinAnsi on
  // printable ASCII except the quotes; the high half differs: not guessed.
  const exact = symbolic || encName === 'WinAnsiEncoding';
  if (!exact) {
    for (const c of [...names.keys()]) if (c >= 128) names.delete(c);
    names.set(0x27, 'quoteright');
    names.set(0x60, 'quoteleft');
  }
  const diffs = arr(ctx, dict(ctx, encObj)?.get(PDFName.of('Differences')));
  if (diffs) {
    let code = 0;
    for (const o of diffs.asArray()) {
      const v = ctx.lookup(o);
      if (v instanceof PDFNumber) code = v.asNumber();
      else if (v instanceof PDFName) names.set(code++, v.decodeText());
    }
  }
  return (code) => {
    const name = names.get(code);
    const w = name ? afm.getWidthOfGlyph(name) : undefined;
    if (w === undefined) throw new UnsupportedFont(`no width for code ${code} in ${std}`);
    return w / 1000;
  };
}

export function fontMetrics(ctx: PDFContext, font: PDFDict): FontMetrics {
  const subtype = nameOf(ctx, font.get(PDFName.of('Subtype')));
  if (subtype === 'Type0') return type0Metrics(ctx, font);
  const first = num(ctx, font.get(PDFName.of('FirstChar'))) ?? 0;
  const widths = numbers(ctx, arr(ctx, font.get(PDFName.of('Widths'))));
  const fd = dict(ctx, font.get(PDFName.of('FontDescriptor')));
  const missing = num(ctx, fd?.get(PDFName.of('MissingWidth'))) ?? 0;
  if (subtype === 'Type3') {
    const fm = numbers(ctx, arr(ctx, font.get(PDFName.of('FontMatrix'))));
    if (fm.length !== 6 || fm.some((v) => !Number.isFinite(v)) || fm[1] !== 0 || fm[2] !== 0 || fm[0] === 0) throw new UnsupportedFont('Type 3 font with a skewed or missing /FontMatrix');
    const bbox = numbers(ctx, arr(ctx, font.get(PDFName.of('FontBBox'))));
    const ext = bbox.length === 4 && bbox[3] > bbox[1] ? { ascent: Math.max(bbox[1], bbox[3]) * fm[3], descent: Math.min(bbox[1], bbox[3]) * fm[3] } : { ascent: 0.8, descent: -0.2 };
    const vertical = ext.ascent > ext.descent && ext.ascent - ext.descent < 3 ? ext : { ascent: 0.8, descent: -0.2 };
    return { bytesPerCode: 1, width: (c) => (widths[c - first] ?? 0) * fm[0], ...vertical };
  }
  if (subtype !== 'Type1' && subtype !== 'TrueType' && subtype !== 'MMType1') throw new UnsupportedFont(`font subtype ${subtype}`);
  const ext = verticalExtent(num(ctx, fd?.get(PDFName.of('Ascent'))), num(ctx, fd?.get(PDFName.of('Descent'))));
  if (widths.length > 0) {
    if (widths.some((w) => !Number.isFinite(w))) throw new UnsupportedFont('unreadable /Widths');
    return { bytesPerCode: 1, width: (c) => (c >= first && c < first + widths.length ? widths[c - first] : missing) / 1000, ...ext };
  }
  const base = (nameOf(ctx, font.get(PDFName.of('BaseFont'))) ?? '').replace(/^[A-Z]{6}\+/, '');
  return { bytesPerCode: 1, width: standardWidths(ctx, font, base), ...ext };
}

function type0Metrics(ctx: PDFContext, font: PDFDict): FontMetrics {
  const enc = nameOf(ctx, font.get(PDFName.of('Encoding')));
  if (enc !== 'Identity-H') throw new UnsupportedFont(`Type0 font with encoding ${enc ?? 'an embedded CMap'}`);
  const desc = dict(ctx, arr(ctx, font.get(PDFName.of('DescendantFonts')))?.get(0));
  if (!desc) throw new UnsupportedFont('Type0 font without a descendant');
  const dw = num(ctx, desc.get(PDFName.of('DW'))) ?? 1000;
  const w = new Map<number, number>();
  const ranges: Array<[number, number, number]> = [];
  const list = arr(ctx, desc.get(PDFName.of('W')))?.asArray() ?? [];
  for (let k = 0; k < list.length; ) {
    const a = num(ctx, list[k]);
    const next = ctx.lookup(list[k + 1]);
    if (a === undefined) throw new UnsupportedFont('unreadable /W');
    if (next instanceof PDFArray) {
      numbers(ctx, next).forEach((v, j) => w.set(a + j, v));
      k += 2;
    } else {
      const b = num(ctx, next);
      const v = num(ctx, list[k + 2]);
      if (b === undefined || v === undefined) throw new UnsupportedFont('unreadable /W');
      ranges.push([a, b, v]);
      k += 3;
    }
  }
  const fd = dict(ctx, desc.get(PDFName.of('FontDescriptor')));
  const ext = verticalExtent(num(ctx, fd?.get(PDFName.of('Ascent'))), num(ctx, fd?.get(PDFName.of('Descent'))));
  return {
    bytesPerCode: 2,
    width: (cid) => {
      const v = w.get(cid) ?? ranges.find(([a, b]) => cid >= a && cid <= b)?.[2] ?? dw;
      if (!Number.isFinite(v)) throw new UnsupportedFont('unreadable /W');
      return v / 1000;
    },
    ...ext,
  };
}
