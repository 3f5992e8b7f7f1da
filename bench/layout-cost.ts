/**
 * What the layout-model stage costs a parse: `npx tsx bench/layout-cost.ts [FILE] [--runs 2]`
 * (default: the corpus's freeculture.pdf). Alternates three engines, default options:
 *  - without the model (`layoutModel: null`),
 *  - the model routed as before issue 27 (QUIRE_LAYOUT_ROUTING=text-layer: only pages whose
 *    text layer cannot explain them),
 *  - the default routing (smart_layout_detection: the model on pages whose text layer shows
 *    columns, formulas or unexplained graphics; layout-fusion/page-complexity.ts),
 *  - the model on every page (what `advanced_layout_detection` runs; QUIRE_LAYOUT_ROUTING=every-page),
 * and prints each one's wall time and the process CPU time (worker threads included) per page.
 */
import { createEngine } from '../src/index.js';
import { corpusPath } from './lib/corpus.js';

const args = process.argv.slice(2);
const ri = args.indexOf('--runs');
const runs = ri >= 0 ? Number(args[ri + 1]) : 2;
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs') ?? corpusPath('long/pdf.js/test/pdfs/freeculture.pdf');

const variants = [
  { name: 'without model      ', layoutModel: null, routing: undefined },
  { name: 'model, old routing ', layoutModel: undefined, routing: 'text-layer' },
  { name: 'model, default     ', layoutModel: undefined, routing: undefined },
  { name: 'model on every page', layoutModel: undefined, routing: 'every-page' },
] as const;
for (let r = 0; r < runs; r++) {
  for (const v of variants) {
    // Worker threads copy the environment when they start, so set it before the engine.
    if (v.routing) process.env.QUIRE_LAYOUT_ROUTING = v.routing;
    else delete process.env.QUIRE_LAYOUT_ROUTING;
    const engine = createEngine({ layoutModel: v.layoutModel, workers: 1 });
    const t = performance.now();
    const cpu0 = process.cpuUsage();
    const { job_id } = await engine.parse(file, {});
    const res = (await engine.waitForJob(job_id, { timeoutMs: 600_000 })) as { status: string; page_count?: number };
    const cpu = process.cpuUsage(cpu0);
    const pages = Math.max(1, res.page_count ?? 1);
    console.log(`${v.name} ${res.status} ${((performance.now() - t) / 1000).toFixed(2)} s wall, CPU ${((cpu.user + cpu.system) / 1000 / pages).toFixed(0)} ms/page (${pages} pages)`);
    await engine.close();
  }
}
