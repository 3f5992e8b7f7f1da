/**
 * QuireDocument → markdown, per page or whole (`documentMarkdown`), and per item
 * (`itemMarkdown`): segments.ts gives office/HTML segments this item markdown, so their
 * chunks' markdown and the markdown export equal the document markdown. (PDF segments and
 * the v3 pages of PDFs keep segments.ts's own renderer, unchanged for the golden outputs.)
 *
 * Conventions (chosen to read well and to match docling's markdown, the corpus's ground
 * truth): Title `#`, SectionHeader level L `#`×(L+1); list items `-` or their own number,
 * indented 4 spaces per level, consecutive items on consecutive lines; tables as pipe
 * tables with a spanning cell's text repeated in every position it covers (markdown has
 * no spans); pictures `<!-- image -->` unless an image URL exists, charts followed by their
 * series as a table; hyperlinks `[text](href)`; page headers/footers left out unless asked.
 */
import type { DocItem, InlineRun, QuireDocument } from '../model/quire-document.js';
import type { TableGrid } from '../model/table.js';
import { cellRunsMarkdown, runsMarkdown } from './inline-runs.js';

export interface MarkdownOptions {
  /** Include PageHeader/PageFooter items (default false: they repeat on every page). */
  furniture?: boolean;
}

export interface MarkdownPage {
  page: number;
  markdown: string;
}

const MD_SPECIAL = /([\\_*`])/g;

/** Escapes markdown specials, leaving inline math (`$…$`) as written. */
function escapeText(s: string): string {
  return s
    .split(/(\$[^$\n]+\$)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(MD_SPECIAL, '\\$1')))
    .join('');
}

/**
 * Prose (not table cells): also `<` and `>` as entities, or a renderer takes words such as
 * `<w:p>` for HTML tags and hides them (docling writes them the same way).
 */
function escapeProse(s: string): string {
  return escapeText(s)
    .split(/(\$[^$\n]+\$)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('');
}

/** Escaped text with its hyperlinks as markdown links (first occurrence of each). */
function inline(item: DocItem): string {
  if (item.runs) return runsMarkdown(item.runs, escapeProse);
  let out = escapeProse(item.text);
  for (const l of item.links ?? []) {
    const label = escapeProse(l.text);
    const at = out.indexOf(label);
    if (at < 0 || /[\s()]/.test(l.href)) continue;
    out = `${out.slice(0, at)}[${label}](${l.href})${out.slice(at + label.length)}`;
  }
  return out;
}

function cell(s: string): string {
  return escapeText(s).replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** A formatted cell (TableCell.runs): docling's rich cell, its paragraphs on one line. */
function richCell(runs: readonly InlineRun[]): string {
  return cellRunsMarkdown(runs, (s) => escapeText(s).replace(/\|/g, '\\|')).join(' ');
}

/** Pipe table; spanning text repeated over the covered positions. */
export function gridMarkdown(grid: TableGrid): string {
  if (grid.rowCount === 0 || grid.colCount === 0) return '';
  const rows = Array.from({ length: grid.rowCount }, () => Array<string>(grid.colCount).fill(''));
  for (const c of grid.cells) {
    for (let r = c.row; r < Math.min(grid.rowCount, c.row + c.rowSpan); r++) {
      for (let k = c.col; k < Math.min(grid.colCount, c.col + c.colSpan); k++) rows[r]![k] = c.runs ? richCell(c.runs) : cell(c.text);
    }
  }
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(rows[0]!), `|${' --- |'.repeat(grid.colCount)}`, ...rows.slice(1).map(line)].join('\n');
}

function chartMarkdown(chart: unknown): string {
  // Office charts carry categories per series; charts read from PDF drawings (pipeline/charts) once for all.
  const c = chart as { chart_type?: string; categories?: string[]; series?: Array<{ name: string | null; categories?: string[]; values: Array<number | null> }> };
  const series = c.series ?? [];
  if (series.length === 0) return '';
  const cats = c.categories ?? series.reduce<string[]>((a, s) => ((s.categories?.length ?? 0) > a.length ? s.categories! : a), []);
  const n = Math.max(cats.length, ...series.map((s) => s.values.length));
  const rows = [['', ...series.map((s) => cell(s.name ?? ''))].join(' | ')];
  for (let i = 0; i < n; i++) rows.push([cell(cats[i] ?? ''), ...series.map((s) => (s.values[i] ?? '').toString())].join(' | '));
  return [`| ${rows[0]} |`, `|${' --- |'.repeat(series.length + 1)}`, ...rows.slice(1).map((r) => `| ${r} |`)].join('\n');
}

/** A comment placed on the page, as docling writes one: `[author: A (I), time: T]: text`. */
function commentMarkdown(item: DocItem): string {
  const c = item.comment!;
  const who = [c.author ?? '', c.initials ? `(${c.initials})` : ''].filter(Boolean).join(' ');
  const head = [who ? `author: ${who}` : '', c.date ? `time: ${c.date}` : ''].filter(Boolean).join(', ');
  return `${head ? `[${head}]: ` : ''}${inline(item).replace(/\n/g, '  \n')}`;
}

/** One item's markdown (no trailing newline). */
export function itemMarkdown(item: DocItem): string {
  if (item.comment) return commentMarkdown(item);
  switch (item.type) {
    case 'Title':
      return `# ${inline(item).replace(/\s*\n\s*/g, ' ')}`;
    case 'SectionHeader':
      return `${'#'.repeat(Math.min(6, (item.level ?? 1) + 1))} ${inline(item).replace(/\s*\n\s*/g, ' ')}`;
    case 'ListItem': {
      const l = item.list ?? { ordered: false, depth: 0 };
      let marker = '-';
      if (l.ordered && l.marker) {
        // Markdown numbers a list only with `1.`/`1)`; other labels (`1.1.`, `a)`, `iv.`) are
        // kept as the text of a bullet item, or `1.1.` would read as a paragraph (docling too).
        const label = /[.)]$/.test(l.marker) ? l.marker : `${l.marker}.`;
        marker = /^\d{1,9}[.)]$/.test(label) ? label : `- ${label}`;
      }
      if (l.checked !== undefined) marker += l.checked ? ' [x]' : ' [ ]';
      const indent = ' '.repeat(4 * Math.max(0, l.depth));
      return `${indent}${marker} ${inline(item).replace(/\n/g, `  \n${indent}  `)}`;
    }
    case 'Table':
      return item.table ? gridMarkdown(item.table) : inline(item);
    case 'Picture': {
      const img = item.image ? `![${item.text.replace(/[[\]\n]/g, ' ')}](${item.image})` : '<!-- image -->';
      if (!item.chart) return img;
      const c = item.chart as { chart_type?: string; type?: string; title?: string };
      const kind = (c.chart_type ?? c.type ?? 'chart').replace(/(3D)?Chart$/, '').replace(/^\w/, (x) => x.toUpperCase());
      return [c.title ? escapeText(c.title) : '', img, `${kind} chart`, chartMarkdown(item.chart)].filter(Boolean).join('\n\n');
    }
    case 'Formula':
      return `$$${item.text}$$`;
    default:
      return inline(item).replace(/\n/g, '  \n');
  }
}

