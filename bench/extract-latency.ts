/**
 * End-to-end extraction latency with a warm engine (issue 23: median ≤ 1.5 s for a one-page
 * born-digital invoice, ≤ 3 s for a scanned receipt): `npx tsx bench/extract-latency.ts [runs]`.
 * Submission to `completed`/`review` through engine.submit/wait, after one warm-up job each;
 * the same documents parsed alone in the same run give the share of time that is parsing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createEngine } from '../src/index.js';
import { corpusPath, hasCorpus } from './lib/corpus.js';

if (!hasCorpus) {
  console.error('extract-latency: the corpus is not available (set QUIRE_CORPUS)');
  process.exit(1);
}
const runs = Number(process.argv[2] ?? 5);
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'extract-schemas');
const docs = [
  { name: 'born-digital invoice (AmazonWebServices.pdf)', file: corpusPath('invoices/invoice2data/tests/compare/AmazonWebServices.pdf'), schema: fs.readFileSync(path.join(dir, 'invoice.json'), 'utf8') },
  { name: 'scanned receipt (SROIE 023.jpg)', file: corpusPath('invoices/ICDAR-2019-SROIE/data/img/023.jpg'), schema: fs.readFileSync(path.join(dir, 'receipt.json'), 'utf8') },
];
const engine = createEngine({ workers: 1, maxConcurrentJobs: 1 });
const median = (v: number[]) => v.slice().sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
try {
  for (const d of docs) {
    for (const model of ['alpha', 'gamma']) {
      const time = async (op: 'extract' | 'parse') => {
        const t0 = performance.now();
        const opts = op === 'extract' ? { schema_data: d.schema, model, enable_citations: true } : { segmentation_method: 'page_by_page' };
        const { job_id } = await engine.submit<{ job_id: string }>(op, d.file, opts);
        await engine.wait(job_id);
        return performance.now() - t0;
      };
      await time('extract'); // warm-up
      const ext: number[] = [];
      const par: number[] = [];
      for (let i = 0; i < runs; i++) {
        ext.push(await time('extract'));
        par.push(await time('parse'));
      }
      console.log(`${d.name} [${model}]: extraction job median ${(median(ext) / 1000).toFixed(2)} s (parse alone ${(median(par) / 1000).toFixed(2)} s; extraction/parse ${(median(ext) / median(par)).toFixed(2)}x) over ${runs} runs`);
    }
  }
} finally {
  await engine.close();
}
