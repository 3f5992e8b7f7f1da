/**
 * Walks one content stream with the graphics and text state a renderer keeps (CTM, q/Q,
 * Tm/Tlm, Tf, Tc, Tw, Tz, TL, Ts) and places every glyph of every show-text operator. A glyph
 * whose centre falls inside one of the boxes (user space) is removed: its show operator is
 * rewritten as a TJ whose displacement replaces the removed glyphs' advance, so the glyphs
 * after it keep their exact positions and every other byte of the stream is unchanged.
 * Form XObjects are walked with their matrix; one with removed glyphs is copied (the original
 * may be drawn elsewhere) and the Do is pointed at the copy; an image XObject under a box is
 * replaced the same way by a copy with the covered pixels cut (images.ts). What cannot be done exactly
 * (an inline image under a box, an image the cut cannot decode, a font whose widths are unknown at a box, ActualText over removed
 * text in a named property list) throws Unsupported; ActualText/Alt/E in an inline property
 * dict over removed glyphs is dropped from that BDC (it would still tell the removed text).
 * Unsupported: the caller then takes PDFium's path for the whole edit.
 */
import { tokenize, type Operand, type Operation } from './tokens.js';
import type { FontMetrics } from './fonts.js';

export class Unsupported extends Error {}

export type Matrix = [number, number, number, number, number, number];
export interface Rect {
  l: number;
  b: number;
  r: number;
  t: number;
}

/** What the walker needs from the PDF object layer (surgery.ts implements it on pdf-lib). */
export interface Resources {
  font(name: string): FontMetrics;
  /** An XObject by resource name: an image, a form (its content and a way to rebuild it), or other. */
  xobject(name: string): { kind: 'image' } | { kind: 'other' } | { kind: 'form'; content: Uint8Array; matrix: Matrix; resources: Resources; id: unknown };
  /** Marked-content property list by name: does it carry ActualText/Alt/E? */
  propertyHasText(name: string): boolean;
  /**
   * An image drawn with `ctm` over a box: the name of a copy with the covered pixels cut, or
   * null when no pixel centre lies in a box; throws Unsupported when it cannot be cut.
   */
  cutImage(name: string, ctm: Matrix): string | null;
  /** A copy of form `id` with new content, registered under a fresh name in these resources. */
  addEditedForm(formName: string, content: Uint8Array, formResources: Resources): string;
}

