/**
 * Debug aid for the split bench: for one cached bundle, every page boundary's score and the
 * cues that made it, with each page's classification and the first words of its title zone.
 *   npx tsx bench/split-trace.ts SEED BUNDLE_NO [sample|pairs]   |   npx tsx bench/split-trace.ts CORPUS_PATH
 */
import fs from 'node:fs';
import path from 'node:path';
import type { QuireDocument } from '../src/model/quire-document.js';
import { classifyPages } from '../src/pipeline/page-classes/classify-document.js';
import { boundaryScore, pageExtras } from '../src/pipeline/page-classes/boundaries.js';
import { combinePages } from '../src/pipeline/page-classes/score-pages.js';
import { corpusDocument, lazyEngine, openLabels } from './lib/classify-corpus.js';
import { bundleDir, type Design } from './lib/split-bundles.js';

const [seed, no] = process.argv.slice(2).map(Number);
const dir = bundleDir((process.argv[4] ?? 'sample') as Design, seed!);
// A corpus path instead of SEED BUNDLE: that labelled document (the classification bench's cached parse).
const eng = lazyEngine();
const doc = Number.isNaN(seed) ? await corpusDocument(eng.get, process.argv[2]!) : (JSON.parse(fs.readFileSync(path.join(dir, `bundle-${String(no).padStart(2, '0')}.doc2.json`), 'utf8')) as QuireDocument);
const pageCount = Math.max(...doc.pages.map((p) => p.pageNumber));
const types = [...new Set(openLabels().map((r) => r.docType))];
const { evidence, pages } = classifyPages({ doc, pageCount, categories: types.map((name) => ({ name })) });
const extras = pageExtras(doc, pageCount);
let start = 0;
for (let i = 0; i < pageCount; i++) {
  const trace: string[] = [];
  let s = 0;
  if (i > 0) {
    const running = combinePages(pages.slice(start, i), types);
    s = boundaryScore(evidence, pages, extras, i, types.length, trace, running, start);
    if (s >= 0.6) start = i;
  }
  const e = evidence[i]!;
  console.log(`p${i + 1} [${pages[i]!.classification} ${pages[i]!.confidence}] ${e.width.toFixed(0)}x${e.height.toFixed(0)} ${extras[i]!.textSource} words ${e.wordCount} title "${e.rawTitle.replace(/\n/g, ' | ').slice(0, 70)}"`);
  const f = extras[i]!.frame;
  console.log(`   frame ${f ? `${f.left.toFixed(2)}-${f.right.toFixed(2)}` : '-'} furniture ${JSON.stringify(extras[i]!.furniture.map((x) => x.slice(0, 30)))}`);
  if (i > 0) console.log(`   boundary ${s.toFixed(2)}${s >= 0.6 ? ' CUT' : ''}: ${trace.join('; ')}`);
}
await eng.close();
