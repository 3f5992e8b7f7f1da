/**
 * Vertical CJK pages (issue 29 item 3): columns of glyphs read top to bottom, columns right
 * to left. Tesseract reads them only with its vertical language data (`jpn_vert`,
 * `chi_tra_vert`, `chi_sim_vert`, `kor_vert`): its horizontal models read the columns as rows
 * of unrelated characters, and the page's own layout then ordered the right words wrongly
 * (columns left to right, glyphs by their x). So, on a page whose English reading is doubtful
 * and whose ink stands in vertical columns (ocr/vertical-columns.ts):
 *
 * - with vertical data installed, the page is read with it (the best reading of at most three,
 *   mean word confidence ≥ 0.6), its lines put right to left, and the page is laid out in the
 *   frame turned a quarter counter-clockwise (rotation 270): there the columns are horizontal
 *   lines in reading order, so line building, blocks and reading order work as for any page;
 * - without it, the page's note says the text is vertical, in which script OSD sees it, and
 *   which package to install; the words read (a horizontal reading) keep confidence ≤ 0.1.
 *
 * A page that English reads well never gets here, and a page whose ink is not in columns
 * pays one ink-mask pass (milliseconds). OSD, when it names a non-CJK script with a clear
 * margin, vetoes: rotated Latin text is the orientation logic's business.
 */
import type { RasterImage } from '../../engines/ocr/interface.js';
import { installedLanguages } from '../../engines/ocr/installed-languages.js';
import { detectScript, type ScriptDetection } from '../../engines/ocr/script-detector.js';
import type { TextRun } from '../../model/page.js';
import { inkMask } from '../ocr/ink-mask.js';
import { ocrPage, type OcrPageOptions, type OcrPageOutput } from '../ocr/ocr-page.js';
import { detectVerticalColumns } from '../ocr/vertical-columns.js';

/** Vertical language data by the script OSD names (first: the package suggested). */
const VERTICAL_LANGUAGES: Record<string, string[]> = {
  Han: ['jpn_vert', 'chi_tra_vert', 'chi_sim_vert'],
  Japanese: ['jpn_vert'],
  Hiragana: ['jpn_vert'],
  Katakana: ['jpn_vert'],
  Hangul: ['kor_vert'],
  Korean: ['kor_vert'],
};
/** Packages that exist on npm (`@tesseract.js-data/<lang>`; chi_sim_vert does not). */
const NPM_VERTICAL = ['jpn_vert', 'chi_tra_vert', 'kor_vert'];
/** An English reading under this mean confidence is doubtful (as in page-languages.ts). */
const DOUBTFUL_CONFIDENCE = 0.75;
/** OSD naming another script with this margin vetoes vertical CJK. */
const VETO_MARGIN = 0.5;
const MAX_READINGS = 3;
const ACCEPT_CONFIDENCE = 0.6;
const NOT_READ_CONFIDENCE = 0.1;
/** Clockwise quarter turn of the frame in which the columns read as lines, in order. */
const VERTICAL_FRAME_ROTATION = 270;

export interface VerticalReading {
  output: OcrPageOutput;
  warnings: string[];
  script: ScriptDetection | null;
}

/** Null unless the page is vertical CJK by its ink (then: its reading, or a note). */
export async function readVerticalText(first: OcrPageOutput, engineName: string, options: OcrPageOptions): Promise<VerticalReading | null> {
  const m = first.meta;
  if (m.blank || (m.wordCount === 0 && !m.unreadable)) return null;
  if (!m.unreadable && (m.meanConfidence ?? 0) >= DOUBTFUL_CONFIDENCE) return null;
  const mask = await inkMask(first.raster);
  const verdict = detectVerticalColumns(mask);
  if (!verdict.vertical) return null;
  // Column bands of the ink in page units: cleaner than the engine's vertical word boxes.
  const unit = (options.pageWidth ?? first.raster.width) / first.raster.width / mask.scale;
  const bands = verdict.columns.map((c) => ({ left: c.left * unit, right: c.right * unit }));
  const script = await detectScript(first.raster).catch(() => null);
  if (script && !VERTICAL_LANGUAGES[script.script] && script.confidence >= VETO_MARGIN) return null;
  const tag = `vertical text in ${verdict.columns.length} column${verdict.columns.length === 1 ? '' : 's'}` + (script ? `, script ${script.script} (tesseract OSD, margin ${script.confidence.toFixed(2)})` : '');
  const installed = installedLanguages();
  const { candidates, suggest } = verticalLanguageChoice(script?.script ?? null, installed);
  const best = await bestVerticalReading(first.raster, engineName, options, candidates);
  if (best) {
    const output = { ...best.output, runs: columnsRightToLeft(best.output.runs, bands), meta: { ...best.output.meta, rotation: VERTICAL_FRAME_ROTATION as 270, skewDegrees: 0 } };
    return { output, script, warnings: [`read with the ${best.language} language data, columns right to left: ${tag}`] };
  }
  const runs = first.runs.map((r) => ({ ...r, confidence: Math.min(r.confidence ?? 0, NOT_READ_CONFIDENCE) }));
  const note =
    `${tag}: no installed OCR language reads vertical text (installed: ${installed.join(', ')}); ` +
    `install one to read it: npm install ${suggest.map((l) => `@tesseract.js-data/${l}`).join(' or ')}` +
    (runs.length ? `. The ${runs.length} words shown are a horizontal reading, confidence ≤ ${NOT_READ_CONFIDENCE}` : '');
  return { output: { ...first, runs }, script, warnings: [note] };
}

