/**
 * Multi-column pages nobody has seen, with an exact reading order (issue 27 item 1). The
 * corpus' multi-column pages can only be scored against pdftotext, whose own order is wrong
 * on some of them; here each page is written as HTML with CSS columns, printed to PDF by
 * Debian's headless Chromium, and the truth is the HTML's own text in document order (CSS
 * columns flow in that order; `column-span: all` elements cut across it). Every layout
 * choice is drawn from a seeded generator: 1–4 columns, serif/sans faces, sizes, leading,
 * gaps, rules between columns, full-width titles, author blocks, abstracts, spanning
 * figures and footnotes, numbered headings, lists and small tables. Sentences come from the
 * bundled public-domain sample (test/fixtures/pdf/us_constitution.pdf), shuffled by seed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { rngOf } from './pii-values.js';
import { words } from './text-metrics.js';

export interface SyntheticDoc {
  name: string;
  html: string;
  /** The reading-order text: every block outside tables, in document order. */
  truth: string;
  columns: number;
  /** Gutter centres in PDF points (Letter page, left edge 0). */
  gutters: number[];
}

/** Sentences of the sample PDF (pdftotext), 30–260 characters, brackets and odd glyphs out. */
export function sampleSentences(pdf: string): string[] {
  const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  return text
    .split(/(?<=[.;:])\s+(?=[A-Z])/)
    .map((s) => s.replace(/[[\]]/g, '').trim())
    .filter((s) => s.length >= 30 && s.length <= 260 && /^[A-Za-z0-9 ,.;:'()-]+$/.test(s));
}

/**
 * The words compared for order: table cells' words ("item", numbers) left out, since the
 * truth leaves tables out and pdftotext prints their cells inline.
 */
export function orderWords(text: string): string[] {
  return words(text).filter((w) => w !== 'item' && !/^\d+(\.\d+)?$/.test(w));
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const FACES = ['Liberation Serif', 'Liberation Sans', 'DejaVu Serif', 'DejaVu Sans'];
const NAMES = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth', 'Frances Allen', 'John Backus'];
const PLACES = ['University of Somewhere', 'Institute of Examples', 'National Laboratory', 'Polytechnic School'];

export function syntheticDoc(seed: number, sentences: readonly string[]): SyntheticDoc {
  const r = rngOf(seed); // seeded: a seed always gives the same page
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const between = (a: number, b: number) => a + r() * (b - a);
  const columns = pick([1, 2, 2, 2, 3, 3, 4]);
  const face = pick(FACES);
  const size = Math.round(between(columns >= 3 ? 7.5 : 8.5, columns >= 3 ? 9.5 : 11) * 2) / 2;
  const leading = between(1.1, 1.4).toFixed(2);
  const gapIn = between(0.18, 0.4);
  const marginIn = between(0.55, 0.9);
  const justify = r() < 0.6;
  const rule = r() < 0.3;
  const truth: string[] = [];
  const body: string[] = [];
  let sentence = Math.floor(r() * sentences.length);
  const nextSentence = () => sentences[sentence++ % sentences.length]!;
  const paragraph = (n: number) => Array.from({ length: n }, nextSentence).join(' ');
  const put = (html: string, text: string) => {
    body.push(html);
    truth.push(text);
  };

  // Full-width head: title, authors, abstract (or an abstract inside the first column).
  const title = nextSentence().split(' ').slice(0, 4 + Math.floor(r() * 6)).join(' ').replace(/[,.;:]$/, '');
  const head: string[] = [`<h1>${esc(title)}</h1>`];
  truth.push(title);
  if (r() < 0.8) {
    const authors = Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(NAMES));
    const place = pick(PLACES);
    head.push(`<p class="authors">${authors.map(esc).join(', ')}<br>${esc(place)}</p>`);
    truth.push(`${authors.join(', ')} ${place}`);
  }
  const abstractWide = columns > 1 && r() < 0.6;
  if (abstractWide) {
    const text = paragraph(3 + Math.floor(r() * 3));
    head.push(`<p class="abstract"><b>Abstract.</b> ${esc(text)}</p>`);
    truth.push(`Abstract. ${text}`);
  }
  const sections = 3 + Math.floor(r() * 4);
  let figure = 1, table = 1;
  for (let s = 1; s <= sections; s++) {
    const heading = `${s} ${nextSentence().split(' ').slice(0, 2 + Math.floor(r() * 3)).join(' ').replace(/[,.;:]$/, '')}`;
    put(`<h2>${esc(heading)}</h2>`, heading);
    if (s === 1 && columns > 1 && !abstractWide) {
      const text = paragraph(3);
      put(`<p>${esc(text)}</p>`, text);
    }
    const blocks = 1 + Math.floor(r() * 4);
    for (let b = 0; b < blocks; b++) {
      const roll = r();
      if (roll < 0.12) {
        const ordered = r() < 0.5;
        const items = Array.from({ length: 2 + Math.floor(r() * 4) }, () => paragraph(1));
        put(`<${ordered ? 'ol' : 'ul'}>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</${ordered ? 'ol' : 'ul'}>`, items.join(' '));
      } else if (roll < 0.2 && columns > 1) {
        const caption = `Figure ${figure++}: ${paragraph(1)}`;
        const bars = Array.from({ length: 5 + Math.floor(r() * 6) }, (_, i) => `<rect x="${20 + i * 40}" y="${120 - Math.round(between(10, 100))}" width="28" height="100" fill="#${pick(['4477aa', 'cc6677', '228833', 'aa3377'])}"/>`).join('');
        put(`<div class="figure"><svg width="460" height="120" viewBox="0 0 460 120">${bars}<line x1="10" y1="120" x2="450" y2="120" stroke="black"/></svg><p class="caption">${esc(caption)}</p></div>`, caption);
      } else if (roll < 0.26) {
        const rows = 3 + Math.floor(r() * 3);
        const cells = Array.from({ length: rows }, (_, i) => `<tr>${[`Item ${i + 1}`, String(Math.round(between(1, 999))), `${between(0, 100).toFixed(1)}%`].map((c) => (i === 0 ? `<th>${c}</th>` : `<td>${c}</td>`)).join('')}</tr>`).join('');
        const caption = `Table ${table++}: ${nextSentence().split(' ').slice(0, 6).join(' ')}`;
        put(`<p class="caption">${esc(caption)}</p><table>${cells}</table>`, caption);
      } else {
        const text = paragraph(1 + Math.floor(r() * 4));
        put(`<p>${esc(text)}</p>`, text);
      }
    }
  }
  if (r() < 0.4) {
    const note = `1 ${paragraph(1)}`;
    body.push(`<p class="footnote">${esc(note)}</p>`);
    truth.push(note);
  }
  const pageW = 612;
  const contentW = pageW - 2 * marginIn * 72;
  const colW = (contentW - (columns - 1) * gapIn * 72) / columns;
  const gutters = Array.from({ length: columns - 1 }, (_, i) => marginIn * 72 + (i + 1) * colW + i * gapIn * 72 + (gapIn * 72) / 2);
  const css = `@page { size: Letter; margin: ${marginIn.toFixed(2)}in; }
body { font-family: '${face}'; font-size: ${size}pt; line-height: ${leading}; margin: 0; }
h1 { font-size: ${size + 7}pt; text-align: center; margin: 0 0 6pt; }
.authors { text-align: center; font-style: italic; }
.abstract { margin: 6pt ${r() < 0.5 ? '0.4in' : '0'}; }
.cols { column-count: ${columns}; column-gap: ${gapIn.toFixed(2)}in; ${rule ? 'column-rule: 0.5pt solid #888;' : ''} text-align: ${justify ? 'justify' : 'left'}; }
h2 { font-size: ${size + 2}pt; margin: 8pt 0 3pt; }
p { margin: 0 0 ${r() < 0.5 ? '4pt' : '0'}; ${r() < 0.4 ? 'text-indent: 1.2em;' : ''} }
.figure { column-span: all; text-align: center; margin: 8pt 0; }
.caption { font-size: ${size - 0.5}pt; text-indent: 0; }
table { border-collapse: collapse; margin: 4pt auto; font-size: ${size - 0.5}pt; }
td, th { border: 0.5pt solid #444; padding: 1pt 4pt; }
.footnote { column-span: all; font-size: ${size - 1.5}pt; border-top: 0.5pt solid black; margin-top: 8pt; padding-top: 2pt; }`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body>${head.join('')}<div class="cols">${body.join('\n')}</div></body></html>`;
  return { name: `synthetic-${seed}`, html, truth: truth.join('\n'), columns, gutters };
}

/** The document printed to PDF by headless Chromium (cached by name in `dir`). */
export function printPdf(doc: SyntheticDoc, dir: string): string {
  const pdf = path.join(dir, `${doc.name}.pdf`);
  const html = path.join(dir, `${doc.name}.html`);
  if (fs.existsSync(pdf) && fs.existsSync(html) && fs.readFileSync(html, 'utf8') === doc.html) return pdf;
  fs.writeFileSync(html, doc.html);
  execFileSync('chromium', ['--headless', '--no-sandbox', '--disable-gpu', `--print-to-pdf=${pdf}`, '--no-pdf-header-footer', html], { stdio: 'ignore', timeout: 60_000 });
  return pdf;
}
