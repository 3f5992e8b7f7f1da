/**
 * The parse operation (`POST /parse`): PDFs and images → chunks of segments. Its folder
 * holds its options (options.ts), its run (run-parse.ts and the worker tasks) and its views
 * (views.ts); the registry lists it with one line.
 */
import type { Operation } from '../operation.js';
import { publicConfiguration, validateParseOptions, type ParseOptions } from './options.js';
import { parseToDocument, runParse, type ParseResult } from './run-parse.js';
import { parseViews } from './views.js';
import type { LoadedInput } from '../../input/resolve-input.js';

// The PII detector, the office readers and the DOCX writer load on first use: importing them
// with the registry cost every CLI start ~0.35 s, and a plain PDF parse needs none of them.
const piiPreflight = () => import('../../pipeline/pii/preflight.js');
const officePath = () => import('./office/run-office-parse.js');
const exportStep = () => import('./export/write-exports.js');

/** PDFs and images never take the office path; other containers are asked. */
async function officeKindOf(input: LoadedInput) {
  if (input.type === 'pdf') return null;
  if (input.type !== 'cfb' && input.type !== 'zip' && input.type !== 'unknown') return null;
  return (await officePath()).officeInputKind(input);
}

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
    const pii = ctx.options.detect_pii ? await (await piiPreflight()).refuseOnPiiBeforeParse(ctx.input, ctx.options, ctx.pool, ctx.signal) : null;
    // Office documents and HTML take their own path (operations/parse/office); PDFs and images the page pipeline.
    const office = await officeKindOf(ctx.input);
    const result = office ? await (await officePath()).runOfficeParse(ctx, office) : { ...(await runParse(ctx)), pdf_url: ctx.input.type === 'pdf' ? ctx.storedInputUrl : null };
    if (pii) await (await piiPreflight()).refuseOnPiiAfterParse(pii, ctx.options, result);
    const exports = ctx.options.export_format.length ? await (await exportStep()).writeExports(result.chunks, ctx.options.export_format, ctx.jobDir, ctx.input.fileName) : undefined;
    return exports ? { ...result, exports } : result;
  },
  toDocument: async (ctx) => {
    const office = await officeKindOf(ctx.input);
    if (office && office !== 'xls' && office !== 'xlsx') return (await officePath()).officeDocument(ctx, office);
    return (await parseToDocument(ctx)).doc;
  },
  views: parseViews,
};
