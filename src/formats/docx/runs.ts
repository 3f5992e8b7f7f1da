/**
 * The inline content of one Word paragraph: runs, hyperlinks, fields, tracked insertions,
 * content controls, math, and the objects anchored in it (pictures, charts, text boxes).
 * Deleted text (`w:del`) is left out; of an `mc:AlternateContent` only the `mc:Choice` is
 * read (its `mc:Fallback` is the same object drawn again in VML).
 */
import type { Hyperlink, InlineRun } from '../../model/quire-document.js';
import { attr, child, find, findAll, textOf, type XmlNode } from '../office/xml-tree.js';
import { mathLatex } from './omml.js';

export interface InlineObject {
  /** `shape`: a DrawingML drawing that is neither a picture nor a chart (see drawingObjects). */
  kind: 'picture' | 'chart' | 'textbox' | 'shape';
  /** Picture: alt text; chart: its part; textbox: its block content. */
  description?: string;
  chartPart?: string;
  content?: XmlNode;
  /** Anchored before any text of its paragraph (then it reads before the text). */
  leading?: boolean;
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
  /** `text` cut into stretches of one direct formatting (joined, they equal `text`). */
  runs: InlineRun[];
  /** Ids of the comments whose range starts or is referenced in the paragraph. */
  commentIds: string[];
}

export interface RunContext {
  rels: Map<string, { target: string; type: string; external: boolean }>;
  /** Count `w:lastRenderedPageBreak` (Word's own rendering) instead of explicit breaks. */
  renderedBreaks: boolean;
}

const SKIP = new Set(['w:pPr', 'w:rPr', 'w:del', 'w:moveFrom', 'w:instrText', 'w:delText', 'w:proofErr', 'w:bookmarkStart', 'w:bookmarkEnd', 'w:commentRangeEnd', 'w:sdtPr', 'w:sdtEndPr', 'mc:Fallback']);

/** A toggle property (`w:b`, `w:i`, `w:strike`) is on unless its value says off. */
function on(node: XmlNode | undefined): boolean {
  if (!node) return false;
  const v = node.attrs['w:val'] ?? node.attrs['w14:val'];
  return v === undefined || !['0', 'false', 'off', 'none'].includes(v);
}

/** A run's direct formatting (character styles left out, as docling's reader does). */
function runStyle(rPr: XmlNode | undefined): Omit<InlineRun, 'text'> {
  const style: Omit<InlineRun, 'text'> = {};
  if (!rPr) return style;
  if (on(child(rPr, 'w:b'))) style.bold = true;
  if (on(child(rPr, 'w:i'))) style.italic = true;
  if (on(child(rPr, 'w:u'))) style.underline = true;
  if (on(child(rPr, 'w:strike')) || on(child(rPr, 'w:dstrike'))) style.strike = true;
  return style;
}

/** Whether a DrawingML drawing shows anything: a shape with a fill, an outline or text, or a group/diagram. */
function drawsSomething(drawing: XmlNode): boolean {
  const graphic = find(drawing, 'a:graphicData');
  if (!graphic) return false;
  const shapes = findAll(graphic, 'wps:wsp');
  if (shapes.length === 0) return graphic.children.length > 0; // a group, canvas or SmartArt
  return shapes.some((sp) => {
    if (findAll(sp, 'w:t').some((t) => textOf(t).trim())) return true;
    const spPr = child(sp, 'wps:spPr');
    const noFill = child(spPr, 'a:noFill') !== undefined;
    const noLine = child(child(spPr, 'a:ln'), 'a:noFill') !== undefined;
    return !(noFill && noLine);
  });
}

