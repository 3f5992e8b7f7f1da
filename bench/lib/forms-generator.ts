/**
 * Form pages drawn with pdf-lib, with their key-value pairs known exactly: the printed
 * label's box and the field's box, in PDF points (top-left origin). Four layouts, each in
 * a different style, so that neither the tests nor bench/forms-kv.ts rest on one:
 *  - 'application': labels left of AcroForm text fields (filled), checkboxes with labels
 *    to their right, numbered lines with dot leaders to an amount field;
 *  - 'stacked': labels above empty AcroForm fields, two per row;
 *  - 'printed': no AcroForm: labels left of fill-in lines with typed values, drawn
 *    checkbox squares, one marked with an X;
 *  - 'under': labels printed under fill-in lines (a signature block style), no AcroForm.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export type Box = [number, number, number, number];

export interface GeneratedPair {
  key: string;
  keyBox: Box;
  valueBox: Box;
  kind: 'text' | 'checkbox';
  /** Filled text, or 'checked' / 'unchecked'. */
  value: string;
}

export interface GeneratedForm {
  bytes: Uint8Array;
  pairs: GeneratedPair[];
  width: number;
  height: number;
}

export type FormStyle = 'application' | 'stacked' | 'printed' | 'under';

const W = 612;
const H = 792;

class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly font: PDFFont,
  ) {}
  /** Draws `text` with its baseline at top-left y `base`; returns its box (top-left). */
  text(text: string, x: number, base: number, size = 10): Box {
    this.page.drawText(text, { x, y: H - base, size, font: this.font, color: rgb(0, 0, 0) });
    return [x, base - 0.75 * size, x + this.font.widthOfTextAtSize(text, size), base + 0.2 * size];
  }
  rule(x0: number, x1: number, y: number): void {
    this.page.drawLine({ start: { x: x0, y: H - y }, end: { x: x1, y: H - y }, thickness: 0.6, color: rgb(0, 0, 0) });
  }
  square(x: number, top: number, s: number, mark: boolean): Box {
    for (const [a, b] of [
      [[x, top], [x + s, top]],
      [[x + s, top], [x + s, top + s]],
      [[x + s, top + s], [x, top + s]],
      [[x, top + s], [x, top]],
    ] as const) {
      this.page.drawLine({ start: { x: a[0], y: H - a[1] }, end: { x: b[0], y: H - b[1] }, thickness: 0.6, color: rgb(0, 0, 0) });
    }
    if (mark) {
      this.page.drawLine({ start: { x: x + 1.5, y: H - top - 1.5 }, end: { x: x + s - 1.5, y: H - top - s + 1.5 }, thickness: 0.8 });
      this.page.drawLine({ start: { x: x + 1.5, y: H - top - s + 1.5 }, end: { x: x + s - 1.5, y: H - top - 1.5 }, thickness: 0.8 });
    }
    return [x, top, x + s, top + s];
  }
}

const union = (a: Box, b: Box): Box => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];

