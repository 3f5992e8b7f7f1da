/**
 * How operations that read a document (extract, and later classify, split, PII) get the
 * neutral document: until parse produces a QuireDocument natively, they run the parse
 * pipeline with their own parse options and rebuild the document from its chunks
 * (model/document-from-segments.ts). Operations receive this function from the registry
 * (composition root) instead of importing the parse operation, so siblings stay apart and
 * switching to a native QuireDocument parse is a change here only.
 */
import { documentFromParseResult } from '../model/document-from-segments.js';
import type { QuireDocument } from '../model/quire-document.js';
import type { RunContext } from './operation.js';
import { validateParseOptions } from './parse/options.js';
import { runParse } from './parse/run-parse.js';

export type ReadDocument = (ctx: RunContext<unknown>, parseOptions: Record<string, unknown>) => Promise<QuireDocument>;

export const readDocumentByParse: ReadDocument = async (ctx, parseOptions) => {
  const options = validateParseOptions(parseOptions);
  const result = await runParse({ ...ctx, options });
  const doc = documentFromParseResult({ chunks: result.chunks, page_count: result.page_count, file_name: ctx.input.fileName, mime_type: ctx.input.mimeType });
  // `metadata.page_count` is the document's own count: when page_range may have cut it, ask the PDF.
  let pageCount = result.page_count;
  if (options.page_range && ctx.input.type === 'pdf') {
    const shared = new SharedArrayBuffer(ctx.input.bytes.length);
    new Uint8Array(shared).set(ctx.input.bytes);
    pageCount = ((await ctx.pool.run('pdf.inspect', { key: ctx.jobId, data: shared, password: options.password }, { signal: ctx.signal })) as { pageCount: number }).pageCount;
  }
  return { ...doc, metadata: { ...doc.metadata, page_count: pageCount } };
};
