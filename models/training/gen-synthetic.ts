/**
 * Synthetic pages with exact labels, for the classes and looks real born-digital pages
 * rarely give (forms, key-value pairs, signatures, seals, formulas, scanned-looking pages).
 *
 *   npx tsx models/training/gen-synthetic.ts [--pages 3000] [--seed 1] [--size 576x768] [--out models/training/data]
 *
 * Templates: articles in 1–3 columns (title, section headers, paragraphs, lists, pictures
 * and charts with captions, ruled / borderless / hybrid tables, formulas, footnotes, page
 * headers and footers), forms and invoices (key-value pairs, item tables, signatures,
 * stamps) and letters. Words are pseudo-words with real word-length statistics; layout,
 * fonts, sizes and margins vary. Scan artefacts (noise, blur, skew, contrast) are added at
 * training time (train_layout.py) so every epoch sees new ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pdfjsCanvas } from '../../src/formats/pdf/render-page.js';
import { letterbox } from '../../src/engines/layout/letterbox.js';
import { LAYOUT_CLASSES, type LayoutClass } from '../../src/engines/layout/interface.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : dflt;
};
const PAGES = Number(opt('pages', '3000'));
const SEED = Number(opt('seed', '1'));
const outDir = opt('out', path.join(path.dirname(new URL(import.meta.url).pathname), 'data'));
// Network input the pages are letterboxed to (WxH); it must match the model being trained.
const [inW, inH] = opt('size', '576x768').split('x').map(Number) as [number, number];
const INPUT = { width: inW, height: inH, channels: 1 as const, padValue: 255, placement: 'center' as const };

// The canvas pdf.js renders with (its dependency, resolved from there).
const { createCanvas } = pdfjsCanvas();

let state = SEED >>> 0;
function rnd(): number {
  // mulberry32
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const ri = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const chance = (p: number) => rnd() < p;

const CONS = [...'bcdfghjklmnprstvwyz'];
const VOW = [...'aeiou'];
function word(): string {
  const len = pick([1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 12]);
  let s = '';
  for (let i = 0; i < len; i++) s += i % 2 === (chance(0.5) ? 0 : 1) ? pick(CONS) : pick(VOW);
  return s;
}
const words = (n: number) => Array.from({ length: n }, word).join(' ');
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const number = () => (chance(0.5) ? ri(0, 9999).toString() : (rnd() * 1000).toFixed(ri(1, 2)));

const SERIF = ['DejaVu Serif', 'DejaVu Serif Condensed'];
const SANS = ['DejaVu Sans', 'DejaVu Sans Condensed'];

interface Label {
  cls: LayoutClass;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

class Page {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ctx: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  canvas: any;
  labels: Label[] = [];
  ink: string;
  constructor(
    readonly w: number,
    readonly h: number,
    readonly body: string,
  ) {
    this.canvas = createCanvas(w, h);
    // The full 2D context API (drawing text, paths, gradients); the shared type lists only what rendering needs.
    this.ctx = this.canvas.getContext('2d') as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    this.ctx.fillStyle = chance(0.15) ? `rgb(${ri(235, 255)},${ri(235, 255)},${ri(225, 250)})` : '#fff';
    this.ctx.fillRect(0, 0, w, h);
    this.ink = chance(0.8) ? '#000' : pick(['#222', '#333', '#1a1a40', '#302010']);
    this.ctx.textBaseline = 'alphabetic';
  }
  label(cls: LayoutClass, x1: number, y1: number, x2: number, y2: number) {
    this.labels.push({ cls, x1, y1, x2, y2 });
  }
  font(size: number, family = this.body, weight = '', style = '') {
    this.ctx.font = `${style} ${weight} ${size.toFixed(1)}px "${family}"`.trim();
  }
  /** Fill lines of words into width; returns the y after the last line and the used extent. */
  paragraph(x: number, y: number, width: number, size: number, nWords: number, o: { indent?: number; lead?: number; align?: 'left' | 'center' | 'justify'; lastShort?: boolean; leadWords?: string[] } = {}): { y: number; right: number } {
    const lead = (o.lead ?? 1.25) * size;
    const ws = [...(o.leadWords ?? []), ...Array.from({ length: nWords }, word)];
    let line: string[] = [];
    let cy = y + size;
    let right = x;
    let first = true;
    const flush = (last: boolean) => {
      const indent = first ? (o.indent ?? 0) : 0;
      const text = line.join(' ');
      const tw = this.ctx.measureText(text).width;
      let lx = x + indent;
      if (o.align === 'center') lx = x + (width - tw) / 2;
      if (o.align === 'justify' && !last && line.length > 1) {
        const gap = (width - indent - this.ctx.measureText(line.join('')).width) / (line.length - 1);
        let cx = lx;
        for (const w of line) {
          this.ctx.fillText(w, cx, cy);
          cx += this.ctx.measureText(w).width + gap;
        }
        right = Math.max(right, x + width);
      } else {
        this.ctx.fillText(text, lx, cy);
        right = Math.max(right, lx + tw);
      }
      cy += lead;
      first = false;
      line = [];
    };
    for (const w of ws) {
      const indent = first ? (o.indent ?? 0) : 0;
      if (line.length && this.ctx.measureText([...line, w].join(' ')).width > width - indent) flush(false);
      line.push(w);
    }
    if (line.length) flush(true);
    return { y: cy - lead + size * 0.3, right };
  }
}

