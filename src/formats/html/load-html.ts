/**
 * HTML → QuireDocument through htmlparser2 (a real, forgiving HTML parser; MIT). Only the
 * parsed tree is read: scripts never run (script/style/template subtrees are dropped) and
 * nothing is fetched (images become Pictures carrying their alt text; remote `src` is not
 * requested). h1 → Title when it is the only h1, else h1..h6 → SectionHeader; p/div text →
 * Text; ul/ol/li → ListItem with nesting depth and numbers (`start`, `type`); tables with
 * colspan/rowspan and thead/th header rows; figcaption/caption → Caption; header/footer
 * elements → PageHeader/PageFooter furniture; links kept. HTML has no pages: one page.
 */
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import type { DocItem, Hyperlink, QuireDocument } from '../../model/quire-document.js';
import type { TableCell, TableGrid } from '../../model/table.js';

const DROP = new Set(['script', 'style', 'template', 'noscript', 'head', 'iframe', 'object', 'embed', 'svg', 'math', 'button', 'select', 'textarea']);
const BLOCK = new Set(['p', 'div', 'section', 'article', 'main', 'aside', 'nav', 'blockquote', 'pre', 'address', 'dl', 'dt', 'dd', 'form', 'fieldset', 'center', 'body', 'html', 'figure', 'header', 'footer', 'details', 'summary', 'hr', 'br']);
const ZERO = { left: 0, top: 0, width: 0, height: 0 };

function isElement(n: ChildNode): n is Element {
  return n.type === 'tag' || n.type === 'script' || n.type === 'style';
}

/** Inline text of a node with links; `<br>` becomes a newline. */
function inlineText(node: ChildNode, links: Hyperlink[]): string {
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  if (!isElement(node) || DROP.has(node.name)) return '';
  if (node.name === 'br') return '\n';
  if (node.name === 'img') return '';
  const inner = node.children.map((c) => inlineText(c, links)).join('');
  if (node.name === 'a' && node.attribs.href && inner.trim() && !/^javascript:/i.test(node.attribs.href)) links.push({ text: inner.replace(/\s+/g, ' ').trim(), href: node.attribs.href });
  return inner;
}

function clean(s: string): string {
  return s.replace(/[ \t\r\f\u00a0]+/g, ' ').replace(/ *\n */g, '\n').trim();
}

class HtmlReader {
  readonly items: DocItem[] = [];
  private n = 0;
  private h1Count = 0;

  constructor(root: ChildNode[]) {
    const count = (nodes: ChildNode[]) => {
      for (const c of nodes) if (isElement(c)) (c.name === 'h1' ? this.h1Count++ : 0, count(c.children));
    };
    count(root);
  }

  private push(item: Omit<DocItem, 'id' | 'prov' | 'confidence'>): void {
    this.items.push({ id: `html-${++this.n}`, prov: [{ pageNumber: 1, bbox: null }], confidence: null, ...item });
  }

  /** Walks block content; inline runs between blocks become one Text item. */
  blocks(nodes: ChildNode[], furniture?: 'PageHeader' | 'PageFooter'): void {
    let run: ChildNode[] = [];
    const flush = () => {
      if (!run.length) return;
      const links: Hyperlink[] = [];
      const text = clean(run.map((c) => inlineText(c, links)).join(''));
      run = [];
      if (text) this.push(furniture ? { type: furniture, text, furniture: true } : { type: 'Text', text, ...(links.length ? { links } : {}) });
    };
    for (const c of nodes) {
      if (!isElement(c)) {
        if (c.type === 'text') run.push(c);
        continue;
      }
      const name = c.name;
      if (DROP.has(name)) continue;
      if (/^h[1-6]$/.test(name) || name === 'table' || name === 'ul' || name === 'ol' || name === 'img' || name === 'figcaption' || name === 'caption' || BLOCK.has(name)) {
        flush();
        this.block(c, furniture);
      } else run.push(c);
    }
    flush();
  }