function drawingObjects(node: XmlNode, ctx: RunContext, out: InlineObject[]): void {
  // Text boxes first: a group may hold both shapes with text and pictures.
  for (const box of findAll(node, 'w:txbxContent')) out.push({ kind: 'textbox', content: box });
  for (const chart of findAll(node, 'c:chart')) {
    const rel = ctx.rels.get(attr(chart, 'r:id') ?? '');
    if (rel) out.push({ kind: 'chart', chartPart: rel.target });
  }
  const pics = findAll(node, 'pic:pic').length + findAll(node, 'v:imagedata').length;
  // A drawn shape, group, canvas or SmartArt (no picture, no chart) is a graphic of the
  // document: docling renders such a drawing and reports it as a picture. A shape with no
  // fill, no outline and no text draws nothing (a layout spacer), so it is none.
  if (node.name === 'w:drawing' && pics === 0 && !find(node, 'c:chart') && drawsSomething(node)) out.push({ kind: 'shape' });
  if (pics > 0) {
    const docPr = find(node, 'wp:docPr');
    const alt = docPr?.attrs.descr || docPr?.attrs.title || '';
    for (let i = 0; i < pics; i++) out.push({ kind: 'picture', description: alt });
  }
}

export function readInline(p: XmlNode, ctx: RunContext): InlineContent {
  const out: InlineContent = { text: '', links: [], objects: [], breaksBefore: 0, breaksAfter: 0, footnoteRefs: [], hasMath: false, runs: [], commentIds: [] };
  let style: Omit<InlineRun, 'text'> = {};
  const emit = (s: string) => {
    out.text += s;
    out.runs.push({ text: s, ...style });
  };
  const pageBreak = () => {
    if (out.text.trim() === '') out.breaksBefore++;
    else out.breaksAfter++;
  };
  const walk = (node: XmlNode): void => {
    for (const c of node.children) {
      if (SKIP.has(c.name)) continue;
      switch (c.name) {
        case 'w:r': {
          const saved = style;
          style = { ...style, ...runStyle(child(c, 'w:rPr')) };
          walk(c);
          style = saved;
          break;
        }
        case 'w:sdt': {
          const box = find(child(c, 'w:sdtPr'), 'w14:checkbox');
          const saved = style;
          if (box) style = { ...style, checkbox: on(child(box, 'w14:checked')) };
          walk(c);
          style = saved;
          break;
        }
        case 'w:commentRangeStart':
        case 'w:commentReference': {
          const id = c.attrs['w:id'];
          if (id !== undefined && !out.commentIds.includes(id)) out.commentIds.push(id);
          break;
        }
        case 'w:t':
          emit(textOf(c));
          break;
        case 'w:tab':
        case 'w:ptab':
          emit('\t');
          break;
        case 'w:br':
          if (c.attrs['w:type'] === 'page') {
            if (!ctx.renderedBreaks) pageBreak();
          } else if (c.attrs['w:type'] !== 'column') emit('\n');
          break;
        case 'w:cr':
          emit('\n');
          break;
        case 'w:lastRenderedPageBreak':
          if (ctx.renderedBreaks) pageBreak();
          break;
        case 'w:noBreakHyphen':
          emit('-');
          break;
        case 'w:sym':
          emit(String.fromCharCode(parseInt(c.attrs['w:char'] ?? '20', 16) & 0xffff));
          break;
        case 'w:footnoteReference':
        case 'w:endnoteReference':
          out.footnoteRefs.push(`${c.name === 'w:footnoteReference' ? 'f' : 'e'}${c.attrs['w:id'] ?? ''}`);
          break;
        case 'w:drawing':
        case 'w:pict':
        case 'w:object': {
          const from = out.objects.length;
          drawingObjects(c, ctx, out.objects);
          if (out.text.trim() === '') for (const o of out.objects.slice(from)) o.leading = true;
          break;
        }
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
          if (latex) emit(` $${latex}$ `);
          break;
        }
        case 'w:hyperlink': {
          const start = out.text.length;
          const rel = ctx.rels.get(c.attrs['r:id'] ?? '');
          const href = rel?.external ? rel.target : c.attrs['w:anchor'] ? `#${c.attrs['w:anchor']}` : undefined;
          const saved = style;
          if (href) style = { ...style, href };
          walk(c);
          style = saved;
          const linked = out.text.slice(start).trim();
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
