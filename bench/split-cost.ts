/**
 * Where the time of a split goes: on a warm engine, the split job of a PDF against a job that
 * only reads its neutral document (the same ctx.parseDocument call the split makes), run
 * alternately, CPU time of all threads (process.cpuUsage) and wall time, median of N rounds.
 * The difference is the split's own work: page scoring, boundaries, writing the PDFs.
 *   npx tsx bench/split-cost.ts FILE.pdf [--rounds N]
 */
import { performance } from 'node:perf_hooks';
import { createEngine } from '../src/jobs/engine.js';
import { registerDocumentOperation } from './lib/classify-corpus.js';

const file = process.argv[2]!;
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 3;
registerDocumentOperation();
const engine = createEngine({});
const classes = 'invoice,receipt,resume,id_document,shipping_document,business_card,form,other,letter,meeting_document,legal,report,manual,scientific_paper,book';
const runs: Record<string, Array<{ wall: number; cpu: number }>> = { split: [], document: [] };
async function once(op: 'split' | 'bench_document'): Promise<{ wall: number; cpu: number }> {
  const t = performance.now();
  const c0 = process.cpuUsage();
  const job = await engine.submit<{ job_id: string }>(op, file, op === 'split' ? { classes } : {});
  const res = await engine.wait<any>(job.job_id);
  if (res.status !== 'completed' && res.state !== 'succeeded') throw new Error(JSON.stringify(res).slice(0, 300));
  const c = process.cpuUsage(c0);
  return { wall: (performance.now() - t) / 1000, cpu: (c.user + c.system) / 1e6 };
}
await once('split'); // warm-up
for (let r = 0; r < rounds; r++) {
  runs.split!.push(await once('split'));
  runs.document!.push(await once('bench_document'));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [k, v] of Object.entries(runs)) console.log(`${k}: median wall ${median(v.map((x) => x.wall)).toFixed(2)} s, CPU ${median(v.map((x) => x.cpu)).toFixed(2)} s over ${rounds} rounds (${engine.pool.threads} workers)`);
await engine.close();
