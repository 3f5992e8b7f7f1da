/**
 * Charts that are not read into data still make one Picture with their labels (issue 29
 * item 6). Scatter plots, curves with markers, raster plots with a text layer: their tick
 * labels would otherwise become Text, PageHeader or PageFooter segments and the drawing
 * a Picture without them, or none. A chart's frame is found from its axes' labels alone:
 * a column of numbers at one step (the value axis) meeting, at its lower end, a row of
 * numbers at one step (the x axis), with painted marks (paths or an image) between them.
 * The frame takes in the drawing's paths and images that cross it and the axis titles
 * beside it. Pure.
 */
import type { BBox } from '../../model/document.js';
import type { PageContent, TextRun } from '../../model/page.js';
import { type ChartText, PageTexts, bottom, contains, cx, cy, fitAxis, medianSize, right, tickCharsWithDigit, tickNumber, union } from './chart-geometry.js';

export interface ChartFrame {
  box: BBox;
  runIndices: number[];
}

/** Three or more numbers at one step whose positions fit a line (2 % of their span). */
function evenAxis(ts: ChartText[], pos: (t: ChartText) => number): boolean {
  if (ts.length < 3) return false;
  const vs = ts.map((t) => tickNumber(t.text)!);
  const sorted = vs.slice().sort((a, b) => a - b);
  const steps = sorted.slice(1).map((v, k) => v - sorted[k]!);
  const step = steps.slice().sort((a, b) => a - b)[steps.length >> 1]!;
  if (!(step > 0) || steps.some((d) => Math.abs(d - step) > 0.01 * step)) return false;
  const fit = fitAxis(ts.map((t, k) => ({ pos: pos(t), value: vs[k]! })));
  return !!fit && fit.error <= 0.02 * (sorted[sorted.length - 1]! - sorted[0]!);
}

/**
 * Runs of texts lined up along one edge (key), consecutive along the other (pos) with gaps
 * under `gap`; `breaks` cuts a run before a text too (numbers: where they turn).
 */
function lines(nums: ChartText[], key: (t: ChartText) => number, pos: (t: ChartText) => number, gap: number, breaks = turns): ChartText[][] {
  const out: ChartText[][] = [];
  const seen = new Set<ChartText>();
  for (const t of nums) {
    if (seen.has(t)) continue;
    const same = nums.filter((o) => Math.abs(key(o) - key(t)) <= 2).sort((a, b) => pos(a) - pos(b));
    let cur: ChartText[] = [];
    for (const o of same) {
      if (cur.length && (pos(o) - pos(cur[cur.length - 1]!) > gap || breaks(cur, o))) {
        if (cur.length >= 3) out.push(cur);
        cur = [];
      }
      cur.push(o);
    }
    if (cur.length >= 3) out.push(cur);
    same.forEach((o) => seen.add(o));
  }
  return out;
}

/**
 * `next` does not go on the way `cur`'s numbers go (up or down, never equal): two charts stacked
 * on one value axis line ("0.25 … 0.00" above "0.25 … 0.00") are two axes, not one column
 * whose repeated numbers fit no step.
 */
function turns(cur: readonly ChartText[], next: ChartText): boolean {
  const last = tickNumber(cur[cur.length - 1]!.text)!;
  const v = tickNumber(next.text)!;
  if (v === last) return true;
  if (cur.length < 2) return false;
  return Math.sign(last - tickNumber(cur[cur.length - 2]!.text)!) !== Math.sign(v - last);
}

/** Ticks a value axis needs when its x axis is labels (dates, categories), not numbers. */
const MIN_LABELLED_COLUMN = 4;

/**
 * Category or date axes ("Jan-08 Jul-08 Jan-09 …", "North South East"): three short labels or
 * more on one baseline, not numbers and none twice, their centres at one step (within a tenth
 * of it) and apart by more than the widest label. A line of prose set word by word has no such step.
 */
