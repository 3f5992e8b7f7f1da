/**
 * `--out-dir DIR`: copies the files a job wrote (entries of `result.files` with a file://
 * `full_path`, such as the PDFs of a split) into a folder of the caller's choosing, before
 * the CLI removes the job's folder. A CLI flag, not an operation option, so no HTTP client can
 * make the server write outside its data folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Copies the job's files into `dir`; returns how many were copied. */
export function copyJobFiles(view: unknown, dir: string): number {
  const files = (view as { result?: { files?: unknown } } | null)?.result?.files;
  if (!Array.isArray(files)) return 0;
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  for (const f of files as Array<{ name?: unknown; full_path?: unknown }>) {
    if (typeof f.full_path !== 'string' || !f.full_path.startsWith('file:')) continue;
    const src = fileURLToPath(f.full_path);
    fs.copyFileSync(src, path.join(dir, path.basename(typeof f.name === 'string' && f.name ? f.name : src)));
    n++;
  }
  return n;
}