// ---------- elements (each returns the y below it) ----------

function picture(p: Page, x: number, y: number, w: number, h: number): void {
  const c = p.ctx;
  const kind = ri(0, 3);
  if (kind === 0) {
    // photo-like: gradients and blobs
    const g = c.createLinearGradient(x, y, x + w, y + h);
    g.addColorStop(0, `rgb(${ri(0, 255)},${ri(0, 255)},${ri(0, 255)})`);
    g.addColorStop(1, `rgb(${ri(0, 255)},${ri(0, 255)},${ri(0, 255)})`);
    c.fillStyle = g;
    c.fillRect(x, y, w, h);
    for (let i = 0; i < ri(3, 15); i++) {
      c.fillStyle = `rgba(${ri(0, 255)},${ri(0, 255)},${ri(0, 255)},${rnd().toFixed(2)})`;
      c.beginPath();
      c.ellipse(x + rnd() * w, y + rnd() * h, 3 + rnd() * w * 0.3, 3 + rnd() * h * 0.3, rnd() * 3, 0, 7);
      c.fill();
    }
  } else if (kind === 1) {
    // bar chart
    c.strokeStyle = p.ink;
    c.lineWidth = 1;
    c.strokeRect(x, y, w, h);
    const n = ri(3, 12);
    for (let i = 0; i < n; i++) {
      c.fillStyle = pick(['#447', '#a44', '#4a4', '#888', '#222', '#c93']);
      const bh = rnd() * h * 0.85;
      c.fillRect(x + (i + 0.2) * (w / n), y + h - bh, (w / n) * 0.6, bh);
    }
    p.font(Math.max(5, h * 0.05), SANS[0]);
    c.fillStyle = p.ink;
    for (let i = 0; i < 4; i++) c.fillText(String(ri(0, 100)), x + 2, y + h - (i * h) / 4 - 2);
  } else if (kind === 2) {
    // line plot with axes
    c.strokeStyle = p.ink;
    c.lineWidth = 1;
    c.beginPath();
    c.moveTo(x, y);
    c.lineTo(x, y + h);
    c.lineTo(x + w, y + h);
    c.stroke();
    for (let s = 0; s < ri(1, 4); s++) {
      c.strokeStyle = pick(['#000', '#c00', '#00c', '#070', '#777']);
      c.beginPath();
      let v = rnd() * h;
      for (let i = 0; i <= 30; i++) {
        v = Math.min(h, Math.max(0, v + (rnd() - 0.5) * h * 0.2));
        c.lineTo(x + (i / 30) * w, y + v);
      }
      c.stroke();
    }
  } else {
    // diagram: boxes and arrows with labels
    c.strokeStyle = p.ink;
    c.lineWidth = 1;
    p.font(Math.max(5, Math.min(10, h * 0.06)), SANS[0]);
    for (let i = 0; i < ri(3, 8); i++) {
      const bx = x + rnd() * w * 0.75;
      const by = y + rnd() * h * 0.8;
      c.strokeRect(bx, by, w * 0.22, h * 0.16);
      c.fillStyle = p.ink;
      c.fillText(word(), bx + 2, by + h * 0.1);
      c.beginPath();
      c.moveTo(bx + w * 0.22, by + h * 0.08);
      c.lineTo(x + rnd() * w, y + rnd() * h);
      c.stroke();
    }
  }
  c.fillStyle = p.ink;
  p.label('Picture', x, y, x + w, y + h);
}