/** Same place: list items of one shape (slides) or of a box-less document form one list. */
function sameBox(a: DocItem, b: DocItem): boolean {
  return JSON.stringify(a.prov[0]?.bbox ?? null) === JSON.stringify(b.prov[0]?.bbox ?? null);
}

/** Joins item markdown: list items of one run on consecutive lines, blocks by a blank line. */
export function joinItems(items: readonly DocItem[]): string {
  let out = '';
  let prev: DocItem | undefined;
  for (const item of items) {
    const md = itemMarkdown(item);
    if (!md) continue;
    if (out) out += prev?.type === 'ListItem' && item.type === 'ListItem' && sameBox(prev, item) ? '\n' : '\n\n';
    out += md;
    prev = item;
  }
  return out;
}

export function markdownPages(doc: QuireDocument, options: MarkdownOptions = {}): MarkdownPage[] {
  const byPage = new Map<number, DocItem[]>();
  for (const p of doc.pages) byPage.set(p.pageNumber, []);
  for (const item of doc.items) {
    if (item.furniture && !options.furniture) continue;
    const page = item.prov[0]?.pageNumber ?? 1;
    let list = byPage.get(page);
    if (!list) byPage.set(page, (list = []));
    list.push(item);
  }
  return [...byPage.entries()].sort((a, b) => a[0] - b[0]).map(([page, items]) => ({ page, markdown: joinItems(items) }));
}

/** The whole document's markdown: pages joined by a blank line. */
export function documentMarkdown(doc: QuireDocument, options: MarkdownOptions = {}): string {
  return markdownPages(doc, options)
    .map((p) => p.markdown)
    .filter(Boolean)
    .join('\n\n');
}
