/**
 * The OCR engine's own lines (issue 27 item 1). On a page read by OCR, tesseract has
 * already found the lines, and found them well (the `tesseract` CLI's text of a scanned
 * two-column page is within 0.1 % CER of the PDF's), while regrouping its words into rows
 * by vertical overlap, as a text layer's runs are grouped, fails on OCR boxes: a word
 * without ascenders ("a,", "nec,") has a box lower than its neighbours' and overlaps the
 * other column's line better, so it left its line, and the next hyphenation joined the
 * wrong words ("Maece-" + "a,"). So OCR runs keep the engine's lines (a run marked `eol`
 * ends one); build-lines still cuts each of them at column gutters and wide gaps, because
 * an engine line that runs across a gutter holds two columns' lines.
 * Only when every run is an OCR run and the engine marked line ends; otherwise (a text
 * layer, or runs from elsewhere) null, and rows are formed by overlap as before.
 */
import type { TextRun } from '../../model/page.js';

export interface EngineRow {
  top: number;
  bottom: number;
  size: number;
  runs: TextRun[];
}

export function engineRows(runs: readonly TextRun[], keep: (r: TextRun) => boolean): EngineRow[] | null {
  if (runs.length === 0 || runs.some((r) => r.source !== 'ocr') || !runs.some((r) => r.eol)) return null;
  const rows: EngineRow[] = [];
  let cur: TextRun[] = [];
  const close = () => {
    const kept = cur.filter(keep);
    cur = [];
    if (kept.length === 0) return;
    const top = Math.min(...kept.map((r) => r.bbox.top));
    const bottom = Math.max(...kept.map((r) => r.bbox.top + r.bbox.height));
    rows.push({ top, bottom, size: Math.max(...kept.map((r) => r.fontSize)), runs: kept });
  };
  for (const r of runs) {
    cur.push(r);
    if (r.eol) close();
  }
  close();
  return rows;
}