function table(p: Page, x: number, y: number, w: number, size: number): number {
  const c = p.ctx;
  const cols = ri(2, 7);
  const rows = ri(3, 14);
  const style = ri(0, 2); // 0 ruled, 1 borderless, 2 hybrid (horizontal rules)
  const rowH = size * (chance(0.5) ? 1.6 : 2);
  const colW = w / cols;
  p.font(size, p.body);
  c.fillStyle = p.ink;
  c.strokeStyle = p.ink;
  c.lineWidth = chance(0.5) ? 0.7 : 1.2;
  if (chance(0.3)) {
    c.fillStyle = '#ddd';
    c.fillRect(x, y, w, rowH);
    c.fillStyle = p.ink;
  }
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      if (r > 0 && chance(0.08)) continue;
      p.font(size, p.body, r === 0 ? 'bold' : '');
      const t = r === 0 || k === 0 ? capital(words(ri(1, 2))) : number();
      const tw = Math.min(c.measureText(t).width, colW - 4);
      const tx = k === 0 ? x + 3 : x + k * colW + colW - tw - 3;
      c.fillText(t, tx, y + r * rowH + rowH * 0.7, colW - 4);
    }
  }
  const h = rows * rowH;
  c.beginPath();
  if (style === 0) {
    for (let r = 0; r <= rows; r++) {
      c.moveTo(x, y + r * rowH);
      c.lineTo(x + w, y + r * rowH);
    }
    for (let k = 0; k <= cols; k++) {
      c.moveTo(x + k * colW, y);
      c.lineTo(x + k * colW, y + h);
    }
  } else if (style === 2) {
    for (const ry of [0, rowH, h]) {
      c.moveTo(x, y + ry);
      c.lineTo(x + w, y + ry);
    }
  }
  c.stroke();
  p.label('Table', x, y, x + w, y + h);
  return y + h;
}

/** A caption with its "Figure 3:" / "Fig. 3." / "Table 2" lead, in the styles journals use; returns its extent. */
function caption(p: Page, x: number, y: number, w: number, size: number, kind: 'figure' | 'table'): { y: number; right: number } {
  const c = p.ctx;
  c.fillStyle = p.ink;
  const n = ri(1, 14);
  const lead = kind === 'figure' ? pick([`Figure ${n}:`, `Fig. ${n}.`, `Figure ${n}.`, `FIGURE ${n}`, `Fig ${n}`]) : pick([`Table ${n}:`, `Table ${n}.`, `TABLE ${['I', 'II', 'III', 'IV', 'V'][n % 5]}`, `Table ${n}`]);
  const cs = size * (0.8 + rnd() * 0.15);
  const style = chance(0.25) ? 'italic' : '';
  if (kind === 'table' && chance(0.35)) {
    // Elsevier style: the bold lead on a line of its own, the title below
    p.font(cs, p.body, 'bold');
    c.fillText(lead, x, y + cs);
    const leadRight = x + c.measureText(lead).width;
    p.font(cs, p.body, '', style);
    const rest = p.paragraph(x, y + cs * 1.25, w, cs, ri(4, 20));
    return { y: rest.y, right: Math.max(leadRight, rest.right) };
  }
  p.font(cs, p.body, '', style);
  return p.paragraph(x, y, w, cs, ri(4, 30), { leadWords: lead.split(' '), align: chance(0.2) ? 'center' : 'left' });
}

/** Notes under a table ("a Not available."), each line a footnote as DocLayNet and docling label them. */
function tableNotes(p: Page, x: number, y: number, w: number, size: number): number {
  const c = p.ctx;
  c.fillStyle = p.ink;
  let cy = y;
  for (let i = 0; i < ri(1, 4); i++) {
    const fs = size * (0.7 + rnd() * 0.1);
    p.font(fs, p.body);
    const end = p.paragraph(x, cy, w * (0.5 + rnd() * 0.5), fs, ri(2, 14), { leadWords: [pick(['abcdefg'[i]!, '*', '†', `(${i + 1})`, `${i + 1}`])] });
    p.label('Footnote', x - 1, cy, end.right + 1, end.y);
    cy = end.y + fs * 0.25;
  }
  return cy;
}

