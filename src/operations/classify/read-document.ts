/**
 * The one place classification and splitting obtain the neutral document of their input.
 * Until parse produces a QuireDocument natively, it parses with cheap options (no crops,
 * default layout: titles and headings are the strongest evidence, and the layout pass costs
 * ~40 ms a born-digital page) and rebuilds the document from the chunks. When the redesign
 * lands, this function becomes one call to the native loader.
 */
import { documentFromParseResult } from '../../model/document-from-segments.js';
import type { QuireDocument } from '../../model/quire-document.js';
import { runParse, type ParseContext } from '../parse/run-parse.js';
import { validateParseOptions } from '../parse/options.js';

/** Parse options for reading a document's text and structure, no images. */
export function readingParseOptions(pageRange: string | null, password?: string) {
  return validateParseOptions({
    response_profile: 'slim',
    ...(pageRange ? { page_range: pageRange } : {}),
    ...(password ? { password } : {}),
  });
}

export type ReadContext = Omit<ParseContext, 'options'>;

/** The document and how many pages were read (pages without any item are blank). */
export async function readDocument(ctx: ReadContext, pageRange: string | null, password?: string): Promise<{ doc: QuireDocument; pageCount: number }> {
  const result = await runParse({ ...ctx, options: readingParseOptions(pageRange, password) });
  const doc = documentFromParseResult({ chunks: result.chunks, page_count: result.page_count, file_name: ctx.input.fileName, mime_type: ctx.input.mimeType });
  return { doc, pageCount: result.page_count };
}
