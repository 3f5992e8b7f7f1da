/**
 * False cuts inside single documents: every labelled open corpus document (classification
 * bench's cached parse, up to its first 20 pages) is one document, so the splitter should
 * return one segment for each. Prints the documents it cuts and where, and the count of
 * false cuts over all page boundaries. Complements bench/split.ts (which measures cuts found).
 *   npx tsx bench/split-single.ts
 */
import { classifyPages } from '../src/pipeline/page-classes/classify-document.js';
import { pageExtras, segmentPages } from '../src/pipeline/page-classes/boundaries.js';
import { corpusDocument, lazyEngine, openLabels } from './lib/classify-corpus.js';

const eng = lazyEngine();
const rows = openLabels();
const types = [...new Set(rows.map((r) => r.docType))];
let boundaries = 0;
let falseCuts = 0;
let docs = 0;
for (const r of rows) {
  // The corpus MANIFEST: this file holds two different invoices, one a page (cutting it is right).
  if (r.path.endsWith('products/invoices/invoice.pdf')) continue;
  const doc = await corpusDocument(eng.get, r.path);
  const pageCount = Math.max(0, ...doc.pages.map((p) => p.pageNumber));
  if (pageCount < 2) continue;
  docs++;
  const { evidence, pages, profiles } = classifyPages({ doc, pageCount, categories: types.map((name) => ({ name })) });
  const segs = segmentPages(evidence, pages, pageExtras(doc, pageCount), profiles.map((p) => p.name));
  boundaries += pageCount - 1;
  falseCuts += segs.length - 1;
  if (segs.length > 1) console.log(`${r.path} (${pageCount} pages): cut at ${segs.slice(1).map((s) => s.startPage).join(', ')}`);
}
console.log(`\n${docs} multi-page single documents, ${boundaries} page boundaries: ${falseCuts} false cuts (${((100 * falseCuts) / (boundaries || 1)).toFixed(1)}%)`);
await eng.close();
