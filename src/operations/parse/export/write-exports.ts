/**
 * The parse job's `export_format` step: after the parse, each requested format is written
 * beside the job (`<jobDir>/exports/`) and `exports` maps the format to its URL (file URLs
 * in the library and CLI; the HTTP server signs its own). A failing export gives
 * `{ "<fmt>_error": "..." }` and never fails the job. Formats:
 *  - `markdown`: the chunks' segment markdown in order (`chunksMarkdown`: every segment the
 *    job returns, so `segment_filter` decides what it holds; blocks joined by blank lines,
 *    list items by line breaks);
 *  - `json`: the chunks array as stored (the status object's `chunks`);
 *  - `docx`: render/export-docx.ts over the document rebuilt from the chunks (tables get
 *    their grid back from the segment HTML, so spans survive).
 * `export_format` parsing is the parse options' (a bare value never reaches here: the spec
 * says it is silently skipped).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadHtml } from '../../../formats/html/load-html.js';
import type { Chunk } from '../../../model/document.js';
import { documentFromParseResult } from '../../../model/document-from-segments.js';
import type { QuireDocument } from '../../../model/quire-document.js';
import { exportDocx } from '../../../render/export-docx.js';

export const EXPORT_FORMATS = ['docx', 'markdown', 'json'] as const;

const LIST_LINE = /^\s*(?:[-*+]|\d+[.)]|[A-Za-z][.)])\s/;

/**
 * The markdown export: the chunks' segment markdown in order, every segment the job returns
 * (page headers and footers included: the issue asks the export to equal the chunks'
 * markdown; a caller who wants the body only, as docling's markdown is, passes
 * `segment_filter` without pageheader/pagefooter, which filters chunks and export alike).
 * Blocks are separated by a blank line, except that consecutive list items stay on
 * consecutive lines so they read as one list.
 */
export function chunksMarkdown(chunks: readonly Chunk[]): string {
  let out = '';
  let prevList = false;
  for (const s of chunks.flatMap((c) => c.segments)) {
    const md = s.markdown;
    if (!md || md.trim() === '') continue;
    const list = s.segment_type === 'ListItem' && LIST_LINE.test(md);
    if (out) out += prevList && list ? '\n' : '\n\n';
    out += md;
    prevList = list;
  }
  return out;
}

/** The neutral document of a stored result, with table grids restored from segment HTML. */
export function documentForExport(chunks: Chunk[], fileName: string): QuireDocument {
  const doc = documentFromParseResult({ chunks, file_name: fileName });
  const segments = chunks.flatMap((c) => c.segments);
  doc.items.forEach((item, i) => {
    const s = segments[i];
    if (item.type === 'Table' && s?.html?.includes('<table')) {
      const table = loadHtml(new TextEncoder().encode(s.html), 'segment.html').items.find((x) => x.type === 'Table')?.table;
      if (table) item.table = table;
    }
    if (item.type === 'SectionHeader') {
      const m = /^<h(\d)/.exec(s?.html ?? '');
      item.level = m ? Math.max(1, Number(m[1]) - 1) : 1;
    }
    if (item.type === 'ListItem') item.list = { ordered: /^<ol/.test(s?.html ?? ''), depth: 0 };
  });
  return doc;
}

export async function writeExports(chunks: Chunk[], formats: readonly string[], jobDir: string, fileName: string): Promise<Record<string, string> | undefined> {
  const wanted = [...new Set(formats.map((f) => f.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return undefined;
  const dir = path.join(jobDir, 'exports');
  const base = path.parse(fileName).name || 'document';
  const out: Record<string, string> = {};
  for (const fmt of wanted) {
    try {
      let data: Uint8Array | string;
      let ext: string;
      if (fmt === 'markdown') (data = chunksMarkdown(chunks)), (ext = 'md');
      else if (fmt === 'json') (data = JSON.stringify(chunks)), (ext = 'json');
      else if (fmt === 'docx') (data = await exportDocx(documentForExport(chunks, fileName))), (ext = 'docx');
      else throw new Error(`unsupported export format "${fmt}" (supported: ${EXPORT_FORMATS.join(', ')})`);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${base}.${ext}`);
      await fs.writeFile(file, data);
      out[fmt] = pathToFileURL(file).href;
    } catch (err) {
      out[`${fmt}_error`] = (err as Error).message || String(err);
    }
  }
  return out;
}
