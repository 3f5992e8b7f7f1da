/**
 * `quire markdown FILE_OR_ARCHIVE [--pages 1-5] [--out FILE]`: the v3 markdown parse of a
 * PDF or of a .tar/.tar.gz/.zip of PDFs; prints the final v3 job object (`done` with
 * `pages` or `documents`, or `failed` with `error`). Kept in its own file so the CLI's
 * main module only registers it.
 */
import type { Command } from 'commander';
import { createEngine } from '../../jobs/engine.js';
import { QuireError, errorMessage } from '../../errors.js';
import { writeJsonFile, writeJsonStream } from '../write-json.js';

export function registerMarkdownCommand(program: Command): void {
  program
    .command('markdown')
    .description('v3 markdown parse: markdown per page of a PDF, or of every PDF in a .tar, .tar.gz or .zip archive.')
    .argument('<file>', 'path or http(s) URL of the PDF or archive')
    .option('--pages <selector>', 'pages to parse, e.g. 1-5 or 1,3,7-9')
    .option('--out <file>', 'write the final job JSON here instead of stdout')
    .option('--workers <n>', 'worker threads (default: cores)')
    .action(async (file: string, opts: { pages?: string; out?: string; workers?: string }) => {
      const engine = createEngine({ workers: opts.workers ? Number(opts.workers) : undefined, maxConcurrentJobs: 1 });
      try {
        const created = engine.parseMarkdown(file, opts.pages !== undefined ? { pages: opts.pages } : {});
        const final = await engine.waitForMarkdownJob(created.job_id);
        // The kept PDF copies are not needed once the pages are printed; a result_url file stays.
        await engine.markdownJobs.releaseIntermediates(created.job_id);
        if (opts.out) writeJsonFile(opts.out, final);
        else if (process.stdout.isTTY) process.stdout.write(JSON.stringify(final, null, 2) + '\n');
        else writeJsonStream(process.stdout, final);
        if (final.status === 'failed') process.stderr.write(`quire: job failed: ${final.error}\n`);
        process.exitCode = final.status === 'done' ? 0 : 1;
      } catch (err) {
        process.stderr.write(`quire: ${errorMessage(err)}\n`);
        process.exitCode = err instanceof QuireError && err.status === 400 ? 2 : 1;
      } finally {
        await engine.close();
      }
    });
}