/** A display equation in the LaTeX look: italic symbols, big operators, fractions, scripts, one to three aligned lines. */
function displayFormula(p: Page, x: number, y: number, w: number, size: number): number {
  const c = p.ctx;
  c.fillStyle = p.ink;
  const lines = pick([1, 1, 1, 2, 3]);
  let cy = y + size * 0.4;
  let left = Infinity;
  let right = -Infinity;
  const top = cy;
  const startX = x + w * (0.05 + rnd() * 0.15);
  for (let l = 0; l < lines; l++) {
    let cx = startX;
    let lineH = size * 1.3;
    const base = cy + size * 1.6;
    const sym = (t: string, sz = size, dy = 0, italic = true) => {
      p.font(sz, SERIF[0], '', italic ? 'italic' : '');
      c.fillText(t, cx, base + dy);
      cx += c.measureText(t).width + sz * 0.08;
    };
    if (l > 0) cx = startX + w * 0.1;
    const atoms = ri(3, 8);
    for (let a = 0; a < atoms && cx < x + w * 0.6; a++) {
      const r = rnd();
      if (r < 0.25) {
        // fraction
        p.font(size * 0.9, SERIF[0], '', 'italic');
        const num = Array.from({ length: ri(1, 4) }, () => pick(['x', 'y', 'dt', '1', 'π', 'b', 'z', '(1 − x)', 'K', 'Q'])).join(' ');
        const den = Array.from({ length: ri(1, 3) }, () => pick(['2', 'x', 'n', '4K(x)', '√t', 'iπ', 'σ'])).join('');
        const fw = Math.max(c.measureText(num).width, c.measureText(den).width) + size * 0.3;
        c.fillText(num, cx + (fw - c.measureText(num).width) / 2, base - size * 0.55);
        c.fillRect(cx, base - size * 0.33, fw, Math.max(0.6, size * 0.05));
        c.fillText(den, cx + (fw - c.measureText(den).width) / 2, base + size * 0.75);
        cx += fw + size * 0.2;
        lineH = Math.max(lineH, size * 2.4);
      } else if (r < 0.4) {
        // big operator with limits
        const op = pick(['∑', '∫', '∏']);
        p.font(size * 1.9, SERIF[0]);
        c.fillText(op, cx, base + size * 0.35);
        const ow = c.measureText(op).width;
        p.font(size * 0.6, SERIF[0], '', 'italic');
        c.fillText(pick(['n', 'j=1', 'i', '0', 'k=0']), cx + ow * 0.1, base + size * 1.0);
        c.fillText(pick(['∞', 'N', '4', '1', 'x']), cx + ow * 0.3, base - size * 1.25);
        cx += ow + size * 0.2;
        lineH = Math.max(lineH, size * 2.8);
      } else if (r < 0.55) {
        sym(pick(['x', 'u', 'V', 'Ψ', 'K', 'f', 'g', 'α', 'Θ']));
        sym(pick(['2', 'n', 'k', '−1', 'b−2']), size * 0.65, -size * 0.45);
      } else if (r < 0.7) {
        sym(pick(['(', '[', '⟨']), size * 1.2, 0, false);
        sym(Array.from({ length: ri(1, 4) }, () => pick(['z', 'x', 'u', 'q', 'V', 'α', '1'])).join(pick([', ', ' − ', '+'])));
        sym(pick([')', ']', '⟩']), size * 1.2, 0, false);
      } else {
        sym(pick([' = ', ' + ', ' − ', ' · ', ' ≤ ', ' → ', ', ']), size, 0, false);
        sym(pick(['x', 'y', 'λ', 'ω', 'e', 'dt', 'log q', 'sin θ', 'φ(u)']));
      }
    }
    left = Math.min(left, startX);
    right = Math.max(right, cx);
    cy = base + lineH - size * 1.6 + size * 0.5;
  }
  const bottom = cy;
  p.label('Formula', left - 2, top, right + 2, bottom);
  if (chance(0.7) && right < x + w - size * 3.5) {
    p.font(size, p.body);
    c.fillText(pick([`(${ri(1, 40)})`, `(${ri(1, 9)}.${ri(1, 20)})`]), x + w - size * 2.5, (top + bottom) / 2 + size * 0.35);
  }
  return bottom;
}

function formula(p: Page, x: number, y: number, w: number, size: number): number {
  const c = p.ctx;
  const parts: string[] = [];
  for (let i = 0; i < ri(3, 9); i++) parts.push(pick(['x', 'y', 'α', 'β', '∑', '∫', 'λ', 'f(x)', 'e', 'π', '∂', 'θ', 'σ²', 'Δ', 'n', 'i', 'ω']) + pick([' + ', ' − ', ' = ', ' · ', '', ' ≤ ', '²', '_k']));
  const text = parts.join('');
  p.font(size * 1.1, SERIF[0], '', 'italic');
  const tw = Math.min(c.measureText(text).width, w * 0.8);
  const tx = x + (w - tw) / 2;
  c.fillStyle = p.ink;
  let top = y;
  let bottom = y + size * 1.3;
  if (chance(0.5)) {
    // a fraction
    const num = words(1) + ' + ' + pick(['x', 'y', '1']);
    c.fillText(num, tx, y + size);
    c.fillRect(tx, y + size * 1.35, tw * 0.5, 0.8);
    c.fillText(pick(['2', 'n', 'σ', 'k + 1']), tx + tw * 0.15, y + size * 2.5);
    c.fillText(text, tx + tw * 0.55, y + size * 1.7, tw * 0.45);
    bottom = y + size * 2.8;
  } else {
    c.fillText(text, tx, y + size * 1.1, tw);
  }
  p.label('Formula', tx - 2, top, tx + tw + 2, bottom);
  if (chance(0.6)) {
    p.font(size, p.body);
    c.fillText(`(${ri(1, 40)})`, x + w - size * 2, (top + bottom) / 2 + size * 0.35);
  }
  return bottom;
}

