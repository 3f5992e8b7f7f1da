/**
 * `agentic_ocr` on an OCRed page (pool worker): the page's low-confidence lines are read
 * again by the most accurate local engine (ServiceBeta, tessdata_best) from enlarged crops,
 * before layout, so the segments built from them carry the better words
 * (../ocr/agentic-reread.ts). The page says what was done in its notes.
 */
import type { PageContent } from '../../model/page.js';
import type { OcrPageOutput } from '../ocr/ocr-page.js';
import { agenticReread, AGENTIC_LEVELS, type AgenticLevel } from '../ocr/agentic-reread.js';
import type { TextRun } from '../../model/page.js';

/** The engine re-reading lines: the most accurate one that runs locally. */
const ACCURATE_ENGINE = 'ServiceBeta';

export async function rereadUncertainLines(first: OcrPageOutput, content: PageContent, level: AgenticLevel): Promise<{ runs: TextRun[]; warnings: string[] } | null> {
  if (first.runs.length === 0) return null;
  const { getOcrEngine } = await import('../../engines/ocr/factory.js');
  const engine = await getOcrEngine(ACCURATE_ENGINE);
  const upright = first.meta.rotation === 0 && Math.abs(first.meta.skewDegrees) < 1;
  const { runs, stats } = await agenticReread({ runs: first.runs, raster: first.raster, scale: first.raster.width / content.width, upright }, level, engine);
  const scales = AGENTIC_LEVELS[level].scales.map((s) => `${s}×`).join(' and ');
  const note = !upright
    ? `agentic_ocr=${level}: the page was read turned or skewed; its lines were not re-read`
    : `agentic_ocr=${level}: ${stats.reread} low-confidence lines re-read at ${scales} by ${ACCURATE_ENGINE}, ${stats.replaced} replaced by a more confident reading`;
  return { runs, warnings: [note] };
}
