/**
 * Surgery vs PDFium's redaction, CPU time in this process (main thread; the edit runs here, not
 * in a worker): `npx tsx bench/edit-paths.ts`. 10 boxes (one word each) on 10 pages spread over
 * the generated 100-page PDF of bench/edit-speed.ts (run that first: it writes
 * /tmp/quire-edit-speed-100.pdf) and the corpus's freeculture.pdf; each file edited 4 times per
 * method, alternating, the first (cold) run not counted; prints the median CPU of the others
 * and which path the 'auto' edit took.
 */
import fs from 'node:fs';
import { editPdf } from '../src/formats/pdf/edit/edit-pdf.js';
import { chooseTargets, popplerWords } from '../test/edit/redaction-harness.js';
import { corpusPath } from './lib/corpus.js';

async function main(): Promise<void> {
  for (const file of ['/tmp/quire-edit-speed-100.pdf', corpusPath('long/pdf.js/test/pdfs/freeculture.pdf')]) {
    if (!fs.existsSync(file)) continue;
    const data = fs.readFileSync(file);
    const { words } = popplerWords(file, 100);
    const pages = [...new Set(words.map((w) => w.page))];
    const picked = pages.filter((_, i) => i % Math.ceil(pages.length / 10) === 0).slice(0, 10);
    const targets = picked.flatMap((p) => chooseTargets(words.filter((w) => w.page === p).map((w) => ({ ...w, page: 1 })), 1, 1).map((t) => ({ ...t, box: { ...t.box, page: p } })));
    const edits = targets.map((t) => ({ kind: 'text' as const, pageNumber: t.box.page, box: t.box, text: 'X' }));
    const res: Record<string, number[]> = { auto: [], pdfium: [] };
    for (let r = 0; r < 4; r++) for (const method of ['auto', 'pdfium'] as const) {
      const c0 = process.cpuUsage();
      const out = await editPdf({ data, edits, method });
      const c = process.cpuUsage(c0);
      if (r > 0) res[method].push((c.user + c.system) / 1e6);
      if (r === 0) console.log(file.split('/').pop(), method, out.path, out.fallbackReason ?? '', edits.length, 'boxes', (out.bytes.length / 1024).toFixed(0), 'KB');
    }
    const med = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)];
    console.log(file.split('/').pop(), 'CPU median (3 warm runs) auto', med(res.auto).toFixed(3), 's, pdfium', med(res.pdfium).toFixed(3), 's');
  }
}
void main();
