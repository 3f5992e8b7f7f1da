/**
 * `quire edit FILE.pdf --edit_request @edit.json [--image_files a.png,b.jpg] [--job_id ID]
 * [--upload_to_storage true] --out-pdf edited.pdf`: prints the PDF edit result JSON and writes
 * the edited PDF. `@file` reads a value from a file (as curl does). Image items name uploaded
 * images by file name (the base name of each path in --image_files). Exit code: 0 edited,
 * 1 not edited (the result's message says why), 2 malformed request.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { createEngine } from '../../jobs/engine.js';
import { QuireError, errorMessage } from '../../errors.js';

interface EditCliOptions {
  edit_request?: string;
  image_files?: string;
  job_id?: string;
  upload_to_storage?: string;
  outPdf?: string;
  workers?: string;
  password?: string;
}

async function valueOf(v: string): Promise<string> {
  return v.startsWith('@') ? fs.readFile(v.slice(1), 'utf8') : v;
}

export async function runEditCommand(file: string, o: EditCliOptions): Promise<number> {
  const engine = createEngine({ workers: o.workers ? Number(o.workers) : 1 });
  try {
    const images = new Map<string, Uint8Array>();
    for (const p of (o.image_files ?? '').split(',').map((s) => s.trim()).filter(Boolean)) images.set(path.basename(p), await fs.readFile(p));
    const { result, pdf } = await engine.editPdf(file, {
      edit_request: o.edit_request === undefined ? undefined : await valueOf(o.edit_request),
      image_files: images,
      upload_to_storage: o.upload_to_storage,
      job_id: o.job_id,
      // From @file the file's final newline is not part of the password.
      ...(o.password !== undefined ? { password: o.password.startsWith('@') ? (await valueOf(o.password)).replace(/\r?\n$/, '') : o.password } : {}),
    });
    if (pdf && o.outPdf) await fs.writeFile(o.outPdf, pdf);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return result.success ? 0 : 1;
  } catch (err) {
    process.stderr.write(`quire: ${errorMessage(err)}\n`);
    return err instanceof QuireError && err.status === 400 ? 2 : 1;
  } finally {
    await engine.close();
  }
}

export function registerEditCommand(program: Command): void {
  program
    .command('edit')
    .description('Replace text or images inside boxes of a PDF; what was there is removed, not covered.')
    .argument('<file>', 'path or http(s) URL of the PDF')
    .requiredOption('--edit_request <json>', 'JSON object with "items" (or @file.json)')
    .option('--image_files <paths>', 'comma-separated image files named by image items')
    .option('--job_id <id>', "re-parse the edited PDF with this job's configuration")
    .option('--upload_to_storage <bool>', 'keep the edited PDF and report its URL')
    .option('--password <password>', 'password of an encrypted PDF (or @file); the edited PDF stays encrypted')
    .option('--out-pdf <file>', 'write the edited PDF here')
    .option('--workers <n>', 'worker threads (default 1)')
    .action(async (file: string, o: EditCliOptions) => {
      process.exitCode = await runEditCommand(file, o);
    });
}
