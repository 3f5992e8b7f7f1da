/**
 * Which text-layer pages the default parse shows the layout model, and why
 * (src/pipeline/layout-fusion/page-complexity.ts): `npx tsx bench/layout-routing.ts [PDF...]`
 * counts the reasons over every page of the given PDFs; `--eval` over the 12 PDFs of the
 * born-digital layout pages (bench/lib/layout-gt.ts), with their annotated pages apart.
 * `--verbose` lists each routed page (or, with --eval, each annotated page left out).
 * Reads the text layer only (no model, no rendering): a few seconds per hundred pages.
 */
import fs from 'node:fs';
import { openPdf } from '../src/formats/pdf/open-document.js';
import { extractPageContent } from '../src/formats/pdf/page-content.js';
import { analyzePage } from '../src/pipeline/analyze-page.js';
import { textLayerIsEnough } from '../src/pipeline/layout-fusion/apply-layout-model.js';
import { modelReason } from '../src/pipeline/layout-fusion/page-complexity.js';
import { loadLayoutGt } from './lib/layout-gt.js';
import { corpusPath } from './lib/corpus.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const files = args.filter((a) => !a.startsWith('--'));
const list: Array<{ path: string; annotated?: Set<number> }> = [];
if (args.includes('--eval')) {
  const m = new Map<string, Set<number>>();
  for (const p of await loadLayoutGt()) if (p.pdf) (m.get(p.pdf.path) ?? m.set(p.pdf.path, new Set()).get(p.pdf.path)!).add(p.pdf.page);
  for (const [path, annotated] of m) list.push({ path, annotated });
} else for (const f of files.length ? files : [corpusPath('long/pdf.js/test/pdfs/freeculture.pdf')]) list.push({ path: f });

const all: Record<string, number> = {};
const annotated: Record<string, number> = {};
let pages = 0;
let unreadable = 0;
for (const f of list) {
  let doc: Awaited<ReturnType<typeof openPdf>>;
  try {
    doc = await openPdf(new Uint8Array(fs.readFileSync(f.path)));
  } catch {
    unreadable++; // corrupt or encrypted: parse fails it before any routing
    continue;
  }
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n).catch(() => undefined);
    const content = page ? await extractPageContent(page).catch(() => undefined) : undefined;
    if (!page || !content) continue;
    page.cleanup();
    pages++;
    const layout = analyzePage(content, { pageByPage: false, fixReadingOrder: false });
    const why = layout.blocks.length === 0 ? 'no text' : (modelReason(layout, textLayerIsEnough(content, layout)) ?? 'kept');
    all[why] = (all[why] ?? 0) + 1;
    const isAnnotated = f.annotated?.has(n) ?? false;
    if (isAnnotated) annotated[why] = (annotated[why] ?? 0) + 1;
    if (verbose && (f.annotated ? isAnnotated && why === 'kept' : why !== 'kept' && why !== 'no text')) console.log(`  ${f.path.split('/').pop()} p${n}: ${why}`);
  }
  await doc.destroy();
}
console.log(`${pages} pages of ${list.length - unreadable} PDFs (${unreadable} unreadable):`, all);
if (args.includes('--eval')) console.log('annotated pages:', annotated);
