/**
 * The parse operation (`POST /parse`): PDFs and images → chunks of segments. Its folder
 * holds its options (options.ts), its run (run-parse.ts and the worker tasks) and its views
 * (views.ts); the registry lists it with one line.
 */
import type { Operation } from '../operation.js';
import { publicConfiguration, validateParseOptions, type ParseOptions } from './options.js';
import { parseToDocument, runParse, type ParseResult } from './run-parse.js';
import { parseViews } from './views.js';

export const parseOperation: Operation<ParseOptions, ParseResult & { pdf_url: string | null }> = {
  name: 'parse',
  description: 'Parse a PDF or an image into chunks and segments',
  genericType: 'chunking',
  family: 'parse',
  extraOptionNames: ['layout_analysis', 'ocr_strategy', 'segment_analysis', 'password', 'file_name'],
  validate: validateParseOptions,
  publicConfig: publicConfiguration,
  run: async (ctx) => ({ ...(await runParse(ctx)), pdf_url: ctx.input.type === 'pdf' ? ctx.storedInputUrl : null }),
  toDocument: async (ctx) => (await parseToDocument(ctx)).doc,
  views: parseViews,
};
