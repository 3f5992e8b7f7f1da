/**
 * The v3 markdown parse, measured. Not run by `npm test`.
 *
 *   npx tsx bench/v3-markdown.ts fidelity [--max-pages N] [--limit N] [--filter SUBSTR]
 *     v3 page markdown of the corpus's born-digital PDFs vs pdftotext words: bag-of-words F1
 *     (markdown syntax stripped: link targets, image placeholders; words() drops punctuation).
 *   npx tsx bench/v3-markdown.ts speed [FILE] [--rounds N] [--base DIR]   (default long/pdf.js/test/pdfs/freeculture.pdf)
 *     wall time of `quire parse` (engine.parse, default options) and of the v3 markdown parse
 *     on the same file in the same run, alternating order, 3 rounds (--rounds N) after a warm-up of
 *     each; prints best-of and median ratios, of wall time and of CPU time (process.cpuUsage:
 *     main thread and the worker threads together), and the load average. --base DIR adds the
 *     v3 parse of another build (DIR/dist, e.g. the commit before a change, `git archive` +
 *     `npm run build`) to the rotation and prints its ratios too: a same-run A/B.
 *   npx tsx bench/v3-markdown.ts idle [FILE] [--rounds N]
 *     worker-slot time the pool leaves idle inside each parse and v3 job (alternating): the
 *     gaps of a job's own making, which machine load does not create (as it does wall time).
 *   npx tsx bench/v3-markdown.ts threads [FILE] [--rounds N]
 *     CPU time per thread kind (Linux /proc/self/task), parse and v3 alternating, medians:
 *     the main thread, the threads that existed before the engine (V8's platform threads:
 *     concurrent GC and compilation; libuv), and the threads started after (pool workers,
 *     the OCR and layout-model threads). Shows where a job's CPU goes, which the total hides.
 *   npx tsx bench/v3-markdown.ts memory [FILE] [--parse]
 *     one v3 markdown job (or, with --parse, one `quire parse` job) in a fresh process; prints
 *     peak RSS (resourceUsage().maxRSS) and the heap after the job. Run each in its own process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createEngine } from '../src/index.js';
import { bornDigitalPdfs } from './lib/born-digital.js';
import { corpusPath } from './lib/corpus.js';
import { pdftotextPages } from './lib/fidelity.js';
import { bagOfWords, f1, words, type BagScore } from './lib/text-metrics.js';

const args = process.argv.slice(2);
const mode = args[0] ?? 'fidelity';
const opt = (name: string, d: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : d);

function markdownWords(md: string): string[] {
  const plain = md
    .replace(/<!--.*?-->/g, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ') // <br> inside table cells and other markup
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, ' $1 ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, ' $1 ')
    .replace(/\\([\\_*`|])/g, '$1');
  return words(plain);
}

// Threads alive before the engine starts: V8's platform threads and libuv's (threads mode).
const early = new Set(fs.existsSync('/proc/self/task') ? fs.readdirSync('/proc/self/task') : []);
const engine = createEngine();
try {
  if (mode === 'fidelity') {
    const files = bornDigitalPdfs(Number(opt('--max-pages', '60')), opt('--filter', '')).slice(0, Number(opt('--limit', '1000')));
    const total: BagScore = { tp: 0, predicted: 0, reference: 0 };
    const scores: number[] = [];
    for (const rel of files) {
      const file = corpusPath(rel);
      const job = await engine.waitForMarkdownJob(engine.parseMarkdown(file).job_id);
      if (job.status !== 'done') {
        console.log(`ERROR ${rel}: ${job.error}`);
        scores.push(0);
        continue;
      }
      const ours = (job.pages ?? []).flatMap((p) => markdownWords(p.markdown));
      const ref = words(pdftotextPages(file).join('\n'));
      const bag = bagOfWords(ours, ref);
      total.tp += bag.tp;
      total.predicted += bag.predicted;
      total.reference += bag.reference;
      scores.push(f1(bag));
      console.log(`${f1(bag).toFixed(3)}  ${String(job.page_count).padStart(4)}p  ${rel}`);
    }
    const macro = scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length);
    console.log(`\nv3 markdown vs pdftotext, bag-of-words F1: micro ${f1(total).toFixed(4)}  macro ${macro.toFixed(4)}  over ${scores.length} documents; >= 0.97: ${scores.filter((s) => s >= 0.97).length}`);
  } else if (mode === 'memory') {
    const file = args[1] && !args[1].startsWith('--') ? args[1] : corpusPath('long/pdf.js/test/pdfs/freeculture.pdf');
    const c0 = process.cpuUsage();
    if (args.includes('--parse')) {
      const done = await engine.waitForJob((await engine.parse(file)).job_id);
      if (done.status !== 'Succeeded') throw new Error(`parse: ${done.message}`);
    } else {
      const done = await engine.waitForMarkdownJob(engine.parseMarkdown(file).job_id);
      if (done.status !== 'done') throw new Error(`v3: ${done.error}`);
      console.log(`pages=${done.page_count ?? done.documents?.length} result_url=${done.result_url ?? '-'}`);
    }
    const c = process.cpuUsage(c0);
    const mib = (n: number) => (n / 1048576).toFixed(0);
    console.log(`${args.includes('--parse') ? 'parse' : 'v3 markdown'}: peak RSS ${mib(process.resourceUsage().maxRSS * 1024)} MiB, heap used after ${mib(process.memoryUsage().heapUsed)} MiB, CPU ${((c.user + c.system) / 1e6).toFixed(2)} s`);
  } else if (mode === 'threads') {
    const file = args[1] && !args[1].startsWith('--') ? args[1] : corpusPath('long/pdf.js/test/pdfs/freeculture.pdf');
    // utime + stime of each thread, in seconds (USER_HZ = 100 on Linux).
    const snap = () => {
      const m = new Map<string, number>();
      for (const t of fs.readdirSync('/proc/self/task')) {
        try {
          const st = fs.readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
          const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
          m.set(t, (Number(f[11]) + Number(f[12])) / 100);
        } catch {
          // the thread ended between the listing and the read
        }
      }
      return m;
    };
    const kindOf = (t: string) => (t === String(process.pid) ? 'main thread' : early.has(t) ? 'V8 platform + libuv' : 'workers, OCR, model');
    const jobs = {
      parse: async () => void (await engine.waitForJob((await engine.parse(file)).job_id)),
      v3: async () => void (await engine.waitForMarkdownJob(engine.parseMarkdown(file).job_id)),
    };
    await jobs.parse();
    await jobs.v3();
    const runs: Record<string, Array<Record<string, number>>> = { parse: [], v3: [] };
    for (let i = 0; i < Number(opt('--rounds', '5')); i++) {
      for (const [name, run] of i % 2 ? Object.entries(jobs).reverse() : Object.entries(jobs)) {
        const a = snap();
        const c0 = process.cpuUsage();
        await run();
        const c = process.cpuUsage(c0);
        const by: Record<string, number> = { 'all threads (process.cpuUsage)': (c.user + c.system) / 1e6 };
        for (const [t, v] of snap()) by[kindOf(t)] = (by[kindOf(t)] ?? 0) + v - (a.get(t) ?? 0);
        runs[name]!.push(by);
      }
    }
    const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (const k of Object.keys(runs.parse![0]!)) {
      const p = median(runs.parse!.map((r) => r[k] ?? 0));
      const m = median(runs.v3!.map((r) => r[k] ?? 0));
      console.log(`${k.padEnd(32)} parse ${p.toFixed(2)} s  v3 ${m.toFixed(2)} s  ratio ${(m / p).toFixed(3)}`);
    }
    console.log(`load average at the end: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
  } else if (mode === 'idle') {
    // Worker-slot time the pool leaves idle inside a job (between its first task's start and
    // its last task's end): the gaps a job's own structure leaves, which load elsewhere on the
    // machine does not create (wall time does). Tasks are timed at their hand-off to a worker
    // (the pool's private runNow, wrapped here: queue waits are not work).
    const file = args[1] && !args[1].startsWith('--') ? args[1] : corpusPath('long/pdf.js/test/pdfs/freeculture.pdf');
    const pool = engine.pool as unknown as { runNow: (...a: unknown[]) => Promise<unknown>; threads: number };
    let events: Array<[number, number]> = [];
    const runNow = pool.runNow.bind(pool);
    pool.runNow = async (...a: unknown[]) => {
      events.push([performance.now(), 1]);
      try {
        return await runNow(...a);
      } finally {
        events.push([performance.now(), -1]);
      }
    };
    const jobs = {
      parse: async () => void (await engine.waitForJob((await engine.parse(file)).job_id)),
      v3: async () => void (await engine.waitForMarkdownJob(engine.parseMarkdown(file).job_id)),
    };
    await jobs.parse();
    await jobs.v3();
    for (let i = 0; i < Number(opt('--rounds', '3')); i++) {
      for (const [name, run] of i % 2 ? Object.entries(jobs).reverse() : Object.entries(jobs)) {
        events = [];
        await run();
        let busy = 0;
        let idle = 0;
        let last = events[0]![0];
        for (const [t, d] of events) {
          idle += Math.max(0, pool.threads - busy) * (t - last);
          busy += d;
          last = t;
        }
        const slots = (events[events.length - 1]![0] - events[0]![0]) * pool.threads;
        console.log(`${name.padEnd(5)} idle ${(idle / 1000).toFixed(2)} of ${(slots / 1000).toFixed(2)} worker-slot s (${((100 * idle) / slots).toFixed(1)}%)`);
      }
    }
  } else {
    const file = args[1] && !args[1].startsWith('--') ? args[1] : corpusPath('long/pdf.js/test/pdfs/freeculture.pdf');
    // --base DIR: also the v3 parse of another build (its dist/, built with `npm run build`),
    // in the same rotation: the same-run A/B of a change to the v3 path.
    const baseDir = args.includes('--base') ? path.resolve(opt('--base', '')) : null;
    const baseEngine = baseDir ? ((await import(pathToFileURL(path.join(baseDir, 'dist/index.js')).href)) as typeof import('../src/index.js')).createEngine() : null;
    const v3Of = (e: typeof engine, label: string) => async () => {
      const done = await e.waitForMarkdownJob(e.parseMarkdown(file).job_id);
      if (done.status !== 'done') throw new Error(`${label}: ${done.error}`);
    };
    const jobs: Record<string, () => Promise<void>> = {
      parse: async () => {
        const done = await engine.waitForJob((await engine.parse(file)).job_id);
        if (done.status !== 'Succeeded') throw new Error(`parse: ${done.message}`);
      },
      v3: v3Of(engine, 'v3'),
      ...(baseEngine ? { 'base v3': v3Of(baseEngine, 'base v3') } : {}),
    };
    try {
      for (const run of Object.values(jobs)) await run(); // warm-up: workers started, code cache written
      const names = Object.keys(jobs);
      const wall: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
      const cpu: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
      // Rotating order, reversed every other round, so a burst of load elsewhere on the machine
      // hits every side alike.
      for (let i = 0; i < Number(opt('--rounds', '3')); i++) {
        const order = [...names.slice(i % names.length), ...names.slice(0, i % names.length)];
        for (const n of i % 2 ? order.reverse() : order) {
          const c0 = process.cpuUsage();
          const t0 = performance.now();
          await jobs[n]!();
          const c = process.cpuUsage(c0);
          wall[n]!.push((performance.now() - t0) / 1000);
          cpu[n]!.push((c.user + c.system) / 1e6);
        }
      }
      const best = (xs: number[]) => Math.min(...xs);
      const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      for (const n of names) console.log(`${n}: wall ${wall[n]!.map((x) => x.toFixed(2)).join(', ')} s; CPU ${cpu[n]!.map((x) => x.toFixed(2)).join(', ')} s`);
      const ratio = (a: string, b: string) => {
        console.log(`ratio ${a}/${b}: wall best-of ${(best(wall[a]!) / best(wall[b]!)).toFixed(3)}, median ${(median(wall[a]!) / median(wall[b]!)).toFixed(3)}`);
        console.log(`CPU ratio ${a}/${b}: best-of ${(best(cpu[a]!) / best(cpu[b]!)).toFixed(3)}, median ${(median(cpu[a]!) / median(cpu[b]!)).toFixed(3)}`);
      };
      ratio('v3', 'parse');
      if (baseEngine) {
        ratio('base v3', 'parse');
        ratio('v3', 'base v3');
      }
      // Wall time on a loaded machine is noise: say how loaded it was (1-minute load average, cores).
      console.log(`load average at the end: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
    } finally {
      await baseEngine?.close();
    }
  }
} finally {
  await engine.close();
}
