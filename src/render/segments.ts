/**
 * The neutral document → the spec's v1 segments (content, html, markdown, embed, ocr,
 * image, provenance of merged tables). One renderer for every item type; tables go through
 * render/table.ts. Chunking (pipeline/chunking) then groups these segments.
 *
 * Segment `markdown` of documents whose text is native (DOCX, PPTX, HTML: every page's
 * `textSource` is 'native') comes from render/markdown-pages.ts's `itemMarkdown`, the one
 * docling-like markdown writer (escaping, `<!-- image -->` pictures, charts with their
 * series table, spanning table cells repeated, list numbering and indentation, line breaks),
 * so the chunks' markdown and the markdown export read as the document's own markdown does.
 * The spec leaves segment markdown open; PDFs and images keep the renderer below, so their
 * v1 output (test/golden) is unchanged.
 */
import type { Segment } from '../model/document.js';
import type { DocItem, QuireDocument } from '../model/quire-document.js';
import { BULLET_PREFIX } from '../model/list-markers.js';
import { escapeHtml } from './escape.js';
import { runsHtml, runsMarkdown } from './inline-runs.js';
import { tableHtml, tableMarkdown } from './table.js';
import { markInline } from './inline-marks.js';
import { itemMarkdown } from './markdown-pages.js';
import { keyValueRendered } from './key-value.js';

export interface Rendered {
  html: string;
  markdown: string;
}


function paragraph(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}

/** Word comments anchored to an item, as HTML asides after it (markdown leaves them out). */
function commentsHtml(item: DocItem): string {
  return (item.comments ?? [])
    .map((c) => `<aside class="comment"${c.author ? ` data-author="${escapeHtml(c.author)}"` : ''}${c.date ? ` data-date="${escapeHtml(c.date)}"` : ''}>${escapeHtml(c.text)}</aside>`)
    .join('');
}

/** An item's html and markdown (its `text` is the segment's content). */
export function renderItem(item: DocItem): Rendered {
  const r = renderBlock(item);
  return item.comments?.length ? { html: r.html + commentsHtml(item), markdown: r.markdown } : r;
}

function renderBlock(item: DocItem): Rendered {
  if (item.type === 'Table' && item.table) return { html: tableHtml(item.table), markdown: tableMarkdown(item.table) };
  if (item.type === 'KeyValuePair' && item.keyValue) return keyValueRendered(item.keyValue);
  const content = item.text;
  const plain = paragraph(content);
  // Formatted runs (office documents) give the inline html/markdown; otherwise the links and
  // strikethrough the job asked for (render/inline-marks); plain text when neither applies.
  const runs = item.runs?.map((r) => ({ ...r, text: r.text.replace(/\s*\n\s*/g, ' ') }));
  const marked = runs || item.type === 'Picture' || item.type === 'Formula' ? null : markInline(plain, item.words);
  const flat = runs ? runsMarkdown(runs, (x) => x) : marked?.markdown ?? plain;
  const esc = runs ? runsHtml(runs) : marked?.html ?? escapeHtml(plain);
  switch (item.type) {
    case 'Title':
      return { html: `<h1>${esc}</h1>`, markdown: `# ${flat}` };
    case 'SectionHeader': {
      const level = Math.min(6, (item.level ?? 1) + 1);
      return { html: `<h${level}>${esc}</h${level}>`, markdown: `${'#'.repeat(level)} ${flat}` };
    }
    case 'ListItem': {
      // Loaders that know the list (docx, pptx, html) give its marker and depth.
      if (item.list) {
        const tag = item.list.ordered ? 'ol' : 'ul';
        let marker = item.list.ordered && item.list.marker ? (/[.)]$/.test(item.list.marker) ? item.list.marker : `${item.list.marker}.`) : '-';
        let box = '';
        if (item.list.checked !== undefined) {
          marker += item.list.checked ? ' [x]' : ' [ ]';
          box = `<input type="checkbox" disabled${item.list.checked ? ' checked' : ''}> `;
        }
        return { html: `<${tag}><li>${box}${esc}</li></${tag}>`, markdown: `${' '.repeat(4 * item.list.depth)}${marker} ${flat}` };
      }
      const li = (runs ? flat : plain).replace(BULLET_PREFIX, '');
      const m = marked ? markInline(li, item.words) : null;
      return { html: `<ul><li>${m?.html ?? escapeHtml(li)}</li></ul>`, markdown: `- ${m?.markdown ?? li}` };
    }
    case 'Caption':
      return { html: `<figcaption>${esc}</figcaption>`, markdown: `*${flat}*` };
    case 'Footnote':
      return { html: `<p class="footnote">${esc}</p>`, markdown: flat };
    case 'PageHeader':
      return { html: `<header>${esc}</header>`, markdown: flat };
    case 'PageFooter':
      return { html: `<footer>${esc}</footer>`, markdown: flat };
    case 'Formula':
      return { html: `<div class="formula">${escapeHtml(content)}</div>`, markdown: `$$\n${content}\n$$` };
    case 'Picture': {
      const url = item.image ?? undefined;
      const src = url ? ` src="${escapeHtml(url)}"` : '';
      return { html: `<figure><img${src} alt="${esc}"></figure>`, markdown: `![${plain.replace(/[[\]]/g, '')}](${url ?? ''})` };
    }
    case 'Page': {
      const paras = content.split(/\n/).filter(Boolean);
      const m = marked ? markInline(content, item.words) : null;
      if (m) {
        const lines = (s: string) => s.split(/\n/).filter(Boolean);
        return { html: lines(m.html).map((p) => `<p>${p}</p>`).join(''), markdown: lines(m.markdown).join('\n') };
      }
      return { html: paras.map((p) => `<p>${escapeHtml(p)}</p>`).join(''), markdown: paras.join('\n') };
    }
    default:
      return { html: `<p>${esc}</p>`, markdown: flat };
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Office and HTML documents: their text is the file's own, never a text layer or OCR. */
export function hasNativeText(doc: QuireDocument): boolean {
  return doc.pages.length > 0 && doc.pages.every((p) => p.textSource === 'native');
}

/** Every item of the document as a v1 segment, in reading order. */
export function segmentsOf(doc: QuireDocument): Segment[] {
  const pages = new Map(doc.pages.map((p) => [p.pageNumber, p]));
  const native = hasNativeText(doc);
  return doc.items.map((item) => {
    const first = item.prov[0]!;
    const page = pages.get(first.pageNumber);
    const r = renderItem(item);
    if (native) r.markdown = itemMarkdown(item);
    const seg: Segment = {
      segment_id: item.id,
      segment_type: item.type,
      page_number: first.pageNumber,
      page_width: round2(page?.width ?? 0),
      page_height: round2(page?.height ?? 0),
      bbox: first.bbox ?? { left: 0, top: 0, width: 0, height: 0 },
      content: item.text,
      html: r.html,
      markdown: r.markdown,
      confidence: item.confidence,
      embed: item.type === 'Table' ? r.markdown : item.text,
      ocr: item.words ?? null,
      image: item.image ?? null,
      chart_data: item.chart ?? null,
    };
    if (item.cells) seg.cell_references = item.cells;
    if (item.prov.length > 1) seg.provenance = item.prov.map((p) => ({ page_number: p.pageNumber, bbox: p.bbox! }));
    return seg;
  });
}
