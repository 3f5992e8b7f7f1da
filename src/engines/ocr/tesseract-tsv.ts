/**
 * Tesseract's TSV output (GetTSVText / the CLI's `tsv` config) → words and lines.
 * Columns: level page_num block_num par_num line_num word_num left top width height conf text.
 * Level 5 rows are words; a line is the run of words sharing (block, par, line).
 */
import type { OcrLine, OcrPageResult, OcrWord } from './interface.js';

const WORD_LEVEL = '5';

export function parseTesseractTsv(tsv: string, width: number, height: number, engine: string): OcrPageResult {
  const words: OcrWord[] = [];
  const lines: OcrLine[] = [];
  let lineKey = '';
  let charWeighted = 0;
  let chars = 0;

  const closeLine = () => {
    const line = lines[lines.length - 1];
    if (!line || line.endWord !== -1) return;
    line.endWord = words.length;
    const ws = words.slice(line.firstWord, line.endWord);
    line.text = ws.map((w) => w.text).join(' ');
    line.confidence = ws.reduce((s, w) => s + w.confidence, 0) / ws.length;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const w of ws) {
      x0 = Math.min(x0, w.bbox.left);
      y0 = Math.min(y0, w.bbox.top);
      x1 = Math.max(x1, w.bbox.left + w.bbox.width);
      y1 = Math.max(y1, w.bbox.top + w.bbox.height);
    }
    line.bbox = { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
  };

  for (const row of tsv.split('\n')) {
    if (!row.startsWith(WORD_LEVEL + '\t')) continue; // also skips the CLI's header row
    const cols = row.split('\t');
    if (cols.length < 12) continue;
    // The text column may itself contain a tab only in theory; keep everything after col 11.
    const text = cols.slice(11).join('\t').trim();
    const conf = Number(cols[10]);
    if (!text || !Number.isFinite(conf) || conf < 0) continue;
    const [block, par, line] = [Number(cols[2]), Number(cols[3]), Number(cols[4])];
    const key = `${block}/${par}/${line}`;
    if (key !== lineKey) {
      closeLine();
      lineKey = key;
      lines.push({ text: '', bbox: { left: 0, top: 0, width: 0, height: 0 }, confidence: 0, firstWord: words.length, endWord: -1, block, paragraph: par });
    }
    const confidence = Math.min(1, Math.max(0, conf / 100));
    words.push({
      text,
      bbox: { left: Number(cols[6]), top: Number(cols[7]), width: Number(cols[8]), height: Number(cols[9]) },
      confidence,
      line: lines.length - 1,
    });
    const n = [...text].length;
    charWeighted += confidence * n;
    chars += n;
  }
  closeLine();
  return { width, height, words, lines, meanConfidence: chars > 0 ? charWeighted / chars : null, engine };
}