function signature(p: Page, x: number, y: number, w: number, h: number): void {
  const c = p.ctx;
  c.strokeStyle = pick(['#000', '#113', '#124', '#222']);
  c.lineWidth = 0.8 + rnd() * 1.2;
  c.beginPath();
  let px = x;
  let py = y + h * (0.3 + rnd() * 0.4);
  c.moveTo(px, py);
  for (let i = 0; i < ri(4, 10); i++) {
    const nx = px + w / 8 + rnd() * (w / 6);
    c.bezierCurveTo(px + rnd() * w * 0.2, y + rnd() * h, nx - rnd() * w * 0.2, y + rnd() * h, Math.min(nx, x + w), y + h * (0.2 + rnd() * 0.6));
    px = Math.min(nx, x + w);
  }
  c.stroke();
  p.label('Signature', x - 2, y, x + w + 2, y + h);
}

function seal(p: Page, cx: number, cy: number, r: number): void {
  const c = p.ctx;
  const colour = pick(['rgba(200,20,20,0.8)', 'rgba(20,40,180,0.75)', 'rgba(60,60,60,0.8)', 'rgba(120,0,120,0.7)']);
  c.strokeStyle = colour;
  c.fillStyle = colour;
  c.lineWidth = 1 + rnd() * 1.5;
  const rect = chance(0.25);
  if (rect) {
    c.strokeRect(cx - r * 1.4, cy - r * 0.6, r * 2.8, r * 1.2);
    p.font(r * 0.35, SANS[0], 'bold');
    c.fillText(words(2).toUpperCase(), cx - r * 1.2, cy + r * 0.1, r * 2.4);
    p.label('Seal', cx - r * 1.4 - 1, cy - r * 0.6 - 1, cx + r * 1.4 + 1, cy + r * 0.6 + 1);
  } else {
    c.beginPath();
    c.arc(cx, cy, r, 0, Math.PI * 2);
    c.stroke();
    if (chance(0.7)) {
      c.beginPath();
      c.arc(cx, cy, r * 0.72, 0, Math.PI * 2);
      c.stroke();
    }
    p.font(r * 0.2, SANS[0], 'bold');
    const text = words(4).toUpperCase();
    for (let i = 0; i < text.length; i++) {
      const a = -Math.PI + (i / text.length) * Math.PI * 1.9;
      c.save();
      c.translate(cx + Math.cos(a) * r * 0.84, cy + Math.sin(a) * r * 0.84);
      c.rotate(a + Math.PI / 2);
      c.fillText(text[i], 0, 0);
      c.restore();
    }
    if (chance(0.5)) {
      p.font(r * 0.45, SANS[0]);
      c.fillText('★', cx - r * 0.2, cy + r * 0.15);
    }
    p.label('Seal', cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1);
  }
  c.fillStyle = p.ink;
}

function keyValues(p: Page, x: number, y: number, w: number, size: number, n: number, cols: number): number {
  const c = p.ctx;
  const colW = w / cols;
  const boxed = chance(0.3);
  const rowH = size * (boxed ? 2.2 : 1.7);
  for (let i = 0; i < n; i++) {
    const cx = x + (i % cols) * colW;
    const cy = y + Math.floor(i / cols) * rowH;
    p.font(size, p.body, chance(0.5) ? 'bold' : '');
    c.fillStyle = p.ink;
    const key = capital(words(ri(1, 3))) + pick([':', ':', '', ' #']);
    c.fillText(key, cx + 2, cy + size);
    const kw = c.measureText(key).width;
    p.font(size, p.body);
    const value = chance(0.5) ? number() : words(ri(1, 3));
    const vx = chance(0.7) ? cx + kw + size : cx + colW * 0.45;
    c.fillText(value, vx, cy + size, colW - (vx - cx) - 4);
    const vw = Math.min(c.measureText(value).width, colW - (vx - cx) - 4);
    if (boxed) {
      c.strokeStyle = p.ink;
      c.lineWidth = 0.6;
      c.strokeRect(vx - 3, cy - size * 0.2, colW - (vx - cx) - 6, size * 1.6);
    } else if (chance(0.3)) {
      c.fillRect(vx, cy + size * 1.25, colW - (vx - cx) - 8, 0.6);
    }
    p.label('KeyValuePair', cx + 1, cy - size * 0.1, Math.max(vx + vw, cx + kw) + 2, cy + size * 1.35);
  }
  return y + Math.ceil(n / cols) * rowH;
}

// ---------- templates ----------

