/**
 * What the layout-model stage costs a parse: `npx tsx bench/layout-cost.ts [FILE] [--runs 2]`
 * (default: the corpus's freeculture.pdf). Alternates engines with and without the model
 * (`layoutModel: null`), default options, and prints each wall time.
 */
import { createEngine } from '../src/index.js';
import { corpusPath } from './lib/corpus.js';

const args = process.argv.slice(2);
const ri = args.indexOf('--runs');
const runs = ri >= 0 ? Number(args[ri + 1]) : 2;
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs') ?? corpusPath('long/pdf.js/test/pdfs/freeculture.pdf');

for (let r = 0; r < runs; r++) {
  for (const layoutModel of [null, undefined] as const) {
    const engine = createEngine({ layoutModel });
    const t = performance.now();
    const { job_id } = await engine.parse(file, {});
    await engine.waitForJob(job_id, { timeoutMs: 600_000 });
    const view = await engine.getParseJob(job_id);
    console.log(`${layoutModel === null ? 'without model' : 'with model   '} ${view.status} ${((performance.now() - t) / 1000).toFixed(2)} s`);
    await engine.close();
  }
}
