/**
 * LibreOffice (`soffice`) as a headless converter: legacy DOC/PPT → DOCX/PPTX for the
 * native readers, and office documents → PDF for page numbers, boxes and `pdf_url`.
 * Each conversion runs in its own temporary profile (`-env:UserInstallation`), so jobs
 * never share or corrupt a user profile and run concurrently, under a time limit; the
 * process group is killed on time-out or cancellation. Optional: absent soffice is
 * reported by `sofficeAvailable()`, and callers say so in their results.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ProcessingError } from '../../errors.js';

let cached: string | null | undefined;

/** Path of soffice, or null. QUIRE_SOFFICE overrides; QUIRE_SOFFICE=none disables. */
export function sofficePath(): string | null {
  if (cached !== undefined) return cached;
  const env = process.env.QUIRE_SOFFICE;
  if (env === 'none') return (cached = null);
  if (env) return (cached = env);
  try {
    cached = execFileSync('sh', ['-c', 'command -v soffice || command -v libreoffice'], { encoding: 'utf8' }).trim().split('\n')[0] || null;
  } catch {
    cached = null;
  }
  return cached;
}

export function sofficeAvailable(): boolean {
  return sofficePath() !== null;
}

export interface ConvertOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Converts `bytes` (a file named with extension `fromExt`) to `toExt` ('pdf', 'docx',
 * 'pptx'); returns the converted bytes. Throws ProcessingError when LibreOffice is absent,
 * fails, or runs past the limit.
 */
export async function sofficeConvert(bytes: Uint8Array, fromExt: string, toExt: string, opts: ConvertOptions = {}): Promise<Uint8Array> {
  const bin = sofficePath();
  if (!bin) throw new ProcessingError('unsupported_format', `LibreOffice (soffice) is needed to convert .${fromExt} files and is not installed.`);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-soffice-'));
  const timeoutMs = opts.timeoutMs ?? 120_000;
  try {
    const input = path.join(dir, `input.${fromExt}`);
    await fs.writeFile(input, bytes);
    const profile = pathToFileURL(path.join(dir, `profile-${randomUUID()}`)).href;
    const args = [`-env:UserInstallation=${profile}`, '--headless', '--invisible', '--norestore', '--nolockcheck', '--nodefault', '--convert-to', toExt, '--outdir', path.join(dir, 'out'), input];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true, env: { ...process.env, HOME: dir } });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
      const kill = () => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      };
      const timer = setTimeout(() => {
        kill();
        reject(new ProcessingError('processing_error', `LibreOffice took longer than ${Math.round(timeoutMs / 1000)} s to convert the document.`));
      }, timeoutMs);
      const onAbort = () => {
        kill();
        reject(opts.signal?.reason ?? new Error('aborted'));
      };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(new ProcessingError('processing_error', `LibreOffice could not start: ${err.message}`));
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        if (code === 0) resolve();
        else reject(new ProcessingError('corrupt_document', `LibreOffice could not convert the document (exit ${code}): ${stderr.trim().slice(-300)}`));
      });
    });
    const out = path.join(dir, 'out', `input.${toExt}`);
    try {
      return new Uint8Array(await fs.readFile(out));
    } catch {
      throw new ProcessingError('corrupt_document', `LibreOffice could not convert the .${fromExt} document to ${toExt.toUpperCase()} (the file is damaged or not a ${fromExt.toUpperCase()} document).`);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Forget the located soffice (after QUIRE_SOFFICE changes). */
export function resetSofficeCache(): void {
  cached = undefined;
}
