/**
 * The parse operation (`POST /parse`): PDFs and images → chunks of segments. Its folder
 * holds its options (options.ts), its run (run-parse.ts and the worker tasks) and its views
 * (views.ts); the registry lists it with one line.
 */
import type { Operation } from '../operation.js';
import { publicConfiguration, validateParseOptions, type ParseOptions } from './options.js';
import { parseToDocument, runParse, type ParseResult } from './run-parse.js';
import { parseViews } from './views.js';
import { refuseOnPiiAfterParse, refuseOnPiiBeforeParse } from '../../pipeline/pii/preflight.js';
import { officeDocument, officeInputKind, runOfficeParse } from './office/run-office-parse.js';
import { writeExports } from './export/write-exports.js';

export const parseOperation: Operation<ParseOptions, ParseResult & { pdf_url: string | null; exports?: Record<string, string> }> = {
  name: 'parse',
  description: 'Parse a PDF, image, office document (DOCX, PPTX, DOC, PPT, XLSX, XLS) or HTML file into chunks and segments',
  genericType: 'chunking',
  family: 'parse',
  extraOptionNames: ['layout_analysis', 'ocr_strategy', 'segment_analysis', 'password', 'file_name'],
  validate: validateParseOptions,
  publicConfig: publicConfiguration,
  run: async (ctx) => {
    // detect_pii: refused before parsing when the text layer shows PII (pipeline/pii), and after
    // parsing for what the text layer could not show (scans, office documents).
    const pii = await refuseOnPiiBeforeParse(ctx.input, ctx.options, ctx.pool, ctx.signal);
    // Office documents and HTML take their own path (operations/parse/office); PDFs and images the page pipeline.
    const office = officeInputKind(ctx.input);
    const result = office ? await runOfficeParse(ctx, office) : { ...(await runParse(ctx)), pdf_url: ctx.input.type === 'pdf' ? ctx.storedInputUrl : null };
    await refuseOnPiiAfterParse(pii, ctx.options, result);
    const exports = await writeExports(result.chunks, ctx.options.export_format, ctx.jobDir, ctx.input.fileName);
    return exports ? { ...result, exports } : result;
  },
  toDocument: async (ctx) => {
    const office = officeInputKind(ctx.input);
    if (office && office !== 'xls' && office !== 'xlsx') return officeDocument(ctx, office);
    return (await parseToDocument(ctx)).doc;
  },
  views: parseViews,
};
