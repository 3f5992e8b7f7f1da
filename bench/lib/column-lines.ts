/**
 * Column checks for reading order (issue 27 item 1), shared by bench/reading-order.ts and
 * test/parse/columns.test.ts. A page's column gutters are found from pdftotext's own lines
 * (`-bbox-layout`, poppler's reading, independent of Quire's): the x where fewest poppler
 * lines cross, with body lines wholly on both sides. A segment's words (its `ocr` entries,
 * in its reading order) are grouped into lines; a line's column is the gutter side its
 * x-range falls on (a line that crosses a gutter is full-width and has no column). A
 * segment that holds lines of two columns is the failure issue 27 describes.
 */
import { execFileSync } from 'node:child_process';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Word {
  text: string;
  bbox: Box;
}

export interface SegmentLike {
  segment_type: string;
  page_number: number;
  content: string;
  ocr: Word[] | null;
}

interface PopplerLine {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** poppler's lines of one page (points, top-left origin). */
export function popplerLines(file: string, page: number): PopplerLine[] {
  const xml = execFileSync('pdftotext', ['-bbox-layout', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const out: PopplerLine[] = [];
  for (const m of xml.matchAll(/<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">/g)) {
    out.push({ x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]) });
  }
  return out;
}

/**
 * Gutters of a page with `columns` columns: the x positions (points) that fewest poppler
 * lines cross, searched in the page's body (10 %–90 % of the text's width), at least a
 * fifth of the text's width apart, and each with lines wholly on both sides.
 */
export function findGutters(lines: readonly PopplerLine[], columns: number): number[] {
  if (columns < 2 || lines.length === 0) return [];
  const lo = Math.min(...lines.map((l) => l.x0));
  const hi = Math.max(...lines.map((l) => l.x1));
  const span = hi - lo;
  const scored: Array<{ x: number; crossing: number; side: number }> = [];
  for (let x = lo + span * 0.1; x <= lo + span * 0.9; x += 1) {
    const crossing = lines.filter((l) => l.x0 < x && l.x1 > x).length;
    const left = lines.filter((l) => l.x1 <= x).length;
    const right = lines.filter((l) => l.x0 >= x).length;
    scored.push({ x, crossing, side: Math.min(left, right) });
  }
  const picked: number[] = [];
  const candidates = scored.filter((s) => s.side >= 5).sort((a, b) => a.crossing - b.crossing || b.side - a.side);
  for (const c of candidates) {
    if (picked.length === columns - 1) break;
    if (picked.every((p) => Math.abs(p - c.x) >= span / 5)) {
      // Centre of the run of equally good x around this one.
      let a = c.x, b = c.x;
      while (scored.some((s) => s.x === a - 1 && s.crossing === c.crossing)) a -= 1;
      while (scored.some((s) => s.x === b + 1 && s.crossing === c.crossing)) b += 1;
      picked.push(Math.round((a + b) / 2));
    }
  }
  return picked.sort((a, b) => a - b);
}

/** A segment's words grouped into lines: a new line where the words stop sharing a row or jump back or far right. */
export function segmentLines(words: readonly Word[]): Word[][] {
  const lines: Word[][] = [];
  let cur: Word[] = [];
  for (const w of words) {
    const prev = cur[cur.length - 1];
    if (prev) {
      const h = Math.max(prev.bbox.height, w.bbox.height, 1);
      // Overlap relative to the smaller box: an OCR comma's box is a third of a word's.
      const small = Math.max(1, Math.min(prev.bbox.height, w.bbox.height));
      const overlap = Math.min(prev.bbox.top + prev.bbox.height, w.bbox.top + w.bbox.height) - Math.max(prev.bbox.top, w.bbox.top);
      const gap = w.bbox.left - (prev.bbox.left + prev.bbox.width);
      if (overlap < 0.3 * small || gap < -h || gap > 2.5 * h) {
        lines.push(cur);
        cur = [];
      }
    }
    cur.push(w);
  }
  if (cur.length) lines.push(cur);
  return lines;
}

/** Column index of a line (0 = left of the first gutter), or -1 when it crosses a gutter. */
export function lineColumn(line: readonly Word[], gutters: readonly number[], scale = 1): number {
  const x0 = Math.min(...line.map((w) => w.bbox.left)) / scale;
  const x1 = Math.max(...line.map((w) => w.bbox.left + w.bbox.width)) / scale;
  if (gutters.some((g) => x0 < g - 1 && x1 > g + 1)) return -1;
  return gutters.filter((g) => x0 >= g - 1).length;
}

export interface ColumnCheck {
  /** Text segments checked (tables and pictures are full-width objects, not text lines). */
  segments: number;
  /** Segments holding lines of two or more columns. */
  mixed: number;
  /** Column switches inside segments beyond the first (interleaved lines). */
  alternations: number;
  /** Content openings of the mixed segments, for reading. */
  examples: string[];
}

const NOT_TEXT = new Set(['Table', 'Picture', 'Formula']);

export function checkColumns(segments: readonly SegmentLike[], gutters: readonly number[], scale = 1): ColumnCheck {
  const res: ColumnCheck = { segments: 0, mixed: 0, alternations: 0, examples: [] };
  for (const s of segments) {
    if (NOT_TEXT.has(s.segment_type) || !s.ocr?.length) continue;
    res.segments++;
    const cols = segmentLines(s.ocr).map((l) => lineColumn(l, gutters, scale)).filter((c) => c >= 0);
    const distinct = new Set(cols);
    if (distinct.size > 1) {
      res.mixed++;
      if (res.examples.length < 3) res.examples.push(s.content.slice(0, 90).replace(/\s+/g, ' '));
    }
    let switches = 0;
    for (let i = 1; i < cols.length; i++) if (cols[i] !== cols[i - 1]) switches++;
    res.alternations += Math.max(0, switches - 1);
  }
  return res;
}