function labelRows(texts: readonly ChartText[], em: number): ChartText[][] {
  const labels = texts.filter((t) => t.text.length <= 12 && t.text.split(/\s+/).length <= 2 && t.box.width < 6 * em && /[\p{L}\p{N}]/u.test(t.text) && tickNumber(t.text) === null);
  if (labels.length < 3) return [];
  // A label seen before on the row starts another chart's axis (two charts side by side).
  const repeats = (cur: readonly ChartText[], next: ChartText) => cur.some((c) => c.text === next.text);
  return lines(labels, (t) => cy(t.box), (t) => cx(t.box), 12 * em, repeats).filter((r) => {
    const steps = r.slice(1).map((t, k) => cx(t.box) - cx(r[k]!.box));
    const step = steps.slice().sort((a, b) => a - b)[steps.length >> 1]!;
    return step > Math.max(...r.map((t) => t.box.width)) && steps.every((d) => Math.abs(d - step) <= 0.1 * step);
  });
}

/**
 * A run of several numbers ("2 3 4 5 6", one text item in some PDFs' x axes) as one text per
 * number, each placed by its characters' share of the run's width.
 */
function splitNumbers(t: ChartText): ChartText[] {
  const parts = t.text.split(/\s+/);
  if (parts.length < 2 || !parts.every((p) => tickNumber(p) !== null)) return [t];
  const out: ChartText[] = [];
  const per = t.box.width / t.text.length;
  let at = 0;
  for (const p of parts) {
    const k = t.text.indexOf(p, at);
    out.push({ ...t, text: p, box: { ...t.box, left: t.box.left + k * per, width: p.length * per } });
    at = k + p.length;
  }
  return out;
}

export function findChartFrames(content: PageContent, runs: readonly TextRun[], exclude: readonly BBox[], upright: PageTexts = new PageTexts(runs)): ChartFrame[] {
  const outside = (t: ChartText) => !exclude.some((e) => contains(e, t.box));
  // Cheap test first: a frame needs a column of tick numbers outside the page's blocks (four at
  // least, beside a row of labels), and most pages (prose) have none; only then every text is
  // checked against every block (runs × blocks).
  // (Only texts of digits and tick signs can be numbers or runs of them, splitNumbers; the
  // page's texts join a number drawn in pieces, chartTexts.)
  const withDigits = upright.texts.filter((t) => tickCharsWithDigit(t.text));
  const numeric = withDigits.filter(outside).flatMap(splitNumbers).filter((t) => tickNumber(t.text) !== null);
  if (numeric.length < MIN_LABELLED_COLUMN) return [];
  const texts = upright.texts.filter(outside);
  const em = medianSize(texts);
  const nums = numeric.filter((t) => t.box.width < 6 * em);
  if (nums.length < MIN_LABELLED_COLUMN) return [];
  const columns = lines(nums, (t) => right(t.box), (t) => cy(t.box), 6 * em).filter((c) => evenAxis(c, (t) => cy(t.box)));
  if (columns.length === 0) return [];
  const rows = lines(nums, (t) => cy(t.box), (t) => cx(t.box), 12 * em).filter((r) => evenAxis(r, (t) => cx(t.box)));
  let labels: ChartText[][] | undefined; // rows of labels, made only for a column that no row of numbers meets
  // (Not a band across the page's whole width: the page's background, drawn in image strips.)
  const marks = [...content.graphics, ...content.rects, ...content.images].filter((m) => m.width < 0.95 * content.width);
  const frames: ChartFrame[] = [];
  for (const col of columns) {
    const low = col[col.length - 1]!;
    const colBox = union(col.map((t) => t.box));
    // The x axis's row: just under the column's lowest label (or a step under it, where the
    // axis's zero is not printed: "140 … 20" over "0-4 5-14 …"), starting near its right edge.
    const pitch = (cy(low.box) - cy(col[0]!.box)) / (col.length - 1);
    const meets = (r: ChartText[]) => {
      const rb = union(r.map((t) => t.box));
      return rb.top >= cy(low.box) - 0.5 * em && rb.top <= bottom(low.box) + Math.max(2 * em, 1.2 * pitch) && r[0]!.box.left >= colBox.left && cx(r[0]!.box) <= right(colBox) + 0.25 * rb.width;
    };
    const row = rows.find(meets) ?? (col.length >= MIN_LABELLED_COLUMN ? (labels ??= labelRows(texts, em)).find(meets) : undefined);
    if (!row) continue;
    const axes = union([...col, ...row].map((t) => t.box));
    const plot = { left: right(colBox), top: colBox.top, width: right(axes) - right(colBox), height: Math.max(0, cy(low.box) - colBox.top) };
    const drawn = marks.filter((m) => contains(plot, m) || (m.width * m.height > 0.25 * plot.width * plot.height && Math.min(right(m), right(plot)) > Math.max(m.left, plot.left) && Math.min(bottom(m), bottom(plot)) > Math.max(m.top, plot.top)));
    if (drawn.length < 3 && !content.images.some((i) => drawn.includes(i))) continue;
    let box = union([axes, ...drawn.filter((m) => m.width < 2 * axes.width && m.height < 2 * axes.height)]);
    box = union([box, ...axisTitles(box, texts, em).map((t) => t.box)]);
    if (frames.some((f) => contains(f.box, box) || contains(box, f.box))) continue;
    frames.push({ box, runIndices: texts.filter((t) => contains(box, t.box)).map((t) => t.i) });
  }
  return frames;
}

