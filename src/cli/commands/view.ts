/**
 * `quire view RESULT.json [--pdf FILE] [--out FILE.html]`: writes one self-contained HTML
 * page showing a parse result on its pages (render/viewer-html.ts). With `--pdf`, the pages
 * of the parsed PDF are rendered (pdf.js, 96 dpi, JPEG) and embedded as the pages'
 * backgrounds, so the boxes can be checked against what the page shows; without it, blank
 * sheets of the pages' sizes. A result is the final job JSON of `quire parse` (chunks of
 * segments), or a bare array of chunks or segments. Kept in its own file so the CLI's main
 * module only registers it; sharp and the PDF renderer load when pages are drawn (imported
 * with this file, they cost every command, a plain parse included, about 0.13 s of CPU).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { Segment } from '../../model/document.js';
import { errorMessage } from '../../errors.js';
import { viewerHtml, type ViewerPage } from '../../render/viewer-html.js';

/** Resolution of the embedded page images: sharp enough to read, small enough to share. */
const VIEW_DPI = 96;

export function segmentsOfResult(result: unknown): Segment[] {
  const r = result as { chunks?: Array<{ segments?: Segment[] }>; status?: string } | unknown[];
  const list = Array.isArray(r) ? r : r && typeof r === 'object' && Array.isArray(r.chunks) ? r.chunks : null;
  if (!list) throw new Error('not a parse result: expected a job JSON with "chunks", or an array of chunks or segments');
  const segs = list.flatMap((c) => (c && typeof c === 'object' && Array.isArray((c as { segments?: unknown }).segments) ? (c as { segments: Segment[] }).segments : [c as Segment]));
  return segs.filter((s) => s && typeof s === 'object' && typeof s.page_number === 'number' && s.bbox && typeof s.bbox.left === 'number');
}

async function pdfPages(file: string, maxPages: number): Promise<ViewerPage[]> {
  const [{ default: sharp }, { openPdf }, { renderPdfPage }] = await Promise.all([import('sharp'), import('../../formats/pdf/open-document.js'), import('../../formats/pdf/render-page.js')]);
  const doc = await openPdf(new Uint8Array(fs.readFileSync(file)));
  try {
    const out: ViewerPage[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
      const page = await doc.getPage(n);
      try {
        const r = await renderPdfPage(page, VIEW_DPI);
        const jpeg = await sharp(r.data, { raw: { width: r.width, height: r.height, channels: 4 } }).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
        out.push({ pageNumber: n, width: r.pageWidth, height: r.pageHeight, image: `data:image/jpeg;base64,${jpeg.toString('base64')}` });
      } finally {
        page.cleanup();
      }
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

export function registerViewCommand(program: Command): void {
  program
    .command('view')
    .description('Write a self-contained HTML page showing a parse result: segment boxes by type and reading order, their HTML/markdown, tables.')
    .argument('<result>', 'final job JSON of `quire parse` (--out file)')
    .option('--pdf <file>', 'the parsed PDF: its pages are drawn under the boxes')
    .option('--max-pages <n>', 'render at most this many PDF pages (default 200)')
    .option('--out <file>', 'HTML file to write (default: RESULT with .html)')
    .action(async (resultFile: string, opts: { pdf?: string; out?: string; maxPages?: string }) => {
      try {
        const segments = segmentsOfResult(JSON.parse(fs.readFileSync(resultFile, 'utf8')));
        const pages = opts.pdf ? await pdfPages(opts.pdf, Number(opts.maxPages ?? 200) || 200) : [];
        const out = opts.out ?? resultFile.replace(/\.json$/i, '') + '.html';
        fs.writeFileSync(out, viewerHtml({ title: path.basename(opts.pdf ?? resultFile), segments, pages }));
        process.stdout.write(`${out}\n`);
        process.exitCode = 0;
      } catch (err) {
        process.stderr.write(`quire: ${errorMessage(err)}\n`);
        process.exitCode = 1;
      }
    });
}
