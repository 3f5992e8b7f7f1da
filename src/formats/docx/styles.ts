/**
 * Word styles → what the reader needs from them: heading level (by the style's outline
 * level or its built-in name: "heading N", "Title"), list numbering attached to a style
 * (numbered headings), and caption/footnote-like roles. Styles inherit through `basedOn`,
 * so each lookup walks the chain (bounded: a cycle in a damaged file must not hang).
 */
import { child, children, type XmlNode } from '../office/xml-tree.js';

export interface StyleInfo {
  name: string;
  basedOn?: string;
  outlineLvl?: number;
  numId?: string;
  ilvl?: number;
}

export type Role = { kind: 'title' } | { kind: 'heading'; level: number } | { kind: 'caption' } | { kind: 'list' } | { kind: 'code' } | { kind: 'body' };

export class Styles {
  private readonly byId = new Map<string, StyleInfo>();

  constructor(tree: XmlNode | undefined) {
    const root = child(tree, 'w:styles');
    for (const s of children(root, 'w:style')) {
      const id = s.attrs['w:styleId'];
      if (!id) continue;
      const pPr = child(s, 'w:pPr');
      const numPr = child(pPr, 'w:numPr');
      const outline = child(pPr, 'w:outlineLvl')?.attrs['w:val'];
      const ilvl = child(numPr, 'w:ilvl')?.attrs['w:val'];
      this.byId.set(id, {
        name: child(s, 'w:name')?.attrs['w:val'] ?? id,
        basedOn: child(s, 'w:basedOn')?.attrs['w:val'],
        outlineLvl: outline !== undefined ? Number(outline) : undefined,
        numId: child(numPr, 'w:numId')?.attrs['w:val'],
        ilvl: ilvl !== undefined ? Number(ilvl) : undefined,
      });
    }
  }

  private chain(id: string | undefined): StyleInfo[] {
    const out: StyleInfo[] = [];
    for (let i = 0; id && i < 12; i++) {
      const s = this.byId.get(id);
      if (!s) break;
      out.push(s);
      id = s.basedOn;
    }
    return out;
  }

  /** The paragraph role its style gives; `outlineLvl` is the paragraph's own, if set. */
  role(styleId: string | undefined, ownOutline?: number): Role {
    const chain = this.chain(styleId);
    const name = (chain[0]?.name ?? styleId ?? '').toLowerCase();
    if (name === 'title') return { kind: 'title' };
    for (const s of chain) {
      const m = /^heading\s*(\d)$/i.exec(s.name) ?? /^(?:heading|berschrift|titre|titolo|título)\s*(\d)$/i.exec(s.name);
      if (m) return { kind: 'heading', level: Number(m[1]) };
    }
    const outline = ownOutline ?? chain.find((s) => s.outlineLvl !== undefined)?.outlineLvl;
    if (outline !== undefined && outline >= 0 && outline < 9) return { kind: 'heading', level: outline + 1 };
    if (name === 'caption' || chain.some((s) => /^caption$/i.test(s.name))) return { kind: 'caption' };
    if (/^list/.test(name)) return { kind: 'list' };
    if (/code|source|preformatted|html preformatted/.test(name)) return { kind: 'code' };
    return { kind: 'body' };
  }

  /** Numbering a style attaches (a numbered heading style), if any. */
  numbering(styleId: string | undefined): { numId: string; ilvl: number } | undefined {
    for (const s of this.chain(styleId)) {
      if (s.numId) return { numId: s.numId, ilvl: s.ilvl ?? 0 };
    }
    return undefined;
  }
}
