/**
 * CPU time of the column-gutter search run cold, as a pool worker runs it: each build's
 * findColumnGutters (findGutters where a build has no other) over the text runs of a PDF's
 * pages, once, in a fresh process per measurement, builds alternating so a busy machine slows
 * them alike. Prints each build's median CPU ms of that one cold pass, and of a second (warm)
 * pass in the same process, and a hash of the gutters found so builds can be checked to agree.
 *
 * Why cold: a worker analyses a few hundred pages at most, so what the search costs before and
 * while V8 optimises it (its background compile threads included: process CPU counts them) is
 * most of what it costs in a parse; a warm loop hides that.
 *
 * Usage: npx tsx bench/gutter-cpu.ts OTHER_BUILD... [--file corpus/relative.pdf] [--rounds N] [--first P]
 * (each build's dist/ must exist: `npm run build`). The runs are read once by this build's
 * reader and cached in bench/.cache/.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasCorpus } from './lib/corpus.js';
import { extractPageContents, pageBenchArgs } from './lib/page-contents.js';

const { root, others, rel, rounds, first } = pageBenchArgs();
if (!hasCorpus) throw new Error('corpus not found (set QUIRE_CORPUS)');

interface Run {
  text: string;
  bbox: { left: number; top: number; width: number; height: number };
}

// The runs each page's line building hands to the gutter search (build-lines.ts: non-blank,
// non-negative width, positive height, by vertical centre).
const cache = path.join(root, 'bench/.cache', `gutter-runs-${path.basename(rel)}-${first}.json`);
if (!fs.existsSync(cache)) {
  const pages: Run[][] = [];
  for (const c of (await extractPageContents(root, rel, first)) as Array<{ runs: Run[] }>) {
    pages.push(c.runs.filter((r) => r.text.trim().length > 0 && r.bbox.width >= 0 && r.bbox.height > 0).sort((a, b) => a.bbox.top + a.bbox.height / 2 - (b.bbox.top + b.bbox.height / 2)));
  }
  fs.mkdirSync(path.dirname(cache), { recursive: true });
  fs.writeFileSync(cache, JSON.stringify(pages));
}

// One measurement, in a fresh process: a cold pass, then a warm one.
const child = `
import fs from 'node:fs';
import { createHash } from 'node:crypto';
const m = await import(process.argv[1]);
const f = m.findColumnGutters ?? m.findGutters;
const pages = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
let t = cpu();
const found = pages.map((r) => f(r));
const cold = cpu() - t;
t = cpu();
for (const r of pages) f(r);
const warm = cpu() - t;
console.log(JSON.stringify({ cold, warm, fn: m.findColumnGutters ? 'findColumnGutters' : 'findGutters', hash: createHash('sha1').update(JSON.stringify(found)).digest('hex').slice(0, 10) }));
`;
const builds = [{ name: 'head', dir: root }, ...others.map((dir, i) => ({ name: others.length === 1 ? 'base' : `build${i + 1}`, dir }))];
const results = new Map<string, Array<{ cold: number; warm: number; fn: string; hash: string }>>();
for (let r = 0; r < rounds; r++) {
  for (const b of r % 2 === 0 ? builds : builds.slice().reverse()) {
    const mod = pathToFileURL(path.join(b.dir, 'dist/pipeline/lines/gutters.js')).href;
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', child, mod, cache], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`${b.name}: ${out.stderr.slice(-400)}`);
    results.set(b.name, [...(results.get(b.name) ?? []), JSON.parse(out.stdout)]);
  }
}
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1]!;
console.log(`${path.basename(rel)}: pages ${first}-, ${rounds} rounds, median CPU ms of one pass in a fresh process`);
for (const b of builds) {
  const rs = results.get(b.name)!;
  console.log(`  ${b.name.padEnd(6)} ${rs[0]!.fn.padEnd(17)} cold ${median(rs.map((x) => x.cold)).toFixed(0).padStart(5)}  warm ${median(rs.map((x) => x.warm)).toFixed(0).padStart(4)}  gutters ${rs[0]!.hash}  (${b.dir})`);
}