export async function generateForm(style: FormStyle, seed = 1): Promise<GeneratedForm> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([W, H]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const s = new Sheet(page, font);
  const form = doc.getForm();
  const pairs: GeneratedPair[] = [];
  page.drawText(`Sample ${style} form ${seed}`, { x: 60, y: H - 60, size: 16, font: bold });
  s.text('Please complete every section in block letters. Fields marked with a number refer to the instructions.', 60, 84, 9);
  let n = 0;
  const field = (x: number, top: number, w: number, h: number, value: string): Box => {
    const f = form.createTextField(`f${seed}_${n++}`);
    f.addToPage(page, { x, y: H - top - h, width: w, height: h, font, borderWidth: 0.8, borderColor: rgb(0, 0, 0) });
    if (value) f.setText(value);
    return [x, top, x + w, top + h];
  };
  const check = (x: number, top: number, on: boolean): Box => {
    const c = form.createCheckBox(`c${seed}_${n++}`);
    c.addToPage(page, { x, y: H - top - 10, width: 10, height: 10, borderWidth: 0.8, borderColor: rgb(0, 0, 0) });
    if (on) c.check();
    return [x, top, x + 10, top + 10];
  };
  const names = ['Jane Example', 'Carlos Rivera', 'Mei Tanaka', 'Olu Adeyemi'];
  if (style === 'application') {
    const rows: [string, string][] = [['Full name:', names[seed % 4]!], ['Date of birth:', `0${seed}/12/1987`], ['Street address:', `${12 + seed} Harbour Road`], ['Telephone number:', '']];
    rows.forEach(([label, value], i) => {
      const top = 120 + i * 28;
      const k = s.text(label, 60, top + 12);
      const v = field(170, top, 260, 16, value);
      pairs.push({ key: label.replace(/:$/, ''), keyBox: k, valueBox: v, kind: 'text', value });
    });
    ['Employed', 'Self-employed', 'Student'].forEach((label, i) => {
      const x = 60 + i * 130;
      const v = check(x, 250, i === seed % 3);
      const k = s.text(label, x + 16, 258);
      pairs.push({ key: label, keyBox: k, valueBox: v, kind: 'checkbox', value: i === seed % 3 ? 'checked' : 'unchecked' });
    });
    const lines: [string, string][] = [['7a', 'Wages, salaries and tips'], ['7b', 'Interest received'], ['8', 'Total income, add lines 7a and 7b']];
    lines.forEach(([no, label], i) => {
      const top = 300 + i * 24;
      const k = union(s.text(no, 60, top + 12), s.text(label, 80, top + 12));
      const dotsFrom = k[2] + 6;
      const dots = ' .'.repeat(Math.floor((440 - dotsFrom) / font.widthOfTextAtSize(' .', 10)));
      s.text(dots, dotsFrom, top + 12);
      s.text(no, 450, top + 12);
      const v = field(475, top, 80, 16, i === 2 ? '' : `${(seed + 1) * (i + 2)}00`);
      pairs.push({ key: `${no} ${label}`, keyBox: k, valueBox: v, kind: 'text', value: i === 2 ? '' : `${(seed + 1) * (i + 2)}00` });
    });
  } else if (style === 'stacked') {
    const labels = ['First name', 'Last name', 'Employer', 'Position held', 'E-mail address', 'Reference number'];
    labels.forEach((label, i) => {
      const x = i % 2 === 0 ? 60 : 320;
      const top = 120 + Math.floor(i / 2) * 52;
      const k = s.text(label, x, top + 10, 9);
      const v = field(x, top + 16, 230, 18, '');
      pairs.push({ key: label, keyBox: k, valueBox: v, kind: 'text', value: '' });
    });
    ['I agree to the terms', 'Send me updates'].forEach((label, i) => {
      const top = 290 + i * 20;
      const v = check(60, top, i === 0);
      const k = s.text(label, 76, top + 8.5, 9);
      pairs.push({ key: label, keyBox: k, valueBox: v, kind: 'checkbox', value: i === 0 ? 'checked' : 'unchecked' });
    });
  } else if (style === 'printed') {
    const rows: [string, string][] = [['Case number:', `CN-${4410 + seed}`], ['Agency:', 'County Health Office'], ['Reported by:', names[(seed + 1) % 4]!], ['Date:', '']];
    rows.forEach(([label, value], i) => {
      const top = 120 + i * 26;
      const k = s.text(label, 60, top + 12);
      const x0 = k[2] + 8;
      s.rule(x0, 400, top + 15);
      if (value) s.text(value, x0 + 6, top + 12, 11);
      pairs.push({ key: label.replace(/:$/, ''), keyBox: k, valueBox: [x0, top + 15 - 14, 400, top + 15], kind: 'text', value });
    });
    ['Yes', 'No', 'Unknown'].forEach((label, i) => {
      const x = 60 + i * 90;
      const v = s.square(x, 250, 9, i === seed % 2);
      const k = s.text(label, x + 13, 258, 9);
      pairs.push({ key: label, keyBox: k, valueBox: v, kind: 'checkbox', value: i === seed % 2 ? 'checked' : 'unchecked' });
    });
    s.text('Describe the incident in full below, with the names of every person involved and their role.', 60, 300, 9);
  } else {
    const cols: [string, number, number][] = [['Signature of applicant', 60, 260], ['Date', 300, 380], ['Printed name', 400, 560]];
    for (const [row, top] of [[0, 160], [1, 230]] as const) {
      for (const [label, x0, x1] of cols) {
        s.rule(x0, x1, top);
        const k = s.text(row === 0 ? label : `${label} of witness`, x0, top + 11, 8);
        pairs.push({ key: row === 0 ? label : `${label} of witness`, keyBox: k, valueBox: [x0, top - 14, x1, top], kind: 'text', value: '' });
      }
    }
    s.text('By signing, the applicant confirms that the statements above are true and complete.', 60, 120, 9);
  }
  const bytes = await doc.save();
  return { bytes, pairs, width: W, height: H };
}
