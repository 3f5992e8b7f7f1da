/**
 * QuireDocument → the spec's v1 segments and chunks, for office and HTML documents.
 * TEMPORARY ADAPTER: to be replaced by the redesign's `src/render/segments.ts` (the one
 * QuireDocument → segments serializer) once it lands; it exists so office parses reach the
 * same chunk shape as PDF parses today. Segment `markdown` is render/markdown-pages.ts's
 * item markdown, so the markdown export and v3 pages agree with the chunks.
 */
import type { Chunk, Segment } from '../../model/document.js';
import type { DocItem, QuireDocument } from '../../model/quire-document.js';
import { chunkSegments } from '../../pipeline/chunking/chunk-segments.js';
import { stableId } from '../../pipeline/assemble/build-segments.js';
import { escapeHtml } from '../../render/escape.js';
import { itemMarkdown } from '../../render/markdown-pages.js';
import { tableHtml, tableText } from '../../render/table.js';

const ZERO = { left: 0, top: 0, width: 0, height: 0 };

function linkedHtml(item: DocItem): string {
  let out = escapeHtml(item.text).replace(/\n/g, '<br>');
  for (const l of item.links ?? []) {
    const label = escapeHtml(l.text);
    const at = out.indexOf(label);
    if (at >= 0) out = `${out.slice(0, at)}<a href="${escapeHtml(l.href)}">${label}</a>${out.slice(at + label.length)}`;
  }
  return out;
}

export function itemHtml(item: DocItem): string {
  const body = linkedHtml(item);
  switch (item.type) {
    case 'Title':
      return `<h1>${body}</h1>`;
    case 'SectionHeader': {
      const l = Math.min(6, (item.level ?? 1) + 1);
      return `<h${l}>${body}</h${l}>`;
    }
    case 'ListItem': {
      const tag = item.list?.ordered ? 'ol' : 'ul';
      return `<${tag}><li>${body}</li></${tag}>`;
    }
    case 'Table':
      return item.table ? tableHtml(item.table) : `<p>${body}</p>`;
    case 'Picture':
      return `<figure><img alt="${escapeHtml(item.text)}"></figure>`;
    case 'Caption':
      return `<figcaption>${body}</figcaption>`;
    case 'Footnote':
      return `<p class="footnote">${body}</p>`;
    case 'PageHeader':
      return `<header>${body}</header>`;
    case 'PageFooter':
      return `<footer>${body}</footer>`;
    case 'Formula':
      return `<div class="formula">${body}</div>`;
    default:
      return `<p>${body}</p>`;
  }
}

export function documentSegments(doc: QuireDocument, docKey: string): Segment[] {
  const pages = new Map(doc.pages.map((p) => [p.pageNumber, p]));
  return doc.items.map((item, i) => {
    const prov = item.prov[0] ?? { pageNumber: 1, bbox: null };
    const page = pages.get(prov.pageNumber);
    const content = item.type === 'Table' && item.table ? tableText(item.table) : item.text;
    const markdown = itemMarkdown(item);
    return {
      segment_id: stableId(docKey, prov.pageNumber, i, item.type, item.id),
      segment_type: item.type,
      page_number: prov.pageNumber,
      page_width: page?.width ?? 0,
      page_height: page?.height ?? 0,
      bbox: prov.bbox ?? ZERO,
      content,
      html: itemHtml(item),
      markdown,
      confidence: item.confidence,
      embed: item.type === 'Table' ? markdown : content,
      ocr: null,
      image: item.image ?? null,
      chart_data: item.chart ?? null,
      ...(item.prov.length > 1 ? { provenance: item.prov.map((p) => ({ page_number: p.pageNumber, bbox: p.bbox ?? ZERO })) } : {}),
    } satisfies Segment;
  });
}

export function documentChunks(doc: QuireDocument, docKey: string, keep?: (s: Segment) => boolean): Chunk[] {
  const segments = documentSegments(doc, docKey);
  return chunkSegments(keep ? segments.filter(keep) : segments, docKey);
}
