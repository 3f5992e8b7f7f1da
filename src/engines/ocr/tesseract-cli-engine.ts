/**
 * The native `tesseract` executable (Debian `tesseract-ocr` and the like), one process per
 * page: the raster goes in on stdin as PNM, TSV comes back on stdout. OMP_THREAD_LIMIT=1
 * keeps each process on one core, as the worker pool already runs one page per core.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ProcessingError } from '../../errors.js';
import type { OcrEngine, OcrPageResult, OcrRequest, RasterImage } from './interface.js';
import { encodePnm } from './pnm-encode.js';
import { parseTesseractTsv } from './tesseract-tsv.js';
import { credibleDpi, DEFAULT_OCR_TIMEOUT_MS, MIN_OCR_SIDE_PX, PSM } from './tesseract-params.js';

export interface TesseractCliOptions {
  name: string;
  binary: string;
  languages: string[];
  /** Passed as --tessdata-dir; default: the binary's own data folder. */
  tessdataDir?: string;
  timeoutMs?: number;
}

/** A page's TSV is tens of kilobytes; anything far beyond is a runaway. */
const MAX_STDOUT_BYTES = 64 * 1024 * 1024;

/** The executable to use: an explicit path, else `tesseract` on PATH. Null when absent. */
export function findTesseractBinary(explicit?: string): string | null {
  const candidates = explicit ? [explicit] : (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((d) => path.join(d, 'tesseract'));
  for (const c of candidates) {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      if (fs.statSync(c).isFile()) return c;
    } catch {
      // not there: try the next one
    }
  }
  return null;
}

/** Languages the binary can load (`tesseract --list-langs`), or null if it cannot be run. */
export function listCliLanguages(binary: string, tessdataDir?: string): string[] | null {
  const args = tessdataDir ? ['--tessdata-dir', tessdataDir, '--list-langs'] : ['--list-langs'];
  const res = spawnSync(binary, args, { encoding: 'utf8', timeout: 10_000, env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
  if (res.status !== 0) return null;
  return `${res.stdout}\n${res.stderr}`
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[A-Za-z0-9_]+$/.test(l));
}

export function cliVersion(binary: string): string {
  const res = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return `${res.stdout ?? ''}${res.stderr ?? ''}`.split('\n')[0]?.trim() ?? 'tesseract';
}

export class TesseractCliEngine implements OcrEngine {
  readonly name: string;
  readonly description: string;
  private readonly opts: TesseractCliOptions;
  private readonly running = new Set<ReturnType<typeof spawn>>();
  private terminated = false;

  constructor(opts: TesseractCliOptions) {
    this.opts = opts;
    this.name = opts.name;
    this.description = `${cliVersion(opts.binary)} native ${opts.languages.join('+')} LSTM (${opts.binary}, OMP_THREAD_LIMIT=1)`;
  }

  async recognize(image: RasterImage, request: OcrRequest = {}): Promise<OcrPageResult> {
    if (this.terminated) throw new ProcessingError('processing_error', 'OCR engine was terminated');
    if (image.width < MIN_OCR_SIDE_PX || image.height < MIN_OCR_SIDE_PX) {
      return parseTesseractTsv('', image.width, image.height, this.description);
    }
    const args = ['stdin', 'stdout', '-l', this.opts.languages.join('+'), '--oem', '1', '--psm', PSM[request.segmentation ?? 'auto']];
    if (this.opts.tessdataDir) args.unshift('--tessdata-dir', this.opts.tessdataDir);
    const dpi = credibleDpi(request.dpi ?? image.dpi);
    if (dpi) args.push('--dpi', String(dpi));
    args.push('tsv');
    const tsv = await this.run(args, encodePnm(image));
    return parseTesseractTsv(tsv, image.width, image.height, this.description);
  }

  async terminate(): Promise<void> {
    this.terminated = true;
    for (const child of this.running) child.kill('SIGKILL');
    this.running.clear();
  }

  private run(args: string[], input: Buffer): Promise<string> {
    const timeoutMs = this.opts.timeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const child = spawn(this.opts.binary, args, {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      this.running.add(child);
      const out: Buffer[] = [];
      let outBytes = 0;
      let stderr = '';
      let failure: ProcessingError | undefined;
      const fail = (e: ProcessingError) => {
        failure ??= e;
        child.kill('SIGKILL');
      };
      const timer = setTimeout(() => fail(new ProcessingError('timeout', `OCR of one page took longer than ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
      child.stdout.on('data', (d: Buffer) => {
        outBytes += d.length;
        if (outBytes > MAX_STDOUT_BYTES) fail(new ProcessingError('processing_error', 'OCR output exceeded its size limit'));
        else out.push(d);
      });
      child.stderr.on('data', (d: Buffer) => {
        if (stderr.length < 4096) stderr += d.toString('utf8');
      });
      child.on('error', (e) => fail(new ProcessingError('processing_error', `Could not run ${this.opts.binary}: ${e.message}`)));
      // EPIPE when tesseract exits early (bad input): the exit code tells the story.
      child.stdin.on('error', () => undefined);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        this.running.delete(child);
        if (failure) return reject(failure);
        if (code !== 0) {
          const why = stderr.split('\n').filter((l) => l && !/^Estimating resolution|^Warning/.test(l)).slice(-2).join(' ');
          return reject(new ProcessingError('processing_error', `tesseract exited with ${signal ?? code}${why ? `: ${why}` : ''}`));
        }
        resolve(Buffer.concat(out).toString('utf8'));
      });
      child.stdin.end(input);
    });
  }
}
