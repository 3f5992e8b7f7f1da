#!/usr/bin/env node
/**
 * `quire <operation> FILE [--<spec option> VALUE ...] [--out FILE]`: runs the job to a
 * terminal state and prints the final status object. Progress goes to stderr on a TTY.
 */
import { Command } from 'commander';
import { createEngine } from '../jobs/engine.js';
import { QuireError, errorMessage } from '../errors.js';
import { writeJsonFile, writeJsonStream } from './write-json.js';
import { addServeCommand } from './serve.js';

/** Unknown `--flag value` pairs become spec options; `--flag` alone means true. */
function collectOptions(args: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) throw new QuireError('usage', `unexpected argument: ${a}`, 2);
    const eq = a.indexOf('=');
    if (eq > 0) {
      out[a.slice(2, eq)] = a.slice(eq + 1);
      continue;
    }
    const next = args[i + 1];
    if (next === undefined || next.startsWith('--')) out[a.slice(2)] = 'true';
    else {
      out[a.slice(2)] = next;
      i++;
    }
  }
  return out;
}

/**
 * The final status object: indented for a person at a terminal, compact for files and pipes
 * (a long document's result is megabytes; indenting costs half again the time and size),
 * written chunk by chunk (write-json.ts).
 */
function writeResult(value: unknown, out: string | undefined): void {
  if (out) writeJsonFile(out, value);
  else if (process.stdout.isTTY) process.stdout.write(JSON.stringify(value, null, 2) + '\n');
  else writeJsonStream(process.stdout, value);
}

async function progressBar() {
  const { default: cliProgress } = await import('cli-progress');
  return new cliProgress.SingleBar({ format: 'pages {bar} {value}/{total}', stream: process.stderr }, cliProgress.Presets.shades_classic);
}

async function runJob(operation: 'parse' | 'parse_excel', file: string, cmdOpts: { out?: string; workers?: string; base64Images?: boolean }, extra: string[]): Promise<number> {
  const options = collectOptions(extra);
  const engine = createEngine({ workers: cmdOpts.workers ? Number(cmdOpts.workers) : undefined, maxConcurrentJobs: 1 });
  // The progress bar's module loads only for a terminal: pipes and files never show it.
  const bar = process.stderr.isTTY ? await progressBar() : undefined;
  let started = false;
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= engine.close());
  try {
    const created = operation === 'parse' ? await engine.parse(file, options) : await engine.parseExcel(file, options);
    const final = await engine.waitForJob(
      created.job_id,
      {
        onProgress: (done, total) => {
          if (!bar) return;
          if (!started) {
            bar.start(total, 0);
            started = true;
          }
          bar.update(done);
        },
      },
      { base64Images: Boolean(cmdOpts.base64Images) },
    );
    bar?.stop();
    void close(); // the engine's work is done: its workers shut down while the result is written
    writeResult(final, cmdOpts.out);
    if (final.status !== 'Succeeded') {
      process.stderr.write(`quire: job ${final.status.toLowerCase()}: ${final.message ?? 'unknown reason'}\n`);
      return 1;
    }
    return 0;
  } catch (err) {
    bar?.stop();
    process.stderr.write(`quire: ${errorMessage(err)}\n`);
    return err instanceof QuireError && err.status === 400 ? 2 : 1;
  } finally {
    await close();
  }
}

/** `quire tables FILE`: prints the final table extraction job object (`results` when completed). */
async function runTablesJob(file: string, cmdOpts: { out?: string; workers?: string }, extra: string[]): Promise<number> {
  const options = collectOptions(extra);
  const engine = createEngine({ workers: cmdOpts.workers ? Number(cmdOpts.workers) : undefined, maxConcurrentJobs: 1 });
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= engine.close());
  try {
    const created = await engine.tables(file, options);
    const final = await engine.waitForTablesJob(created.job_id);
    void close(); // workers shut down while the result is written
    writeResult(final, cmdOpts.out);
    if (final.status !== 'completed') {
      process.stderr.write(`quire: job failed: ${final.error ?? 'unknown reason'}\n`);
      return 1;
    }
    return 0;
  } catch (err) {
    process.stderr.write(`quire: ${errorMessage(err)}\n`);
    return err instanceof QuireError && err.status === 400 ? 2 : 1;
  } finally {
    await close();
  }
}

const program = new Command();
program.name('quire').description('Local, offline document processing.').showHelpAfterError();

program
  .command('tables')
  .description('Detect and extract the tables of a PDF (--page_range, --password accepted).')
  .argument('<file>', 'path or http(s) URL of the PDF')
  .option('--out <file>', 'write the final job JSON here instead of stdout')
  .option('--workers <n>', 'worker threads (default: cores)')
  .allowUnknownOption(true)
  .allowExcessArguments(true)
  .action(async (file: string, cmdOpts: { out?: string; workers?: string }, cmd: Command) => {
    process.exitCode = await runTablesJob(file, cmdOpts, cmd.args.slice(1));
  });

for (const [name, op, desc] of [
  ['parse', 'parse', 'Parse a PDF into chunks and segments'],
  ['excel', 'parse_excel', 'Parse an XLSX/XLS workbook into table segments'],
] as const) {
  program
    .command(name)
    .description(`${desc}. Any spec option can be given as --<option> VALUE (e.g. --segment_filter table,text).`)
    .argument('<file>', 'path or http(s) URL of the document')
    .option('--out <file>', 'write the final status JSON here instead of stdout')
    .option('--workers <n>', 'worker threads (default: cores)')
    .option('--base64-images', 'segment images as data URIs')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(async (file: string, cmdOpts: { out?: string; workers?: string; base64Images?: boolean }, cmd: Command) => {
      process.exitCode = await runJob(op, file, cmdOpts, cmd.args.slice(1));
    });
}

addServeCommand(program);

await program.parseAsync(process.argv);
