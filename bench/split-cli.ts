/**
 * Splitting bench through the product path: the built CLI (`node dist/cli/main.js split
 * BUNDLE.pdf --classes <all doc_type names>`, one process per bundle, as a user runs it) on
 * the same bundles and ground truth as bench/split.ts (bench/lib/split-bundles.ts), scored
 * the same way from the printed job JSON (each file's `pages` and `category`). Differences
 * from bench/split.ts's function-level figures are differences of the product path (its
 * parse inside the split job, page sizes, time limits), since bundles and scoring are shared.
 * Build first (`npm run build`). Each job's JSON is kept beside its bundle (bundle-NN.cli.json).
 *   npx tsx bench/split-cli.ts [--seed N] [--design sample|pairs] [--verbose] [--workers N] [--task-timeout S]
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openLabels } from './lib/classify-corpus.js';
import { buildBundles, emptyScore, report, scoreBundle, type Design, type Predicted } from './lib/split-bundles.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'dist/cli/main.js');
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const SEED = Number(arg('--seed') ?? 24);
const DESIGN = (arg('--design') ?? 'sample') as Design;
if (DESIGN !== 'sample' && DESIGN !== 'pairs') throw new Error('--design is sample or pairs');
// One worker by default: the machine is shared; the split's result does not depend on it.
const WORKERS = arg('--workers') ?? '1';
// The CLI's page time limit (default: the product's 60 s). Under heavy load an OCR page can
// exceed it and is skipped (read as blank); the job then lists it in result.skipped_pages.
const TASK_TIMEOUT = arg('--task-timeout');
if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);

const classes = [...new Set(openLabels().map((r) => r.docType))].join(',');
const gts = buildBundles(DESIGN, SEED);
const acc = emptyScore();
const skipped: string[] = [];
for (const gt of gts) {
  const run = spawnSync(process.execPath, [CLI, 'split', gt.file, '--classes', classes, '--workers', WORKERS, ...(TASK_TIMEOUT ? ['--task-timeout', TASK_TIMEOUT] : [])], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`${gt.file}: quire split exited ${run.status}: ${run.stderr.slice(-2000)}`);
  const job = JSON.parse(run.stdout) as { status: string; error?: unknown; result?: { files: Array<{ pages: number[]; category: string }>; skipped_pages?: Array<{ page_number: number; error: string }> } };
  fs.writeFileSync(gt.file.replace(/\.pdf$/, '.cli.json'), JSON.stringify(job, null, 1));
  if (job.status !== 'completed' || !job.result) throw new Error(`${gt.file}: job ${job.status}: ${JSON.stringify(job.error)}`);
  for (const s of job.result.skipped_pages ?? []) skipped.push(`${path.basename(gt.file)} page ${s.page_number}: ${s.error}`);
  // A file whose pages are not one run cannot match a document's exact pages: scored as no match.
  const segs: Predicted[] = job.result.files.map((f) => {
    const run = f.pages.every((p, i) => i === 0 || p === f.pages[i - 1]! + 1);
    return { startPage: run ? f.pages[0]! : -1, endPage: run ? f.pages[f.pages.length - 1]! : -1, category: f.category };
  });
  scoreBundle(acc, gt, segs);
}
if (skipped.length) console.log(`pages the product path skipped (read as blank; the function-level bench parses with a 600 s limit):\n  ${skipped.join('\n  ')}`);
console.log(report(`design ${DESIGN}, seed ${SEED} (built CLI: quire split)`, gts.length, acc, process.argv.includes('--verbose')));
