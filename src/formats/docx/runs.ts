/**
 * The inline content of one Word paragraph: runs, hyperlinks, fields, tracked insertions,
 * content controls, math, and the objects anchored in it (pictures, charts, text boxes).
 * Deleted text (`w:del`) is left out; of an `mc:AlternateContent` only the `mc:Choice` is
 * read (its `mc:Fallback` is the same object drawn again in VML).
 */
import type { Hyperlink } from '../../model/quire-document.js';
import { attr, child, find, findAll, textOf, type XmlNode } from '../office/xml-tree.js';
import { mathLatex } from './omml.js';

export interface InlineObject {
  kind: 'picture' | 'chart' | 'textbox';
  /** Picture: alt text; chart: its part; textbox: its block content. */
  description?: string;
  chartPart?: string;
  content?: XmlNode;
}

export interface InlineContent {
  text: string;
  links: Hyperlink[];
  objects: InlineObject[];
  /** Page breaks, split by whether they come before any text of the paragraph. */
  breaksBefore: number;
  breaksAfter: number;
  footnoteRefs: string[];
  hasMath: boolean;
}

export interface RunContext {
  rels: Map<string, { target: string; type: string; external: boolean }>;
  /** Count `w:lastRenderedPageBreak` (Word's own rendering) instead of explicit breaks. */
  renderedBreaks: boolean;
}

const SKIP = new Set(['w:pPr', 'w:rPr', 'w:del', 'w:moveFrom', 'w:instrText', 'w:delText', 'w:proofErr', 'w:bookmarkStart', 'w:bookmarkEnd', 'w:commentRangeStart', 'w:commentRangeEnd', 'w:commentReference', 'w:sdtPr', 'w:sdtEndPr', 'mc:Fallback']);

function drawingObjects(node: XmlNode, ctx: RunContext, out: InlineObject[]): void {
  // Text boxes first: a group may hold both shapes with text and pictures.
  for (const box of findAll(node, 'w:txbxContent')) out.push({ kind: 'textbox', content: box });
  for (const chart of findAll(node, 'c:chart')) {
    const rel = ctx.rels.get(attr(chart, 'r:id') ?? '');
    if (rel) out.push({ kind: 'chart', chartPart: rel.target });
  }
  const pics = findAll(node, 'pic:pic').length + findAll(node, 'v:imagedata').length;
  if (pics > 0) {
    const docPr = find(node, 'wp:docPr');
    const alt = docPr?.attrs.descr || docPr?.attrs.title || '';
    for (let i = 0; i < pics; i++) out.push({ kind: 'picture', description: alt });
  }
}

export function readInline(p: XmlNode, ctx: RunContext): InlineContent {
  const out: InlineContent = { text: '', links: [], objects: [], breaksBefore: 0, breaksAfter: 0, footnoteRefs: [], hasMath: false };
  const pageBreak = () => {
    if (out.text.trim() === '') out.breaksBefore++;
    else out.breaksAfter++;
  };
  const walk = (node: XmlNode): void => {
    for (const c of node.children) {
      if (SKIP.has(c.name)) continue;
      switch (c.name) {
        case 'w:t':
          out.text += textOf(c);
          break;
        case 'w:tab':
        case 'w:ptab':
          out.text += '\t';
          break;
        case 'w:br':
          if (c.attrs['w:type'] === 'page') {
            if (!ctx.renderedBreaks) pageBreak();
          } else if (c.attrs['w:type'] !== 'column') out.text += '\n';
          break;
        case 'w:cr':
          out.text += '\n';
          break;
        case 'w:lastRenderedPageBreak':
          if (ctx.renderedBreaks) pageBreak();
          break;
        case 'w:noBreakHyphen':
          out.text += '-';
          break;
        case 'w:sym':
          out.text += String.fromCharCode(parseInt(c.attrs['w:char'] ?? '20', 16) & 0xffff);
          break;
        case 'w:footnoteReference':
        case 'w:endnoteReference':
          out.footnoteRefs.push(`${c.name === 'w:footnoteReference' ? 'f' : 'e'}${c.attrs['w:id'] ?? ''}`);
          break;
        case 'w:drawing':
        case 'w:pict':
        case 'w:object':
          drawingObjects(c, ctx, out.objects);
          break;
        case 'mc:AlternateContent': {
          const choice = child(c, 'mc:Choice');
          if (choice) walk(choice);
          break;
        }
        case 'm:oMath':
        case 'm:oMathPara': {
          // Inline math as $LaTeX$; a paragraph of math alone becomes a Formula (load-docx).
          out.hasMath = true;
          const latex = mathLatex(c);
          if (latex) out.text += ` $${latex}$ `;
          break;
        }
        case 'w:hyperlink': {
          const start = out.text.length;
          walk(c);
          const linked = out.text.slice(start).trim();
          const rel = ctx.rels.get(c.attrs['r:id'] ?? '');
          const href = rel?.external ? rel.target : c.attrs['w:anchor'] ? `#${c.attrs['w:anchor']}` : undefined;
          if (linked && href) out.links.push({ text: linked, href });
          break;
        }
        default:
          if (c.name !== '#text') walk(c);
      }
    }
  };
  walk(p);
  return out;
}
