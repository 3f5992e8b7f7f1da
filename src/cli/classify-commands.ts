/**
 * `quire classify FILE --categories '[{"name":"invoice"},...]'` and
 * `quire split FILE.pdf --classes invoice,receipt [--categories '{...}'] [--out-dir DIR]`:
 * run the job to a terminal state and print the final job object (the same JSON as
 * `GET /classify/{job_id}` and `GET /splitter/{job_id}`). `--out-dir` copies the split PDFs
 * there. Kept apart from main.ts so the wiring there is one call.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { createEngine } from '../jobs/engine.js';
import { QuireError, errorMessage } from '../errors.js';
import { writeJsonFile, writeJsonStream } from './write-json.js';

interface CmdOpts {
  out?: string;
  workers?: string;
  categories?: string;
  conditions?: string;
  classes?: string;
  outDir?: string;
  password?: string;
}

function print(value: unknown, out: string | undefined): void {
  if (out) writeJsonFile(out, value);
  else if (process.stdout.isTTY) process.stdout.write(JSON.stringify(value, null, 2) + '\n');
  else writeJsonStream(process.stdout, value);
}

async function run(kind: 'classify' | 'split', file: string, o: CmdOpts): Promise<number> {
  const engine = createEngine({ workers: o.workers ? Number(o.workers) : undefined, maxConcurrentJobs: 1 });
  try {
    const options: Record<string, unknown> = {};
    for (const k of ['categories', 'conditions', 'classes', 'password'] as const) if (o[k] !== undefined) options[k] = o[k];
    if (kind === 'classify') {
      const created = await engine.classify(file, options);
      const final = await engine.waitForClassifyJob(created.job_id);
      print(final, o.out);
      if (final.status !== 'completed') process.stderr.write(`quire: classification failed: ${final.error}\n`);
      return final.status === 'completed' ? 0 : 1;
    }
    const created = await engine.split(file, options);
    const final = await engine.waitForSplitJob(created.job_id);
    const files = (final.result as { files?: Array<{ name: string; full_path: string }> } | null)?.files ?? [];
    if (o.outDir && final.status === 'completed') {
      fs.mkdirSync(o.outDir, { recursive: true });
      for (const f of files) fs.copyFileSync(fileURLToPath(f.full_path), path.join(o.outDir, f.name));
    }
    print(final, o.out);
    if (final.status !== 'completed') process.stderr.write(`quire: split failed: ${final.error}\n`);
    return final.status === 'completed' ? 0 : 1;
  } catch (err) {
    process.stderr.write(`quire: ${errorMessage(err)}\n`);
    return err instanceof QuireError && err.status === 400 ? 2 : 1;
  } finally {
    await engine.close();
  }
}

export function addClassifyCommands(program: Command): void {
  program
    .command('classify')
    .description('Classify a PDF or image into caller-given categories; prints the classification job.')
    .argument('<file>', 'path or http(s) URL of the PDF or image')
    .option('--categories <json>', 'JSON array of {"name": ..., "description"?: ...}')
    .option('--conditions <json>', 'older form: JSON list of category names')
    .option('--password <pw>', 'password of an encrypted PDF')
    .option('--out <file>', 'write the final job JSON here instead of stdout')
    .option('--workers <n>', 'worker threads (default: cores)')
    .action(async (file: string, o: CmdOpts) => {
      process.exitCode = await run('classify', file, o);
    });
  program
    .command('split')
    .description('Split a mixed PDF into one PDF per document found; prints the split job.')
    .argument('<file>', 'path or http(s) URL of the PDF')
    .requiredOption('--classes <list>', 'comma-separated categories, e.g. invoice,receipt')
    .option('--categories <json>', 'JSON object mapping category name to description')
    .option('--out-dir <dir>', 'copy the split PDFs into this folder')
    .option('--password <pw>', 'password of an encrypted PDF')
    .option('--out <file>', 'write the final job JSON here instead of stdout')
    .option('--workers <n>', 'worker threads (default: cores)')
    .action(async (file: string, o: CmdOpts) => {
      process.exitCode = await run('split', file, o);
    });
}
