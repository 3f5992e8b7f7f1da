/**
 * The parse excel operation (`POST /parse/excel`): XLSX/XLS workbooks → chunks of table
 * segments. The whole workbook is one worker task (parse-workbook.ts); a sheet counts as a
 * page for credits and page_count.
 */
import fs from 'node:fs';
import { ValidationError } from '../../errors.js';
import { sniffContainer } from '../../formats/xlsx/sniff-container.js';
import type { InputDescriptor } from '../../input/resolve-input.js';
import type { ChunkedResult } from '../../model/document.js';
import { isResultFileRef, type ResultFileRef, type ResultFileTarget } from '../../model/result-file.js';
import type { Operation, RunContext } from '../operation.js';
import { validateParseExcelOptions, type ParseExcelOptions } from './options.js';
import { parseExcelViews } from './views.js';

/** First bytes of a local input (bytes or path); undefined for URLs. */
function head(input: InputDescriptor): Uint8Array | undefined {
  if (input.kind === 'bytes') return input.data!.subarray(0, 16);
  if (input.kind !== 'path') return undefined;
  try {
    const fd = fs.openSync(input.path!, 'r');
    try {
      const buf = Buffer.alloc(16);
      return buf.subarray(0, fs.readSync(fd, buf, 0, 16, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined; // unreadable: the job reports it
  }
}

async function parseWorkbookJob(ctx: RunContext<ParseExcelOptions>, resultFile?: ResultFileTarget): Promise<ChunkedResult | ResultFileRef> {
  const task = { data: ctx.input.bytes, fileName: ctx.input.fileName, options: ctx.options, ...(resultFile ? { resultFile } : {}) };
  // Loaded with the first workbook job (like documentFromParseResult below), not with every engine.
  const { workbookTaskTimeoutMs } = await import('../../formats/xlsx/declared-work.js');
  const result = await ctx.pool.run('excel.parse', task, { signal: ctx.signal, timeoutMs: workbookTaskTimeoutMs(ctx.pool.taskTimeoutMs, ctx.input.bytes) });
  // A sheet plays the role of a page, for credits as for page_count.
  ctx.reservePages(Math.max(1, isResultFileRef(result) ? Number(result.header.page_count) : result.page_count));
  return result;
}

const NOT_EXCEL = 'is not an Excel workbook (.xlsx, .xlsm, .xls); use the parse operation for PDFs, images and other documents';

export const parseExcelOperation: Operation<ParseExcelOptions, (ChunkedResult & { pdf_url: null }) | ResultFileRef> = {
  name: 'parse_excel',
  command: 'excel',
  description: 'Parse an XLSX/XLS workbook into table segments',
  genericType: 'excel_parsing',
  family: 'parse',
  extraOptionNames: ['file_name'],
  validate: validateParseExcelOptions,
  // The spec rejects non-Excel uploads with a 400 before any job exists.
  precheck: (input) => {
    const bytes = head(input);
    if (bytes && bytes.length > 0 && sniffContainer(bytes) === 'other') throw new ValidationError('file', `${input.fileName} ${NOT_EXCEL}`);
  },
  publicConfig: (o) => ({ ...o }),
  // A large result is written to the job's result file by the worker and handed on as a reference.
  run: async (ctx) => {
    const result = await parseWorkbookJob(ctx, ctx.resultFile);
    return isResultFileRef(result) ? result : { ...result, pdf_url: null };
  },
  // The workbook as the neutral document (ctx.parseDocument on a spreadsheet input).
  toDocument: async (ctx) => (await import('../../model/document-from-segments.js')).documentFromParseResult({ ...((await parseWorkbookJob(ctx)) as ChunkedResult), file_name: ctx.input.fileName, mime_type: ctx.input.mimeType }),
  views: parseExcelViews,
};