const CAPTION = /^(fig(ure)?|chart|graph|plot|table|tab|source|sources|note|notes|exhibit|abb(ildung)?)\b/i;

/** `c` and the texts after it on its baseline (centres within half an em), each within 1.5 em of the one before. */
function runOn(c: ChartText, texts: readonly ChartText[], em: number): ChartText[] {
  const after = texts.filter((o) => Math.abs(cy(o.box) - cy(c.box)) < 0.5 * em && o.box.left >= c.box.left - 0.5).sort((a, b) => a.box.left - b.box.left);
  const line = [c];
  for (const o of after) {
    if (o === c) continue;
    if (o.box.left - right(line[line.length - 1]!.box) >= 1.5 * em) break;
    line.push(o);
  }
  return line;
}

/**
 * Axis titles: short text just left of a chart's box (the value axis's) or just under it
 * (the x axis's); a caption's line ("Figure 3: …", "Source: …") is not a title.
 */
export function axisTitles(box: BBox, texts: readonly ChartText[], em: number): ChartText[] {
  // A caption's line: the caption's run and the runs that follow it on its baseline with gaps
  // under 1.5 em (a caption in the next column, level with a title under the chart, is not).
  const captionLines = texts.filter((t) => CAPTION.test(t.text)).map((c) => runOn(c, texts, em));
  const onCaptionLine = (t: ChartText) => captionLines.some((line) => line.includes(t));
  // A title under the chart is a whole short line lying under it (not the start of a note's line).
  const shortLineUnder = (t: ChartText) => {
    // The runs of t's line joined to it by gaps under 1.5 em on either side.
    const row = texts.filter((o) => Math.abs(cy(o.box) - cy(t.box)) < 0.4 * em).sort((a, c) => a.box.left - c.box.left);
    const k = row.indexOf(t);
    let [i, j] = [k, k];
    while (i > 0 && row[i]!.box.left - right(row[i - 1]!.box) < 1.5 * em) i--;
    while (j < row.length - 1 && row[j + 1]!.box.left - right(row[j]!.box) < 1.5 * em) j++;
    const line = row.slice(i, j + 1);
    return line.reduce((n, o) => n + o.text.length + 1, 0) <= 60 && line.every((o) => o.box.left >= box.left - em && right(o.box) <= right(box) + em);
  };
  return texts.filter((t) => !contains(box, t.box) && t.text.length <= 60 && !onCaptionLine(t) && (t.box.top < bottom(box) - 1 || shortLineUnder(t)) && ((right(t.box) <= box.left + 1 && right(t.box) >= box.left - 3 * em && cy(t.box) >= box.top && cy(t.box) <= bottom(box)) || (t.box.top >= bottom(box) - 1 && t.box.top <= bottom(box) + 1.5 * em && cx(t.box) >= box.left && cx(t.box) <= right(box))));
}