/**
 * Vertical languages to read a page of `script` with (installed ones: the script's own first,
 * then any other vertical data), and the npm packages to suggest when there are none.
 */
export function verticalLanguageChoice(script: string | null, installed: readonly string[]): { candidates: string[]; suggest: string[] } {
  const wanted = script && VERTICAL_LANGUAGES[script] ? VERTICAL_LANGUAGES[script]! : VERTICAL_LANGUAGES.Han!;
  const candidates = [...wanted, ...installed.filter((l) => l.endsWith('_vert') && !wanted.includes(l))].filter((l) => installed.includes(l));
  return { candidates, suggest: wanted.filter((l) => NPM_VERTICAL.includes(l)) };
}

async function bestVerticalReading(raster: RasterImage, engineName: string, options: OcrPageOptions, languages: string[]): Promise<{ language: string; output: OcrPageOutput } | null> {
  const { getOcrEngine } = await import('../../engines/ocr/factory.js');
  let best: { language: string; output: OcrPageOutput } | null = null;
  for (const language of languages.slice(0, MAX_READINGS)) {
    // The vertical model finds the columns itself; turning the page would only hide them.
    const output = await ocrPage(raster, await getOcrEngine(engineName, { languages: [language] }), { ...options, detectOrientation: false, deskew: false });
    const conf = output.meta.meanConfidence ?? 0;
    if (output.meta.unreadable || output.runs.length === 0 || conf < ACCEPT_CONFIDENCE) continue;
    if (!best || conf > (best.output.meta.meanConfidence ?? 0)) best = { language, output };
  }
  return best;
}

/**
 * The page's words as columns: ordered right to left, each top to bottom. Tesseract's boxes
 * of vertical words are loose (a kana's box twice the column's width, reaching into the next
 * column) and it may cut one column into several lines, which it orders as it likes: so each
 * word goes to the ink's column band (`bands`) holding its centre (the nearest when none
 * does), takes the band's left and width, and the band's thickness as font size, and its box
 * reaches down to the next word's (so the column has no blank rows: see below). Without
 * bands, the engine's lines (runs up to each `eol`) are the columns.
 */
export function columnsRightToLeft(runs: TextRun[], bands: Array<{ left: number; right: number }> = []): TextRun[] {
  const round = (v: number) => Math.round(v * 100) / 100;
  const centre = (r: TextRun) => r.bbox.left + r.bbox.width / 2;
  const columns: Array<{ x: number; band: { left: number; right: number } | null; runs: TextRun[] }> = [];
  if (bands.length) {
    const byBand = bands.map((band) => ({ x: (band.left + band.right) / 2, band, runs: [] as TextRun[] }));
    for (const r of runs) {
      const c = centre(r);
      const dist = (b: { left: number; right: number }) => (c < b.left ? b.left - c : c > b.right ? c - b.right : 0);
      byBand.reduce((a, b) => (dist(b.band) < dist(a.band) ? b : a)).runs.push(r);
    }
    columns.push(...byBand.filter((c) => c.runs.length));
  } else {
    let cur: TextRun[] = [];
    for (const r of runs) {
      cur.push(r);
      if (r.eol) {
        columns.push({ x: median(cur.map(centre)), band: null, runs: cur });
        cur = [];
      }
    }
    if (cur.length) columns.push({ x: median(cur.map(centre)), band: null, runs: cur });
  }
  return columns
    .sort((a, b) => b.x - a.x)
    .flatMap(({ band, runs: col }) => {
      const size = round(band ? band.right - band.left : median(col.map((r) => r.bbox.width)));
      const sorted = [...col].sort((a, b) => a.bbox.top - b.bbox.top);
      return sorted.map((r, i): TextRun => {
        const { eol: _eol, ...rest } = r;
        // Glyphs of a grid leave blank rows across all columns, which the columns' frame sees
        // as gutters between "columns": each word reaches down to the next one (gaps under 2 em).
        const next = sorted[i + 1];
        const gap = next ? next.bbox.top - (r.bbox.top + r.bbox.height) : 0;
        const height = gap > 0 && gap < 2 * size ? round(next!.bbox.top - r.bbox.top) : r.bbox.height;
        const bbox = band ? { ...r.bbox, left: round(band.left), width: size, height } : { ...r.bbox, height };
        return i === sorted.length - 1 ? { ...rest, bbox, fontSize: size, eol: true } : { ...rest, bbox, fontSize: size };
      });
    });
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : 0;
}