  private block(el: Element, furniture?: 'PageHeader' | 'PageFooter'): void {
    const name = el.name;
    const links: Hyperlink[] = [];
    const withLinks = () => (links.length ? { links } : {});
    if (/^h[1-6]$/.test(name) && !furniture) {
      const text = clean(inlineText(el, links)).replace(/\n/g, ' ');
      if (!text) return;
      const level = Number(name[1]);
      if (level === 1 && this.h1Count === 1) this.push({ type: 'Title', level: 0, text, ...withLinks() });
      else this.push({ type: 'SectionHeader', level, text, ...withLinks() });
    } else if ((name === 'ul' || name === 'ol') && !furniture) this.list(el, 0);
    else if (name === 'table' && !furniture) this.table(el);
    else if (name === 'img') this.push({ type: 'Picture', text: clean(el.attribs.alt ?? '') });
    else if (name === 'figcaption' || name === 'caption') {
      const text = clean(inlineText(el, links));
      if (text) this.push({ type: 'Caption', text, ...withLinks() });
    } else if (name === 'header' || name === 'footer') this.blocks(el.children, name === 'header' ? 'PageHeader' : 'PageFooter');
    else if (name === 'pre') {
      const text = inlineText(el, links).replace(/^\n/, '').trimEnd();
      if (text.trim()) this.push({ type: 'Text', text });
    } else if (name !== 'br' && name !== 'hr') this.blocks(el.children, furniture);
  }

  private list(el: Element, depth: number): void {
    const ordered = el.name === 'ol';
    let n = Number(el.attribs.start ?? 1);
    if (!Number.isFinite(n)) n = 1;
    for (const li of el.children) {
      if (!isElement(li)) continue;
      if (li.name === 'ul' || li.name === 'ol') {
        this.list(li, depth + 1);
        continue;
      }
      if (li.name !== 'li') continue;
      const links: Hyperlink[] = [];
      const own = li.children.filter((c) => !(isElement(c) && (c.name === 'ul' || c.name === 'ol' || c.name === 'table')));
      const text = clean(own.map((c) => inlineText(c, links)).join(''));
      if (text) this.push({ type: 'ListItem', text, list: { ordered, marker: ordered ? `${n}.` : '•', depth }, ...(links.length ? { links } : {}) });
      n++;
      for (const c of li.children) {
        if (isElement(c) && (c.name === 'ul' || c.name === 'ol')) this.list(c, depth + 1);
        else if (isElement(c) && c.name === 'table') this.table(c);
      }
    }
  }

  private table(el: Element): void {
    const rows: Element[] = [];
    let headerRows = 0;
    let headerRun = true;
    const collect = (node: Element, inHead: boolean) => {
      for (const c of node.children) {
        if (!isElement(c) || c.name === 'table') continue;
        if (c.name === 'tr') {
          rows.push(c);
          const allTh = c.children.filter(isElement).every((x) => x.name === 'th');
          if (headerRun && (inHead || allTh)) headerRows++;
          else headerRun = false;
        } else if (c.name === 'caption') {
          const text = clean(inlineText(c, []));
          if (text) this.push({ type: 'Caption', text });
        } else collect(c, inHead || c.name === 'thead');
      }
    };
    collect(el, false);
    const cells: TableCell[] = [];
    const taken = new Set<string>();
    let colCount = 0;
    rows.forEach((tr, r) => {
      let col = 0;
      for (const td of tr.children) {
        if (!isElement(td) || (td.name !== 'td' && td.name !== 'th')) continue;
        while (taken.has(`${r},${col}`)) col++;
        const rowSpan = Math.min(1000, Math.max(1, Number(td.attribs.rowspan) || 1));
        const colSpan = Math.min(1000, Math.max(1, Number(td.attribs.colspan) || 1));
        for (let i = 0; i < rowSpan; i++) for (let k = 0; k < colSpan; k++) taken.add(`${r + i},${col + k}`);
        cells.push({ row: r, col, rowSpan: Math.min(rowSpan, rows.length - r), colSpan, text: clean(inlineText(td, [])), bbox: ZERO });
        col += colSpan;
        colCount = Math.max(colCount, col);
      }
    });
    if (!cells.length) return;
    const table: TableGrid = { rowCount: rows.length, colCount, cells, headerRows: headerRows < rows.length ? headerRows : 0, bbox: ZERO, method: 'ruled', confidence: 1 };
    this.push({ type: 'Table', text: cells.map((c) => c.text).join('\t'), table });
  }
}

export function loadHtml(bytes: Uint8Array, fileName: string): QuireDocument {
  const html = new TextDecoder().decode(bytes);
  const dom = parseDocument(html, { decodeEntities: true });
  const reader = new HtmlReader(dom.children);
  reader.blocks(dom.children);
  return {
    source: { fileName, mimeType: 'text/html' },
    // HTML has no page: one nominal US Letter page (metadata says so), boxes null.
    pages: [{ pageNumber: 1, width: 612, height: 792, unit: 'pt', textSource: 'native' }],
    items: reader.items,
    warnings: [],
    metadata: { format: 'html', pagination: 'single-page', page_size: 'nominal', boxes: 'none' },
  };
}
