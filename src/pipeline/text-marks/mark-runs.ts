/**
 * Marks text-layer runs with what the page draws over them: the URL of a link annotation
 * (`href`) and a strikethrough rule (`strike`). A run often holds several words of which
 * only some are linked or struck ("see the manual for details" with "manual" linked), so a
 * run is cut at word boundaries where its marks change; word positions inside a run are
 * estimated from its box with Helvetica's character widths scaled to the run (the run's
 * glyph positions are gone by now; equal widths put a narrow "40" before "dollars" a third of
 * a word off, proportional widths land inside the right word for common proportional fonts).
 *
 * Strikethrough is a horizontal rule through the middle band of the text (30-75% of the run's
 * height from its top): an underline sits at or below the baseline and a table rule between
 * lines, so neither is taken for one. Runs only carry these marks when the job asks
 * (`attach_hyperlinks`, `preserve_strikethrough`); default parses never come here.
 */
import type { BBox } from '../../model/document.js';
import type { LinkArea, PageContent, RuleLine, TextRun } from '../../model/page.js';

export interface TextMarkOptions {
  links: boolean;
  strike: boolean;
}

/** A rule strikes text when it lies in this band of the run's height (from the top). */
const STRIKE_BAND: readonly [number, number] = [0.3, 0.75];
/** Thicker than this (in font sizes) is a bar or a box edge, not a strikethrough line. */
const MAX_STRIKE_WIDTH_EM = 0.2;
/** A link area must cover this share of a word's height to claim it. */
const LINK_V_OVERLAP = 0.5;

interface Piece {
  text: string;
  left: number;
  right: number;
  href?: string;
  strike?: boolean;
}

export function markRuns(content: PageContent, opts: TextMarkOptions): PageContent {
  const links = opts.links ? (content.links ?? []) : [];
  const strikes = opts.strike ? content.rules.filter((r) => Math.abs(r.y1 - r.y0) < 0.5 && r.x1 - r.x0 > 1) : [];
  if (links.length === 0 && strikes.length === 0) return content;
  // OCR words of a PDF page are marked too: link annotations are page geometry.
  const runs = content.runs.flatMap((r) => ((r.dir ?? 0) === 0 ? markRun(r, links, strikes) : [r]));
  return { ...content, runs };
}

function markRun(run: TextRun, links: readonly LinkArea[], strikes: readonly RuleLine[]): TextRun[] {
  const b = run.bbox;
  const near = (box: BBox) => box.left < b.left + b.width && box.left + box.width > b.left && box.top < b.top + b.height && box.top + box.height > b.top;
  const myLinks = links.filter((l) => near(l.bbox));
  const bandTop = b.top + STRIKE_BAND[0] * b.height;
  const bandBottom = b.top + STRIKE_BAND[1] * b.height;
  const myStrikes = strikes.filter((s) => s.y0 >= bandTop && s.y0 <= bandBottom && s.width <= MAX_STRIKE_WIDTH_EM * run.fontSize + 0.5 && s.x0 < b.left + b.width && s.x1 > b.left);
  if (myLinks.length === 0 && myStrikes.length === 0) return [run];
  if (!/\S/.test(run.text)) return [run];

  const pieces: Piece[] = words(run).map((w) => {
    const mid = (w.left + w.right) / 2;
    const link = myLinks.find((l) => mid >= l.bbox.left && mid <= l.bbox.left + l.bbox.width && verticalShare(l.bbox, b) >= LINK_V_OVERLAP);
    // A word is struck when the rule runs through most of it.
    const struck = myStrikes.some((s) => Math.min(s.x1, w.right) - Math.max(s.x0, w.left) >= 0.6 * (w.right - w.left));
    return { ...w, ...(link ? { href: link.href } : {}), ...(struck ? { strike: true } : {}) };
  });
  // Neighbouring words with the same marks stay one run.
  const groups: Piece[] = [];
  for (const p of pieces) {
    const last = groups[groups.length - 1];
    if (last && last.href === p.href && last.strike === p.strike) {
      last.text += ' ' + p.text;
      last.right = p.right;
    } else groups.push({ ...p });
  }
  if (groups.length === 1 && groups[0]!.href === undefined && groups[0]!.strike === undefined) return [run];
  if (groups.length === 1) return [{ ...run, ...marksOf(groups[0]!) }];
  return groups.map((g) => ({ ...run, text: g.text, bbox: { left: g.left, top: b.top, width: g.right - g.left, height: b.height }, ...marksOf(g) }));
}

function marksOf(p: Piece): Partial<TextRun> {
  return { ...(p.href ? { href: p.href } : {}), ...(p.strike ? { strike: true } : {}) };
}

function verticalShare(area: BBox, b: BBox): number {
  const overlap = Math.min(area.top + area.height, b.top + b.height) - Math.max(area.top, b.top);
  return b.height > 0 ? Math.max(0, overlap) / b.height : 0;
}

/** Helvetica advance widths (1/1000 em) of printable ASCII, from space (32) to tilde (126). */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const charWidth = (c: number): number => (c >= 32 && c <= 126 ? HELVETICA[c - 32]! : c < 32 ? 0 : 556);

/** The run's words with their estimated horizontal extent (proportional character widths). */
function words(run: TextRun): Array<{ text: string; left: number; right: number }> {
  const text = run.text;
  const cum = [0];
  for (let i = 0; i < text.length; i++) cum.push(cum[i]! + charWidth(text.charCodeAt(i)));
  const total = cum[text.length]! || 1;
  const x = (i: number) => run.bbox.left + (run.bbox.width * cum[i]!) / total;
  const out: Array<{ text: string; left: number; right: number }> = [];
  for (const m of text.matchAll(/\S+/g)) {
    const start = m.index;
    out.push({ text: m[0], left: x(start), right: x(start + m[0].length) });
  }
  return out;
}