function pageHeaderFooter(p: Page, m: number, size: number): { top: number; bottom: number } {
  const c = p.ctx;
  let top = m;
  let bottom = p.h - m;
  c.fillStyle = p.ink;
  if (chance(0.6)) {
    p.font(size * 0.8, p.body, '', chance(0.5) ? 'italic' : '');
    const t = capital(words(ri(2, 6)));
    const tw = c.measureText(t).width;
    const tx = pick([m, (p.w - tw) / 2, p.w - m - tw]);
    c.fillText(t, tx, m * 0.6 + size * 0.8);
    p.label('PageHeader', tx - 1, m * 0.6, tx + tw + 1, m * 0.6 + size);
    if (chance(0.4)) c.fillRect(m, m * 0.6 + size * 1.3, p.w - 2 * m, 0.6);
    top = m * 0.6 + size * 2.5;
  }
  if (chance(0.7)) {
    p.font(size * 0.8, p.body);
    const t = chance(0.5) ? String(ri(1, 300)) : `Page ${ri(1, 20)} of ${ri(20, 40)}`;
    const tw = c.measureText(t).width;
    const tx = pick([m, (p.w - tw) / 2, p.w - m - tw]);
    const ty = p.h - m * 0.5;
    c.fillText(t, tx, ty);
    p.label('PageFooter', tx - 1, ty - size * 0.85, tx + tw + 1, ty + size * 0.25);
    bottom = ty - size * 2;
  }
  return { top, bottom };
}

function article(p: Page) {
  const m = p.w * (0.06 + rnd() * 0.06);
  const size = p.w * (0.014 + rnd() * 0.006);
  const { top, bottom: pageBottom } = pageHeaderFooter(p, m, size);
  const c = p.ctx;
  c.fillStyle = p.ink;
  let y = top;
  // footnotes reserve space at the bottom
  let bottom = pageBottom;
  if (chance(0.3)) {
    const n = ri(1, 3);
    let fy = pageBottom - n * size * 2.2;
    bottom = fy - size * 1.5;
    c.fillRect(m, fy - size * 0.6, p.w * 0.25, 0.6);
    for (let i = 0; i < n; i++) {
      p.font(size * 0.8, p.body);
      const end = p.paragraph(m, fy, p.w - 2 * m, size * 0.8, ri(6, 30), { leadWords: chance(0.7) ? [pick([`${i + 1}`, '*', '†', `${ri(1, 30)}`])] : [] });
      p.label('Footnote', m - 1, fy, end.right + 1, end.y);
      fy = end.y + size * 0.3;
    }
  }
  if (chance(0.5)) {
    const ts = size * (1.6 + rnd() * 0.8);
    p.font(ts, chance(0.5) ? SANS[0] : p.body, 'bold');
    const align = chance(0.6) ? 'center' : 'left';
    const end = p.paragraph(m, y, p.w - 2 * m, ts, ri(3, 14), { align, lead: 1.15 });
    // A centred title's lines span symmetrically about the page's centre; a left one starts at the margin.
    p.label('Title', align === 'center' ? Math.max(m, p.w - end.right) : m - 1, y, end.right + 1, end.y);
    y = end.y + size * 1.5;
    if (chance(0.6)) {
      p.font(size, p.body, '', 'italic');
      const a = p.paragraph(m, y, p.w - 2 * m, size, ri(3, 12), { align: 'center' });
      p.label('Text', Math.max(m, p.w - a.right), y, a.right + 1, a.y);
      y = a.y + size * 1.5;
    }
  }
  const cols = pick([1, 1, 2, 2, 2, 3]);
  const gap = size * 1.5;
  const colW = (p.w - 2 * m - (cols - 1) * gap) / cols;
  const fullWidthFloat = cols > 1 && chance(0.3);
  if (fullWidthFloat) {
    const h = (p.h - 2 * m) * (0.15 + rnd() * 0.15);
    if (chance(0.5)) picture(p, m, y, p.w - 2 * m, h);
    else {
      table(p, m, y, p.w - 2 * m, size * 0.9);
    }
    y = Math.max(y + h, ...p.labels.map((l) => l.y2)) + size;
    const cap = caption(p, m, y, p.w - 2 * m, size, p.labels.at(-1)?.cls === 'Table' ? 'table' : 'figure');
    p.label('Caption', m - 1, y, cap.right + 1, cap.y);
    y = cap.y + size * 1.5;
  }
  for (let k = 0; k < cols; k++) {
    const x = m + k * (colW + gap);
    let cy = y;
    let guard = 0;
    while (cy < bottom - size * 3 && guard++ < 40) {
      const room = bottom - cy;
      const r = rnd();
      if (r < 0.12) {
        p.font(size * (1.05 + rnd() * 0.3), chance(0.5) ? SANS[0] : p.body, 'bold');
        const t = (chance(0.5) ? `${ri(1, 9)}${chance(0.5) ? '.' + ri(1, 9) : ''} ` : '') + capital(words(ri(1, 6)));
        const end = p.paragraph(x, cy, colW, size * 1.15, 0);
        void end;
        p.ctx.fillText(t, x, cy + size * 1.15, colW);
        const tw = Math.min(p.ctx.measureText(t).width, colW);
        p.label('SectionHeader', x - 1, cy, x + tw + 1, cy + size * 1.45);
        cy += size * 2.3;
      } else if (r < 0.22 && room > size * 8) {
        const n = ri(2, 6);
        const numbered = chance(0.4);
        for (let i = 0; i < n && cy < bottom - size * 3; i++) {
          p.font(size, p.body);
          const marker = numbered ? `${i + 1}.` : pick(['•', '–', '◦', '▪']);
          p.ctx.fillText(marker, x + size * 0.5, cy + size);
          const end = p.paragraph(x + size * 2, cy, colW - size * 2, size, ri(4, 30));
          p.label('ListItem', x + size * 0.5 - 1, cy, end.right + 1, end.y);
          cy = end.y + size * 0.4;
        }
        cy += size * 0.8;
      } else if (r < 0.32 && room > colW * 0.5) {
        const h = Math.min(room * 0.6, colW * (0.4 + rnd() * 0.5));
        const pw = colW * (0.6 + rnd() * 0.4);
        const px = x + (colW - pw) / 2;
        picture(p, px, cy, pw, h);
        cy += h + size * 0.6;
        p.font(size * 0.9, p.body);
        const cap = caption(p, x, cy, colW, size, 'figure');
        p.label('Caption', x - 1, cy, cap.right + 1, cap.y);
        cy = cap.y + size * 1.5;
      } else if (r < 0.42 && room > size * 10) {
        const capTop = cy;
        const cap = caption(p, x, cy, colW, size, 'table');
        p.label('Caption', x - 1, cy, cap.right + 1, cap.y);
        cy = cap.y + size * 0.6;
        let end = table(p, x, cy, colW, size * 0.85);
        if (end < bottom - size * 6 && chance(0.4)) end = tableNotes(p, x, end + size * 0.4, colW, size);
        if (end > bottom) {
          // Ran over the bottom: drop what was drawn past it from the labels.
          p.labels.pop();
          p.ctx.fillStyle = '#fff';
          p.ctx.fillRect(x - 2, capTop - 2, colW + 4, end - capTop + 4);
          p.labels.pop();
          break;
        }
        cy = end + size * 1.5;
      } else if (r < 0.5) {
        cy = (colW > size * 28 && chance(0.7) ? displayFormula(p, x, cy, colW, size) : formula(p, x, cy, colW, size)) + size * 1.2;
      } else {
        p.font(size, p.body);
        const n = ri(15, 120);
        const end = p.paragraph(x, cy, colW, size, n, { indent: chance(0.5) ? size * 1.5 : 0, align: chance(0.6) ? 'justify' : 'left', lead: 1.15 + rnd() * 0.3 });
        if (end.y > bottom) {
          p.ctx.fillStyle = '#fff';
          p.ctx.fillRect(x - 2, bottom, colW + 4, end.y - bottom + 2);
          p.ctx.fillStyle = p.ink;
          p.label('Text', x - 1, cy, end.right + 1, Math.min(end.y, bottom));
          break;
        }
        p.label('Text', x - 1, cy, end.right + 1, end.y);
        cy = end.y + size * (0.6 + rnd());
      }
    }
  }
}

