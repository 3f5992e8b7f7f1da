/**
 * Rotated text (vertical table headers, landscape tables on portrait pages) is laid out in
 * its own frame: runs of one direction are rotated so their baselines run left to right,
 * grouped into lines there, and the lines' boxes rotated back.
 */
import type { BBox } from '../../model/document.js';
import type { Line } from '../../model/layout.js';
import type { TextRun } from '../../model/page.js';

type Dir = 0 | 90 | 180 | 270;

/** Map a page box into the frame where text of direction `dir` reads left to right. */
export function toFrame(b: BBox, dir: Dir): BBox {
  const { left: x, top: y, width: w, height: h } = b;
  switch (dir) {
    case 90: // baseline points down the page: frame x = page y, frame y = -page x
      return { left: y, top: -(x + w), width: h, height: w };
    case 180:
      return { left: -(x + w), top: -(y + h), width: w, height: h };
    case 270: // baseline points up the page
      return { left: -(y + h), top: x, width: h, height: w };
    default:
      return b;
  }
}

export function fromFrame(b: BBox, dir: Dir): BBox {
  const { left: x, top: y, width: w, height: h } = b;
  switch (dir) {
    case 90:
      return { left: -(y + h), top: x, width: h, height: w };
    case 180:
      return { left: -(x + w), top: -(y + h), width: w, height: h };
    case 270:
      return { left: y, top: -(x + w), width: h, height: w };
    default:
      return b;
  }
}

/** Run `build` on each direction group in its own frame; return lines in page space. */
export function byDirection(runs: readonly TextRun[], build: (runs: TextRun[]) => Line[]): Line[] {
  const groups = new Map<Dir, TextRun[]>();
  for (const r of runs) {
    const d = (r.dir ?? 0) as Dir;
    const g = groups.get(d) ?? [];
    g.push(r);
    groups.set(d, g);
  }
  if (groups.size === 1 && groups.has(0)) return build(runs as TextRun[]);
  const out: Line[] = [];
  for (const [dir, group] of groups) {
    if (dir === 0) {
      out.push(...build(group));
      continue;
    }
    const framed = group.map((r) => ({ ...r, bbox: toFrame(r.bbox, dir) }));
    for (const line of build(framed)) {
      out.push({ ...line, bbox: fromFrame(line.bbox, dir), words: line.words.map((w) => ({ ...w, bbox: fromFrame(w.bbox, dir) })) });
    }
  }
  return out.sort((a, b) => a.bbox.top - b.bbox.top || a.bbox.left - b.bbox.left);
}
