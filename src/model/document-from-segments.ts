/**
 * Builds the neutral document from a finished parse result (the spec's chunks of segments).
 * Operations that consume a parse (extraction, classification, splitting, PII) read the
 * neutral document; this lets them read one rebuilt from a stored v1 result too, so a job
 * that ran before (or on another node) can be reused without parsing again.
 */
import type { Chunk, Segment } from './document.js';
import type { DocItem, PageInfo, QuireDocument } from './quire-document.js';

export interface ParseResultLike {
  chunks: Chunk[];
  page_count?: number;
  file_name?: string;
  mime_type?: string | null;
}

function itemOf(s: Segment): DocItem {
  const prov = s.provenance?.length
    ? s.provenance.map((p) => ({ pageNumber: p.page_number, bbox: p.bbox }))
    : [{ pageNumber: s.page_number, bbox: s.bbox ?? null }];
  return {
    id: s.segment_id,
    type: s.segment_type,
    text: s.content ?? '',
    prov,
    furniture: s.segment_type === 'PageHeader' || s.segment_type === 'PageFooter' ? true : undefined,
    confidence: s.confidence ?? null,
    ...(s.ocr ? { words: s.ocr } : {}),
    ...(s.cell_references ? { cells: s.cell_references } : {}),
    ...(s.image ? { image: s.image } : {}),
    ...(s.chart_data ? { chart: s.chart_data } : {}),
  };
}

export function documentFromParseResult(result: ParseResultLike): QuireDocument {
  const pages = new Map<number, PageInfo>();
  const items: DocItem[] = [];
  for (const chunk of result.chunks) {
    for (const s of chunk.segments) {
      items.push(itemOf(s));
      if (!pages.has(s.page_number) && s.page_width != null) {
        pages.set(s.page_number, { pageNumber: s.page_number, width: s.page_width, height: s.page_height, unit: 'pt', textSource: s.ocr?.some((w) => w.confidence !== null) ? 'ocr' : 'text-layer' });
      }
    }
  }
  return {
    source: { fileName: result.file_name ?? 'document', mimeType: result.mime_type ?? null },
    pages: [...pages.values()].sort((a, b) => a.pageNumber - b.pageNumber),
    items,
    warnings: [],
  };
}