function form(p: Page) {
  const m = p.w * (0.05 + rnd() * 0.05);
  const size = p.w * (0.014 + rnd() * 0.008);
  const { top, bottom } = pageHeaderFooter(p, m, size);
  const c = p.ctx;
  let y = top;
  c.fillStyle = p.ink;
  if (chance(0.5)) {
    picture(p, m, y, p.w * 0.15, p.w * 0.08);
  }
  const ts = size * (1.5 + rnd());
  p.font(ts, SANS[0], 'bold');
  const title = pick(['INVOICE', 'Purchase Order', 'Application Form', 'Receipt', 'Certificate', 'Statement']) + (chance(0.3) ? ' ' + capital(word()) : '');
  const tw = c.measureText(title).width;
  const tx = chance(0.5) ? p.w - m - tw : (p.w - tw) / 2;
  c.fillText(title, tx, y + ts);
  p.label('Title', tx - 1, y, tx + tw + 1, y + ts * 1.25);
  y += ts * 2.2;
  if (chance(0.6)) {
    p.font(size, p.body);
    const a = p.paragraph(m, y, p.w * 0.4, size, ri(6, 16), { lead: 1.3 });
    p.label('Text', m - 1, y, a.right + 1, a.y);
    y = a.y + size;
  }
  y = keyValues(p, m, y, p.w - 2 * m, size, ri(2, 10), ri(1, 2)) + size;
  if (chance(0.8) && y < bottom - size * 12) {
    y = table(p, m, y, p.w - 2 * m, size * 0.9) + size;
    if (chance(0.7)) y = keyValues(p, p.w * 0.55, y, p.w * 0.45 - m, size, ri(1, 4), 1) + size;
  }
  if (chance(0.5) && y < bottom - size * 6) {
    p.font(size, p.body);
    const a = p.paragraph(m, y, p.w - 2 * m, size, ri(15, 60));
    p.label('Text', m - 1, y, a.right + 1, a.y);
    y = a.y + size * 1.5;
  }
  const sigY = Math.min(Math.max(y + size * 2, bottom - size * 10), bottom - size * 5);
  if (sigY > y && chance(0.8)) {
    const sx = chance(0.5) ? m : p.w * 0.55;
    const sw = p.w * (0.18 + rnd() * 0.12);
    signature(p, sx, sigY, sw, size * (2.5 + rnd() * 2));
    c.fillStyle = p.ink;
    c.fillRect(sx, sigY + size * 4.8, sw * 1.1, 0.7);
    p.font(size * 0.9, p.body);
    c.fillText(pick(['Signature', 'Authorised signature', 'Signed', 'Date and signature']), sx, sigY + size * 6);
    if (chance(0.6)) seal(p, sx + sw * (0.8 + rnd() * 0.8), sigY + size * 2, p.w * (0.06 + rnd() * 0.05));
  } else if (chance(0.5)) {
    seal(p, p.w * (0.2 + rnd() * 0.6), Math.min(bottom - p.w * 0.12, y + p.w * 0.12), p.w * (0.06 + rnd() * 0.05));
  }
}

