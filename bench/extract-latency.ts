/**
 * End-to-end extraction latency with a warm engine (issue 23: median ≤ 1.5 s for a one-page
 * born-digital invoice, ≤ 3 s for a scanned receipt): `npx tsx bench/extract-latency.ts [runs]`.
 * Submission to `completed`/`review` through engine.submit/wait, after one warm-up job each,
 * alternating in the same run with the parse the extraction reads (EXTRACTION_PARSE_OPTIONS)
 * so machine load hits both alike. Prints wall time and CPU time (process.cpuUsage: every
 * thread of this process, the pool's workers and tesseract.js threads included) per job, and
 * the job's own split (metadata.timings_ms: read = its parse, extract, reread = the line re-read
 * of scans, verify). On a shared machine compare the CPU figures; wall time is re-measured on a
 * quiet one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createEngine } from '../src/index.js';
import { EXTRACTION_PARSE_OPTIONS } from '../src/operations/extract/parse-options.js';
import type { ExtractJobView } from '../src/operations/extract/views.js';
import { corpusPath, hasCorpus } from './lib/corpus.js';

if (!hasCorpus) {
  console.error('extract-latency: the corpus is not available (set QUIRE_CORPUS)');
  process.exit(1);
}
const runs = Number(process.argv[2] ?? 5);
const models = (process.argv[3] ?? 'gamma').split(',');
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'extract-schemas');
const docs = [
  { name: 'born-digital invoice (AmazonWebServices.pdf)', file: corpusPath('invoices/invoice2data/tests/compare/AmazonWebServices.pdf'), schema: fs.readFileSync(path.join(dir, 'invoice.json'), 'utf8') },
  { name: 'scanned receipt (SROIE 023.jpg)', file: corpusPath('invoices/ICDAR-2019-SROIE/data/img/023.jpg'), schema: fs.readFileSync(path.join(dir, 'receipt.json'), 'utf8') },
  { name: 'scanned receipt (SROIE 000.jpg)', file: corpusPath('invoices/ICDAR-2019-SROIE/data/img/000.jpg'), schema: fs.readFileSync(path.join(dir, 'receipt.json'), 'utf8') },
];
const engine = createEngine({ workers: 1, maxConcurrentJobs: 1 });
const median = (v: number[]) => v.slice().sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const s = (ms: number) => (ms / 1000).toFixed(2);
try {
  for (const d of docs) {
    for (const model of models) {
      const time = async (op: 'extract' | 'parse') => {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const opts = op === 'extract' ? { schema_data: d.schema, model, enable_citations: true } : EXTRACTION_PARSE_OPTIONS;
        const { job_id } = await engine.submit<{ job_id: string }>(op, d.file, opts);
        const view = await engine.wait<ExtractJobView>(job_id);
        const wall = performance.now() - t0;
        const c = process.cpuUsage(c0);
        await engine.deleteJob(job_id);
        return { wall, cpu: (c.user + c.system) / 1000, split: view.metadata?.timings_ms };
      };
      await time('extract'); // warm-up
      const ext: Awaited<ReturnType<typeof time>>[] = [];
      const par: Awaited<ReturnType<typeof time>>[] = [];
      for (let i = 0; i < runs; i++) {
        ext.push(await time('extract'));
        par.push(await time('parse'));
      }
      const m = (k: 'read' | 'extract' | 'reread' | 'verify') => s(median(ext.map((e) => e.split?.[k] ?? 0)));
      console.log(
        `${d.name} [${model}] over ${runs} runs: extraction job wall ${s(median(ext.map((e) => e.wall)))} s, CPU ${s(median(ext.map((e) => e.cpu)))} s` +
          ` | its parse alone wall ${s(median(par.map((e) => e.wall)))} s, CPU ${s(median(par.map((e) => e.cpu)))} s` +
          ` | job split (wall, median): read ${m('read')} s, extract ${m('extract')} s, line re-read ${m('reread')} s, verify ${m('verify')} s`,
      );
    }
  }
} finally {
  await engine.close();
}
