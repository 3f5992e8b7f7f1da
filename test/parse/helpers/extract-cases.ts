/** PageContent of the listed pages of each PDF, with whatever pdf.js worker this thread has. */
import fs from 'node:fs';
import { openPdf } from '../../../src/formats/pdf/open-document.js';
import { extractPageContent } from '../../../src/formats/pdf/page-content.js';
import type { PageContent } from '../../../src/model/page.js';

export type ExtractCase = [file: string, pages: number[]];

export async function extractCases(cases: ExtractCase[]): Promise<PageContent[][]> {
  const out: PageContent[][] = [];
  for (const [file, pages] of cases) {
    const doc = await openPdf(new Uint8Array(fs.readFileSync(file)));
    const perFile: PageContent[] = [];
    for (const n of pages) perFile.push(await extractPageContent(await doc.getPage(n)));
    out.push(perFile);
    await doc.destroy();
  }
  return out;
}