function letter(p: Page) {
  const m = p.w * (0.08 + rnd() * 0.05);
  const size = p.w * (0.015 + rnd() * 0.006);
  const c = p.ctx;
  c.fillStyle = p.ink;
  let y = m;
  p.font(size * 1.4, SANS[0], 'bold');
  const head = capital(words(ri(1, 3)));
  c.fillText(head, m, y + size * 1.4);
  p.label('PageHeader', m - 1, y, m + c.measureText(head).width + 1, y + size * 1.8);
  y += size * 3;
  for (let b = 0; b < 2; b++) {
    p.font(size, p.body);
    const bx = b === 0 ? m : p.w * 0.6;
    const a = p.paragraph(bx, y, p.w * 0.3, size, ri(5, 12), { lead: 1.2 });
    p.label('Text', bx - 1, y, a.right + 1, a.y);
    if (b === 1) y = a.y + size * 2;
  }
  for (let i = 0; i < ri(2, 5) && y < p.h - m - size * 14; i++) {
    p.font(size, p.body);
    const a = p.paragraph(m, y, p.w - 2 * m, size, ri(20, 90), { align: chance(0.5) ? 'justify' : 'left' });
    p.label('Text', m - 1, y, a.right + 1, a.y);
    y = a.y + size * 1.2;
  }
  const sw = p.w * 0.22;
  signature(p, m, y + size, sw, size * 3.5);
  if (chance(0.35)) seal(p, m + sw * 1.4, y + size * 3, p.w * 0.07);
  p.font(size, p.body);
  c.fillStyle = p.ink;
  const name = capital(word()) + ' ' + capital(word());
  c.fillText(name, m, y + size * 6.5);
  p.label('Text', m - 1, y + size * 5.5, m + c.measureText(name).width + 1, y + size * 6.9);
}

// ---------- main ----------

fs.mkdirSync(outDir, { recursive: true });
const out = fs.openSync(path.join(outDir, 'synth.u8'), 'w');
const pages: Array<{ source: string; page: number; boxes: number[][] }> = [];
const counts: Record<string, number> = {};
for (let i = 0; i < PAGES; i++) {
  const landscape = chance(0.08);
  const [w, h] = pick([[612, 792], [595, 842], [612, 1008]] as const);
  const p = new Page(landscape ? h : w, landscape ? w : h, chance(0.6) ? pick(SERIF) : pick(SANS));
  const t = rnd();
  if (t < 0.6) article(p);
  else if (t < 0.85) form(p);
  else letter(p);
  const { pixels, scale, offsetX, offsetY } = await letterbox(
    { data: p.canvas.data(), width: p.w, height: p.h, channels: 4, dpi: null },
    INPUT,
  );
  fs.writeSync(out, pixels);
  const boxes = p.labels
    .map((l) => [LAYOUT_CLASSES.indexOf(l.cls), ...[l.x1 * scale + offsetX, l.y1 * scale + offsetY, l.x2 * scale + offsetX, l.y2 * scale + offsetY].map((v) => +v.toFixed(1))])
    .filter((b) => b[3]! - b[1]! >= 1 && b[4]! - b[2]! >= 1);
  for (const b of boxes) counts[LAYOUT_CLASSES[b[0]!]!] = (counts[LAYOUT_CLASSES[b[0]!]!] ?? 0) + 1;
  pages.push({ source: `synthetic/${SEED}/${i}`, page: 1, boxes });
}
fs.closeSync(out);
fs.writeFileSync(path.join(outDir, 'synth.json'), JSON.stringify({ input: INPUT, classes: LAYOUT_CLASSES, pages }));
console.log(`${PAGES} synthetic pages`, counts);
