/** Running Quire's table detection over the pages of a PDF, for the table benchmarks. */
import fs from 'node:fs';
import { openPdf } from '../../src/formats/pdf/open-document.js';
import { extractPageContent } from '../../src/formats/pdf/page-content.js';
import type { BBox } from '../../src/model/document.js';
import type { PageContent } from '../../src/model/page.js';
import type { TableGrid } from '../../src/model/table.js';
import { detectTables, type DetectedTable } from '../../src/pipeline/tables/detect-tables.js';

export interface PageTables {
  page: number;
  width: number;
  height: number;
  content: PageContent;
  tables: TableGrid[];
  /** The same tables with their text lines. */
  detected: DetectedTable[];
  /** Wall time of detectTables on this page (ms). */
  ms: number;
  /**
   * Maps a rectangle given with a bottom-left origin (PDF user space; on pages with /Rotate,
   * the displayed page's space, as ICDAR 2013 and camelot give them) into page space.
   */
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
      const detected = detectTables(content);
      const ms = performance.now() - t0;
      const tables = detected.map((t) => t.grid);
      out.push({
        page: n,
        width: content.width,
        height: content.height,
        content,
        tables,
        detected,
        ms,
        toPage: (x1, y1, x2, y2) => {
          // Rotated pages: boxes are given in the displayed page's space (bottom-left origin).
          if (page.rotate % 360 !== 0) return { left: Math.min(x1, x2), top: vp.height - Math.max(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
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
