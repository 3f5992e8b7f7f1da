/**
 * Embedded pictures of an xlsx sheet, from its DrawingML part (`xl/drawings/drawingN.xml`).
 * SheetJS CE does not expose images, so anchors are read here. Only pictures (`xdr:pic`,
 * also inside groups) count; charts and shapes are not images. Anchors give the cell
 * rectangle: a twoCellAnchor spans from..to inclusive, a oneCellAnchor covers its cell.
 */
import { attributes, partText, relationships } from '../ooxml/ooxml-parts.js';
import type { CellRange } from './sheet-grid.js';
import type { ZipPackage } from '../ooxml/zip-extract.js';

export interface PictureAnchor {
  range: CellRange;
  /** Alt text (`descr`), else the shape name. */
  description: string;
  /** Part path of the image inside the package, when resolvable. */
  mediaPath: string | null;
}

function marker(anchor: string, tag: 'from' | 'to'): { row: number; col: number } | null {
  const m = new RegExp(`<(?:\\w+:)?${tag}>([\\s\\S]*?)</(?:\\w+:)?${tag}>`).exec(anchor);
  if (!m) return null;
  const col = /<(?:\w+:)?col>(\d+)<\/(?:\w+:)?col>/.exec(m[1]!);
  const row = /<(?:\w+:)?row>(\d+)<\/(?:\w+:)?row>/.exec(m[1]!);
  return col && row ? { row: Number(row[1]), col: Number(col[1]) } : null;
}

export function sheetPictures(pkg: ZipPackage, sheetPart: string): PictureAnchor[] {
  const out: PictureAnchor[] = [];
  for (const rel of relationships(pkg, sheetPart).values()) {
    if (rel.external || !/\/drawing$/.test(rel.type)) continue;
    const xml = partText(pkg, rel.target);
    if (!xml) continue;
    const drawingRels = relationships(pkg, rel.target);
    for (const m of xml.matchAll(/<(?:\w+:)?(twoCellAnchor|oneCellAnchor)\b[^>]*>([\s\S]*?)<\/(?:\w+:)?\1>/g)) {
      const body = m[2]!;
      if (!/<(?:\w+:)?pic\b/.test(body)) continue;
      const from = marker(body, 'from');
      if (!from) continue;
      const to = m[1] === 'twoCellAnchor' ? (marker(body, 'to') ?? from) : from;
      const pic = /<(?:\w+:)?pic\b[\s\S]*$/.exec(body)![0];
      const props = attributes(/<(?:\w+:)?cNvPr\b[^>]*>/.exec(pic)?.[0] ?? '');
      const embed = attributes(/<(?:\w+:)?blip\b[^>]*>/.exec(pic)?.[0] ?? '').embed;
      const media = embed ? drawingRels.get(embed) : undefined;
      out.push({
        range: { top: from.row, left: from.col, bottom: Math.max(from.row, to.row), right: Math.max(from.col, to.col) },
        description: (props.descr || props.name || '').trim(),
        mediaPath: media && !media.external ? media.target : null,
      });
    }
  }
  return out;
}
