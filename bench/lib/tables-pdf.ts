/** Running Quire's table detection over the pages of a PDF, for the table benchmarks. */
import fs from 'node:fs';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { extractPageContent } from '../../src/formats/pdf/page-content.js';
import type { BBox } from '../../src/model/document.js';
import type { PageContent } from '../../src/model/page.js';
import type { TableGrid } from '../../src/model/table.js';
import { detectTables } from '../../src/pipeline/tables/detect-tables.js';

export interface PageTables {
  page: number;
  width: number;
  height: number;
  content: PageContent;
  tables: TableGrid[];
  /** Wall time of detectTables on this page (ms). */
  ms: number;
  /** Maps a PDF user-space rectangle (bottom-left origin) into page space (top-left origin). */
  toPage(x1: number, y1: number, x2: number, y2: number): BBox;
}

export async function detectInPdf(file: string, opts: { pages?: number[]; password?: string } = {}): Promise<PageTables[]> {
  const doc = await openPdf(new Uint8Array(fs.readFileSync(file)), { password: opts.password });
  try {
    const pages = opts.pages ?? Array.from({ length: doc.numPages }, (_, i) => i + 1);
    const out: PageTables[] = [];
    for (const n of pages) {
      if (n < 1 || n > doc.numPages) continue;
      const page = await doc.getPage(n);
      const content = await extractPageContent(page);
      const vp = page.getViewport({ scale: 1 });
      const t0 = performance.now();
      const tables = detectTables(content).map((t) => t.grid);
      const ms = performance.now() - t0;
      out.push({
        page: n,
        width: content.width,
        height: content.height,
        content,
        tables,
        ms,
        toPage: (x1, y1, x2, y2) => {
          const [a, b, c, d] = vp.convertToViewportRectangle([x1, y1, x2, y2]);
          return { left: Math.min(a!, c!), top: Math.min(b!, d!), width: Math.abs(c! - a!), height: Math.abs(d! - b!) };
        },
      });
      page.cleanup();
    }
    return out;
  } finally {
    await doc.destroy();
  }
}
