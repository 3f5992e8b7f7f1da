/**
 * The split operation: read every page (read-document.ts), score each against the caller's
 * classes, cut where a new document starts (pipeline/page-classes/boundaries.ts) and write
 * each segment as its own PDF, pages copied (formats/pdf/write-pdf.ts), into the job's
 * folder. The result is the spec's `{success, message, files}`; each file entry adds
 * `category` and `pages` (1-based page numbers of the original).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ProcessingError } from '../../errors.js';
import { copyPagesToNewPdf, openPdfForCopy } from '../../formats/pdf/write-pdf.js';
import { classifyPages } from '../../pipeline/page-classes/classify-document.js';
import { pageExtras, segmentPages } from '../../pipeline/page-classes/boundaries.js';
import type { SplitOptions } from './options.js';
import type { RunContext } from '../operation.js';

export interface SplitFile {
  name: string;
  path: string;
  type: 'file';
  fileId: string;
  full_path: string;
  confidence_score: number;
  category: string;
  pages: number[];
}

export interface SplitResult {
  success: boolean;
  message: string;
  files: SplitFile[];
  /**
   * Only when pages could not be read (a page over the time limit or failing): they were
   * classified as blank, so cuts around them rest on the other pages alone. As parse reports them.
   */
  skipped_pages?: Array<{ page_number: number; error: string }>;
}

function safeName(s: string): string {
  return s.normalize('NFKD').replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'document';
}

export async function runSplit(ctx: RunContext<SplitOptions>): Promise<SplitResult> {
  const { options } = ctx;
  if (options.problem) throw new ProcessingError('processing_error', options.problem);
  if (ctx.input.type !== 'pdf') throw new ProcessingError('unsupported_format', `Splitting needs a PDF; ${ctx.input.fileName} is not one.`);
  // Every page, text and structure only (no crops).
  const doc = await ctx.parseDocument({ output_fields: '{"image":false}', ...(options.password ? { password: options.password } : {}) });
  const source = await openPdfForCopy(ctx.input.bytes).catch((err) => {
    throw new ProcessingError('corrupt_document', `The PDF could not be opened for splitting: ${String((err as Error).message ?? err)}`);
  });
  const sizes = source.getPages().map((p) => p.getSize());
  const pageCount = sizes.length;
  const categories = options.classes.map((name) => ({ name, ...(options.descriptions[name] ? { description: options.descriptions[name] } : {}) }));
  const { evidence, pages, profiles } = classifyPages({ doc, pageCount, categories, sizes });
  const segments = segmentPages(evidence, pages, pageExtras(doc, pageCount), profiles.map((p) => p.name));
  const dir = path.join(ctx.jobDir, 'split');
  await fs.mkdir(dir, { recursive: true });
  const base = safeName(path.parse(ctx.input.fileName).name);
  const files: SplitFile[] = [];
  for (const [k, seg] of segments.entries()) {
    const pageNumbers = Array.from({ length: seg.endPage - seg.startPage + 1 }, (_, i) => seg.startPage + i);
    const bytes = await copyPagesToNewPdf(source, pageNumbers.map((p) => p - 1));
    const name = `${base}_${String(k + 1).padStart(2, '0')}_${safeName(seg.category)}.pdf`;
    const file = path.join(dir, name);
    await fs.writeFile(file, bytes);
    files.push({
      name,
      path: `split/${name}`,
      type: 'file',
      fileId: `${ctx.jobId}-${k + 1}`,
      full_path: pathToFileURL(file).href,
      confidence_score: seg.confidence,
      category: seg.category,
      pages: pageNumbers,
    });
  }
  const skipped = doc.warnings.filter((w) => w.code === 'page_skipped').map((w) => ({ page_number: w.pageNumber!, error: w.message }));
  return { success: true, message: `Split ${pageCount} pages into ${files.length} documents.`, files, ...(skipped.length ? { skipped_pages: skipped } : {}) };
}
