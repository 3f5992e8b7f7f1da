/**
 * A DrawingML text body (`p:txBody`/`a:txBody`) → paragraphs with their list facts:
 * explicit bullets (`a:buChar`), automatic numbering (`a:buAutoNum`, counted per level and
 * restarted by `startAt` or a non-list paragraph), `a:buNone`, and indentation level.
 * Whether a paragraph WITHOUT explicit bullet properties is a list item depends on where it
 * sits: body placeholders bullet by default (the master's body style), text boxes do not.
 */
import type { Hyperlink } from '../../model/quire-document.js';
import { child, children, textOf, type XmlNode } from '../office/xml-tree.js';

export interface TextParagraph {
  text: string;
  level: number;
  list?: { ordered: boolean; marker: string };
  links: Hyperlink[];
}

function alpha(n: number): string {
  let s = '';
  while (n > 0) {
    n--;
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  }
  return s;
}

function roman(n: number): string {
  const t: Array<[number, string]> = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];
  let o = '';
  for (const [v, s] of t) while (n >= v) (o += s), (n -= v);
  return o;
}

/** `arabicPeriod`, `alphaLcParenR`, `romanUcPeriod`… → the displayed marker. */
export function autoNumMarker(scheme: string, n: number): string {
  const m = /^(arabic|alphaLc|alphaUc|romanLc|romanUc)(.*)$/.exec(scheme);
  const kind = m?.[1] ?? 'arabic';
  const punct = m?.[2] ?? 'Period';
  const core = kind === 'alphaLc' ? alpha(n) : kind === 'alphaUc' ? alpha(n).toUpperCase() : kind === 'romanLc' ? roman(n) : kind === 'romanUc' ? roman(n).toUpperCase() : String(n);
  if (punct === 'ParenBoth') return `(${core})`;
  if (punct === 'ParenR') return `${core})`;
  if (punct === 'Plain') return core;
  return `${core}.`;
}

export function readTextBody(body: XmlNode | undefined, rels: Map<string, { target: string; external: boolean }>, bulletByDefault: boolean): TextParagraph[] {
  const out: TextParagraph[] = [];
  const counters: number[] = [];
  for (const p of children(body, 'a:p')) {
    const pPr = child(p, 'a:pPr');
    const level = Number(pPr?.attrs.lvl ?? 0);
    let text = '';
    const links: Hyperlink[] = [];
    for (const c of p.children) {
      if (c.name === 'a:r' || c.name === 'a:fld') {
        const t = textOf(child(c, 'a:t'));
        text += t;
        const click = child(child(c, 'a:rPr'), 'a:hlinkClick');
        const rel = click ? rels.get(click.attrs['r:id'] ?? '') : undefined;
        if (rel?.external && t.trim()) links.push({ text: t.trim(), href: rel.target });
      } else if (c.name === 'a:br') text += '\n';
    }
    text = text.replace(/\u000b/g, '\n').trim();
    if (!text) {
      counters.length = 0;
      continue;
    }
    const autoNum = child(pPr, 'a:buAutoNum');
    const none = child(pPr, 'a:buNone');
    let list: TextParagraph['list'];
    if (autoNum) {
      counters.length = level + 1;
      const start = Number(autoNum.attrs.startAt ?? 1);
      counters[level] = counters[level] === undefined ? start : counters[level]! + 1;
      list = { ordered: true, marker: autoNumMarker(autoNum.attrs.type ?? 'arabicPeriod', counters[level]!) };
    } else {
      counters.length = 0;
      if (child(pPr, 'a:buChar')) list = { ordered: false, marker: child(pPr, 'a:buChar')!.attrs.char ?? '•' };
      else if (!none && bulletByDefault) list = { ordered: false, marker: '•' };
    }
    out.push({ text, level, list, links });
  }
  return out;
}
