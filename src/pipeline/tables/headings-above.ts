/**
 * Group headings set just above a ruled table's top rule: years over pairs of "Mill. u$s |
 * Part." columns (tabula's puertos1), each underlined by a short rule of its own but above
 * the frame. The ruled region ends at its top rule, so the headings were left out of the
 * table as loose segments (typed PageHeader when the table stands near the page's top).
 *
 * The line of text nearest above the region (its bottom within 1.2 of its size of the top
 * rule, nothing between) joins the table when it is a row of headings: two chunks or more
 * (a word gap of 1 em or more apart), each of at most four words and none a label (":"),
 * the whole line over the table's columns right of its stub (the first column rule rising
 * to the top rule), and not a caption. Titles and running heads above a form or a table
 * ("Form 1040 (2019) … Page 2", "STATE : ANDHRA PRADESH", a section title) start over the
 * stub or carry labels: a first version without those two tests took them in (corpus
 * CLI identity: seven files). Text-layer words only: an OCR page's rules and words are
 * too rough for it. The grid builder then spans each heading over the columns its text
 * crosses (no column rule runs up there).
 */
import type { BBox } from '../../model/document.js';
import type { Seg } from './rule-segments.js';
import type { Piece } from './text-pieces.js';

/** A table's or figure's caption line ("Table 3: …"), also kept out of ruled frames (detect-tables.ts). */
export const CAPTION = /^(?:table|tab\.|figure|fig\.|exhibit|chart)\s*[:.]?\s*[\dIVXLA-Z]/i;

/** The region grown upwards over a row of headings standing on its top rule, or undefined. */
export function headingsAbove(region: BBox, pieces: readonly Piece[], vRules: readonly Seg[]): BBox | undefined {
  // The stub column: left of the first column rule that rises to the top rule.
  const right = region.left + region.width;
  const firstRule = Math.min(...vRules.filter((v) => v.pos > region.left + 2 && v.pos < right - 2 && v.a <= region.top + 3 && v.b > region.top + 3).map((v) => v.pos));
  if (!Number.isFinite(firstRule)) return undefined;
  const above = pieces.filter((p) => !p.ocr && p.bottom <= region.top + 1 && p.bottom >= region.top - 3 * p.size);
  if (above.length === 0) return undefined;
  const nearest = above.reduce((a, b) => (b.bottom > a.bottom ? b : a));
  const mid = (nearest.top + nearest.bottom) / 2;
  const size = nearest.size;
  // The whole line, across the page: a heading row lies within the table's span.
  const line = pieces.filter((p) => Math.abs((p.top + p.bottom) / 2 - mid) <= 0.5 * size).sort((a, b) => a.x0 - b.x0);
  if (region.top - Math.max(...line.map((p) => p.bottom)) > 1.2 * size) return undefined;
  if (line.some((p) => p.ocr || p.x0 < firstRule - 1 || p.x1 > right + 1)) return undefined;
  const chunks: Piece[][] = [];
  for (const p of line) {
    const last = chunks[chunks.length - 1];
    if (last && p.x0 - last[last.length - 1]!.x1 < size) last.push(p);
    else chunks.push([p]);
  }
  if (chunks.length < 2 || chunks.some((c) => c.length > 4 || c.some((p) => p.text.includes(':')))) return undefined;
  if (CAPTION.test(line.map((p) => p.text).join(' '))) return undefined;
  const top = Math.min(...line.map((p) => p.top)) - 1;
  return { ...region, top, height: region.top + region.height - top };
}
