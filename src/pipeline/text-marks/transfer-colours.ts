/**
 * `transfer_text_color` on an OCRed PDF page (the spec: "transfer text colour from the PDF
 * text layer to OCR results"): each OCR word takes the fill colour of the text-layer run
 * under it — the run holding the word's centre, or else the one overlapping it most. Words
 * over no text-layer run (a scan, an image inside the page) get none.
 */
import type { TextRun } from '../../model/page.js';

export function transferColours(textRuns: readonly TextRun[], ocrRuns: readonly TextRun[]): TextRun[] {
  const coloured = textRuns.filter((r) => r.color !== undefined && r.text.trim());
  if (coloured.length === 0) return [...ocrRuns];
  return ocrRuns.map((w) => {
    const cx = w.bbox.left + w.bbox.width / 2;
    const cy = w.bbox.top + w.bbox.height / 2;
    let best: TextRun | undefined;
    let bestArea = 0;
    for (const r of coloured) {
      const b = r.bbox;
      const ox = Math.min(b.left + b.width, w.bbox.left + w.bbox.width) - Math.max(b.left, w.bbox.left);
      const oy = Math.min(b.top + b.height, w.bbox.top + w.bbox.height) - Math.max(b.top, w.bbox.top);
      if (ox <= 0 || oy <= 0) continue;
      const contains = cx >= b.left && cx <= b.left + b.width && cy >= b.top && cy <= b.top + b.height;
      const area = ox * oy + (contains ? 1e9 : 0);
      if (area > bestArea) [best, bestArea] = [r, area];
    }
    return best ? { ...w, color: best.color } : w;
  });
}
