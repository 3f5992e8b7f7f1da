/**
 * Typed page layouts → the neutral document (model/quire-document.ts): ids, rounded boxes,
 * provenance (several entries for tables merged across pages), words, table grids, crops.
 * Nothing here renders: html/markdown/embed are the serializers' (render/segments.ts).
 */
import { roundBBox, type OcrEntry, type Provenance, type SegmentType } from '../../model/document.js';
import { stableId } from '../../model/ids.js';
import type { Block, PageLayout } from '../../model/layout.js';
import type { DocItem, DocWarning, Hyperlink, PageInfo, PageUnit, QuireDocument, TextSource } from '../../model/quire-document.js';
import { blockContent } from './block-text.js';
import { tableText } from '../../render/table.js';
import { keyValueText } from '../forms/key-value-text.js';

export interface DocumentSource {
  fileName: string;
  mimeType: string | null;
  sha256?: string;
  /** Units of the pages' boxes: PDF points or image pixels. */
  unit: PageUnit;
}

const TEXT_SOURCE: Record<PageLayout['textSource'], TextSource> = { text: 'text-layer', ocr: 'ocr', none: 'none' };

function blockWords(b: Block): OcrEntry[] {
  if (b.table) {
    return b.table.cells.filter((c) => c.text).map((c) => ({ text: c.text, bbox: roundBBox(c.bbox), confidence: null }));
  }
  return b.lines.flatMap((l) => l.words.map((w) => ({ ...w, bbox: roundBBox(w.bbox) })));
}

/** Neighbouring words under one link annotation, as the item's hyperlinks. */
function wordLinks(words: readonly OcrEntry[]): Hyperlink[] {
  const out: Hyperlink[] = [];
  let prev: OcrEntry | undefined;
  for (const w of words) {
    if (w.hyperlink && prev?.hyperlink === w.hyperlink) out[out.length - 1]!.text += ' ' + w.text;
    else if (w.hyperlink) out.push({ text: w.text, href: w.hyperlink });
    prev = w;
  }
  return out;
}

function itemConfidence(b: Block): number | null {
  const ocr = b.lines.map((l) => l.confidence).filter((c): c is number => c !== null);
  const typeConf = b.typeConfidence ?? 0.9;
  if (ocr.length === 0) return Math.round(typeConf * 1000) / 1000;
  const mean = ocr.reduce((s, c) => s + c, 0) / ocr.length;
  return Math.round(Math.min(typeConf, mean) * 1000) / 1000;
}

/**
 * A block's text and words, worked out before the document is built: both depend only on
 * its lines, which document-level typing (pipeline/classify) never changes: it retypes
 * blocks, and where it splits or joins notes, it makes new blocks (not in the map, so built
 * as usual). Tables are left out: merging tables across pages changes their grids.
 */
export type PreparedBlocks = WeakMap<Block, { text: string; words: OcrEntry[] }>;

/**
 * Prepares the text and words of `pages`' blocks into `into`, while other pages are still being
 * read (run-parse.ts calls it as each batch comes back): freeculture.pdf's CLI parse spent
 * ~20 ms of its serial tail, after the last page, on these.
 */
export function prepareBlocks(pages: readonly PageLayout[], into: PreparedBlocks): void {
  for (const p of pages) for (const b of p.blocks) if (!b.table) into.set(b, { text: blockContent(b), words: blockWords(b) });
}

function itemOf(b: Block, i: number, page: PageLayout, docKey: string, merged: readonly Provenance[] | undefined, prepared: PreparedBlocks | undefined): DocItem {
  const type: SegmentType = b.type ?? 'Text';
  const bbox = roundBBox(b.bbox);
  const ready = prepared?.get(b); // (never a table: prepareBlocks leaves them out)
  const prov = [{ pageNumber: page.pageNumber, bbox }, ...(merged ?? []).slice(1).map((p) => ({ pageNumber: p.page_number, bbox: p.bbox }))];
  const item: DocItem = {
    id: stableId(docKey, page.pageNumber, i, type, bbox.left, bbox.top),
    type,
    text: type === 'Table' && b.table ? tableText(b.table) : ready?.text ?? blockContent(b),
    prov,
    confidence: itemConfidence(b),
    words: ready?.words ?? blockWords(b),
    image: b.image ?? null,
  };
  if (type === 'Title') item.level = 0;
  if (type === 'SectionHeader') item.level = b.level ?? 1;
  if (type === 'PageHeader' || type === 'PageFooter') item.furniture = true;
  if (b.table) item.table = b.table;
  if (b.chart) item.chart = b.chart;
  if (b.keyValue) {
    item.keyValue = b.keyValue;
    item.text = keyValueText(b.keyValue);
  }
  const links = wordLinks(item.words ?? []);
  if (links.length) item.links = links;
  return item;
}

/**
 * `pages`: the layouts of the pages that were processed (in page order); `failed`: pages
 * skipped with their reasons; `merged`: provenance of tables merged across pages, by block;
 * `prepared`: blocks' text and words worked out earlier (prepareBlocks), if any.
 */
export function buildDocument(pages: readonly PageLayout[], failed: readonly PageLayout[], docKey: string, source: DocumentSource, merged: ReadonlyMap<Block, Provenance[]>, prepared?: PreparedBlocks): QuireDocument {
  const infos: PageInfo[] = pages.map((p) => ({ pageNumber: p.pageNumber, width: p.width, height: p.height, unit: source.unit, textSource: TEXT_SOURCE[p.textSource] }));
  const items = pages.flatMap((p) => p.blocks.map((b, i) => itemOf(b, i, p, docKey, merged.get(b), prepared)));
  const warnings: DocWarning[] = failed.map((f) => ({ pageNumber: f.pageNumber, message: f.error!, code: 'page_skipped' }));
  // Notes of pages that were read (an OCR reading that found nothing on a page with ink, a
  // scan's text layer replaced) travel with the document.
  for (const p of pages) for (const w of p.warnings ?? []) warnings.push({ pageNumber: p.pageNumber, message: w, code: 'page_note' });
  return {
    source: { fileName: source.fileName, mimeType: source.mimeType, ...(source.sha256 ? { sha256: source.sha256 } : {}) },
    pages: infos,
    items,
    warnings,
  };
}