export const mul = (a: Matrix, b: Matrix): Matrix => [
  a[0] * b[0] + a[1] * b[2],
  a[0] * b[1] + a[1] * b[3],
  a[2] * b[0] + a[3] * b[2],
  a[2] * b[1] + a[3] * b[3],
  a[4] * b[0] + a[5] * b[2] + b[4],
  a[4] * b[1] + a[5] * b[3] + b[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
const I: Matrix = [1, 0, 0, 1, 0, 0];

interface GState {
  ctm: Matrix;
  tc: number;
  tw: number;
  th: number;
  tl: number;
  ts: number;
  font?: FontMetrics;
  fontName?: string;
  size: number;
}

export interface WalkOutcome {
  /** The stream with its rewritten operators, or null when nothing in it changed. */
  content: Uint8Array | null;
  removedGlyphs: number;
  /** q without Q at the end of the stream, and Q met with no q open (graphics state stack). */
  unclosed: number;
  underflow: number;
}

const fmt = (v: number) => {
  const s = (Math.round(v * 10000) / 10000).toString();
  return s === '-0' ? '0' : s;
};
const hex = (bytes: number[]) => '<' + bytes.map((b) => b.toString(16).padStart(2, '0')).join('') + '>';
const TEXT_KEYS = ['ActualText', 'Alt', 'E'];

/** An operand written back as PDF syntax (strings as hex). */
function serialize(o: Operand | undefined): string {
  if (!o) return '';
  switch (o.t) {
    case 'num':
      return String(o.v);
    case 'str':
      return hex(Array.from(o.bytes));
    case 'name':
      return `/${o.v}`;
    case 'arr':
      return `[${o.items.map(serialize).join(' ')}]`;
    case 'dict':
      return `<<${[...o.entries].map(([k, v]) => `/${k} ${serialize(v)}`).join(' ')}>>`;
    default:
      return o.v;
  }
}
const numArg = (a: Operand | undefined): number => (a && a.t === 'num' ? a.v : NaN);

/** Is some part of the unit square under `m` inside a rect? */
function unitSquareHits(m: Matrix, rects: Rect[]): boolean {
  const pts = [apply(m, 0, 0), apply(m, 1, 0), apply(m, 0, 1), apply(m, 1, 1)];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const box = { l: Math.min(...xs), r: Math.max(...xs), b: Math.min(...ys), t: Math.max(...ys) };
  return rects.some((r) => box.l < r.r && box.r > r.l && box.b < r.t && box.t > r.b);
}

/** Does a rect reach the band of a text line (text space y in [-0.5, 1.5] font sizes, x ≥ -0.5)? */
function bandHits(trm: Matrix, r: Rect): boolean {
  const det = trm[0] * trm[3] - trm[1] * trm[2];
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return true;
  const inv: Matrix = [trm[3] / det, -trm[1] / det, -trm[2] / det, trm[0] / det, (trm[2] * trm[5] - trm[3] * trm[4]) / det, (trm[1] * trm[4] - trm[0] * trm[5]) / det];
  const pts = [apply(inv, r.l, r.b), apply(inv, r.r, r.b), apply(inv, r.l, r.t), apply(inv, r.r, r.t)];
  const ys = pts.map((p) => p[1]);
  const xs = pts.map((p) => p[0]);
  return Math.min(...ys) < 1.5 && Math.max(...ys) > -0.5 && Math.max(...xs) > -0.5;
}

export function walkContent(src: Uint8Array, res: Resources, ctm0: Matrix, rects: Rect[], depth = 0, inherited?: GState): WalkOutcome {
  if (depth > 12) throw new Unsupported('Form XObjects nested too deeply');
  let ops: Operation[];
  try {
    ops = tokenize(src);
  } catch (e) {
    throw new Unsupported(`content stream not readable: ${(e as Error).message}`);
  }
  let gs: GState = inherited ? { ...inherited, ctm: ctm0 } : { ctm: ctm0, tc: 0, tw: 0, th: 1, tl: 0, ts: 0, size: 0 };
  const stack: GState[] = [];
  let tm: Matrix = I;
  let tlm: Matrix = I;
  /** Open marked-content sequences; `span` = an inline property dict with ActualText/Alt/E (its BDC operation). */
  const marked: Array<{ span?: Operation; named?: boolean }> = [];
  const rewrittenSpans = new Set<Operation>();
  /** Removed text under an ActualText/Alt/E: drop those entries (they would still tell the text). */
  const spansLoseText = () => {
    for (const m of marked) {
      if (m.named) throw new Unsupported('removed text carries ActualText/Alt in a named property list');
      if (m.span && !rewrittenSpans.has(m.span)) {
        rewrittenSpans.add(m.span);
        const [tag, props] = m.span.args;
        const kept = [...(props as Extract<Operand, { t: 'dict' }>).entries].filter(([k]) => !TEXT_KEYS.includes(k));
        splices.push({ start: m.span.start, end: m.span.end, text: `${serialize(tag)} <<${kept.map(([k, v]) => `/${k} ${serialize(v)}`).join(' ')}>> BDC` });
      }
    }
  };
  const splices: Array<{ start: number; end: number; text: string }> = [];
  let removedGlyphs = 0;
  let underflow = 0;

  const td = (tx: number, ty: number) => {
    tlm = mul([1, 0, 0, 1, tx, ty], tlm);
    tm = tlm;
  };

  /** Places the glyphs of one show operator; returns its rewrite, or null when nothing inside. */
  const show = (parts: Operand[]): string | null => {
    const start = tm;
    try {
      return place(parts);
    } catch (e) {
      if (e instanceof Unsupported) throw e;
      // Widths unknown (an unsupported font): fine as long as the run cannot reach a box —
      // no box meets its line's band; the position after it is then unknown until Td/Tm.
      const trm = mul([gs.size * gs.th, 0, 0, gs.size, 0, gs.ts], mul(start, gs.ctm));
      if (!start.every(Number.isFinite) || rects.some((r) => bandHits(trm, r))) throw new Unsupported((e as Error).message);
      tm = [NaN, NaN, NaN, NaN, NaN, NaN];
      return null;
    }
  };

  const place = (parts: Operand[]): string | null => {
    const font = gs.font;
    if (!font) throw new Error('text shown without a font');
    type Item = { glyph: number[] } | { adjust: number };
    const items: Item[] = [];
    let any = false;
    for (const part of parts) {
      if (part.t === 'num') {
        tm = mul([1, 0, 0, 1, (-part.v / 1000) * gs.size * gs.th, 0], tm);
        items.push({ adjust: part.v });
        continue;
      }
      if (part.t !== 'str') continue;
      const b = part.bytes;
      const step = font.bytesPerCode;
      for (let k = 0; k + step <= b.length; k += step) {
        const code = step === 2 ? (b[k] << 8) | b[k + 1] : b[k];
        const w0 = font.width(code);
        const spacing = gs.tc + (step === 1 && code === 32 ? gs.tw : 0);
        if (!tm.every(Number.isFinite)) throw new Error('text position unknown after text in an unsupported font');
        const trm = mul([gs.size * gs.th, 0, 0, gs.size, 0, gs.ts], mul(tm, gs.ctm));
        const [cx, cy] = apply(trm, w0 / 2, (font.ascent + font.descent) / 2);
        const inside = rects.some((r) => cx > r.l && cx < r.r && cy > r.b && cy < r.t);
        const advance = (w0 * gs.size + spacing) * gs.th;
        tm = mul([1, 0, 0, 1, advance, 0], tm);
        if (inside) {
          spansLoseText();
          if (gs.size === 0 || gs.th === 0) throw new Unsupported('removed text at font size 0');
          any = true;
          removedGlyphs++;
          items.push({ adjust: (-1000 * (w0 * gs.size + spacing)) / gs.size });
        } else {
          items.push({ glyph: Array.from(b.subarray(k, k + step)) });
        }
      }
    }
    if (!any) return null;
    const out: string[] = [];
    let bytes: number[] = [];
    let adjust: number | null = null;
    const flush = () => {
      if (bytes.length) out.push(hex(bytes));
      if (adjust !== null && fmt(adjust) !== '0') out.push(fmt(adjust));
      bytes = [];
      adjust = null;
    };
    for (const it of items) {
      if ('glyph' in it) {
        if (adjust !== null) flush();
        bytes.push(...it.glyph);
      } else {
        if (bytes.length) flush();
        adjust = (adjust ?? 0) + it.adjust;
      }
    }
    flush();
    return `[${out.join(' ')}] TJ`;
  };

  for (const o of ops) {
    const a = o.args;
    switch (o.op) {
      case 'q':
        stack.push(gs);
        gs = { ...gs };
        break;
      case 'Q':
        if (stack.length) gs = stack.pop()!;
        else underflow++;
        break;
      case 'cm': {
        const m = a.map(numArg) as Matrix;
        if (m.length === 6 && m.every(Number.isFinite)) gs = { ...gs, ctm: mul(m, gs.ctm) };
        break;
      }
      case 'BT':
        tm = I;
        tlm = I;
        break;
      case 'Td':
        td(numArg(a[0]), numArg(a[1]));
        break;
      case 'TD':
        gs = { ...gs, tl: -numArg(a[1]) };
        td(numArg(a[0]), numArg(a[1]));
        break;
      case 'Tm':
        tlm = a.map(numArg) as Matrix;
        tm = tlm;
        break;
      case 'T*':
        td(0, -gs.tl);
        break;
      case 'Tc':
        gs = { ...gs, tc: numArg(a[0]) };
        break;
      case 'Tw':
        gs = { ...gs, tw: numArg(a[0]) };
        break;
      case 'Tz':
        gs = { ...gs, th: numArg(a[0]) / 100 };
        break;
      case 'TL':
        gs = { ...gs, tl: numArg(a[0]) };
        break;
      case 'Ts':
        gs = { ...gs, ts: numArg(a[0]) };
        break;
      case 'Tf': {
        const name = a[0]?.t === 'name' ? a[0].v : '';
        let font: FontMetrics | undefined;
        try {
          font = res.font(name);
        } catch (e) {
          // Only a problem if this font shows text inside a box: decided when it is used.
          const err = e as Error;
          font = { bytesPerCode: 1, ascent: 0.8, descent: -0.2, width: () => { throw new Error(err.message); } };
        }
        gs = { ...gs, font, fontName: name, size: numArg(a[1]) };
        break;
      }
      case 'Tj':
      case 'TJ':
      case "'":
      case '"': {
        let prefix = '';
        let parts: Operand[] = [];
        if (o.op === '"') {
          gs = { ...gs, tw: numArg(a[0]), tc: numArg(a[1]) };
          prefix = `${numArg(a[0])} Tw ${numArg(a[1])} Tc T* `;
          parts = a.slice(2, 3);
        } else if (o.op === "'") {
          prefix = 'T* ';
          parts = a.slice(0, 1);
        } else parts = o.op === 'TJ' ? (a[0]?.t === 'arr' ? a[0].items : []) : a.slice(0, 1);
        if (o.op === "'" || o.op === '"') td(0, -gs.tl);
        if ([gs.tc, gs.tw, gs.th, gs.tl, gs.ts, gs.size].some((v) => !Number.isFinite(v))) throw new Unsupported('unreadable text state');
        const rewritten = show(parts);
        if (rewritten !== null) splices.push({ start: o.start, end: o.end, text: prefix + rewritten });
        break;
      }
      case 'BMC':
        marked.push({});
        break;
      case 'BDC': {
        const p = a[1];
        if (p?.t === 'dict' && a[0]?.t === 'name' && TEXT_KEYS.some((k) => p.entries.has(k))) marked.push({ span: o });
        else marked.push({ named: p?.t === 'name' && res.propertyHasText(p.v) });
        break;
      }
      case 'EMC':
        marked.pop();
        break;
      case 'BI':
        if (unitSquareHits(gs.ctm, rects)) throw new Unsupported('an inline image lies under a box');
        break;
      case 'Do': {
        const name = a[0]?.t === 'name' ? a[0].v : '';
        const x = res.xobject(name);
        if (x.kind === 'image' && unitSquareHits(gs.ctm, rects)) {
          const copy = res.cutImage(name, gs.ctm);
          if (copy) splices.push({ start: o.start, end: o.end, text: `/${copy} Do` });
        }
        if (x.kind === 'form') {
          const inner = walkContent(x.content, x.resources, mul(x.matrix, gs.ctm), rects, depth + 1, gs);
          if (inner.content) {
            if (inner.removedGlyphs > 0) spansLoseText();
            removedGlyphs += inner.removedGlyphs;
            const copy = res.addEditedForm(name, inner.content, x.resources);
            splices.push({ start: o.start, end: o.end, text: `/${copy} Do` });
          }
        }
        break;
      }
      default:
        break;
    }
  }
  const balance = { unclosed: stack.length, underflow };
  if (splices.length === 0) return { content: null, removedGlyphs, ...balance };
  return { content: splice(src, splices), removedGlyphs, ...balance };
}

function splice(src: Uint8Array, edits: Array<{ start: number; end: number; text: string }>): Uint8Array {
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const e of edits.sort((x, y) => x.start - y.start)) {
    parts.push(src.subarray(at, e.start), Buffer.from(e.text, 'latin1'));
    at = e.end;
  }
  parts.push(src.subarray(at));
  return Buffer.concat(parts);
}
