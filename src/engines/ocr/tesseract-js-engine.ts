/**
 * Tesseract compiled to WebAssembly (tesseract.js 7), LSTM engine only. One tesseract.js
 * worker thread per engine instance, created on first use and reused for every page; pages
 * are queued so a worker never runs two recognitions at once. The WASM core is
 * single-threaded, so a pool worker that owns one engine keeps to one core.
 */
import Tesseract from 'tesseract.js';
import { fileURLToPath } from 'node:url';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import { ProcessingError } from '../../errors.js';
import type { OcrEngine, OcrPageResult, OcrRequest, RasterImage } from './interface.js';
import { encodePnm } from './pnm-encode.js';
import { parseTesseractTsv } from './tesseract-tsv.js';
import { credibleDpi, DEFAULT_OCR_TIMEOUT_MS, MIN_OCR_SIDE_PX, PSM } from './tesseract-params.js';
import type { TessdataLocation } from './tessdata.js';

export interface TesseractJsOptions {
  /** Spec-level name reported by the engine. */
  name: string;
  tessdata: TessdataLocation;
  /** Short label of the model for descriptions ("tessdata_fast", "best_int"). */
  modelLabel: string;
  timeoutMs?: number;
}

/** tesseract.js's worker script with the LSTM-only WASM core and no network (see the file). */
const THREAD_SCRIPT = fileURLToPath(new URL('./tesseract-thread.cjs', import.meta.url));

/** Creating a worker reads and inflates the traineddata; a minute means something is wrong. */
const INIT_TIMEOUT_MS = 60_000;

type TessWorker = Tesseract.Worker & { worker?: ThreadWorker };

export class TesseractJsEngine implements OcrEngine {
  readonly name: string;
  readonly description: string;
  private readonly opts: TesseractJsOptions;
  private worker: Promise<TessWorker> | undefined;
  /** Rejects when the current worker thread dies, so a pending page does not wait forever. */
  private died: Promise<never> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private terminated = false;

  constructor(opts: TesseractJsOptions) {
    this.opts = opts;
    this.name = opts.name;
    const t = opts.tessdata;
    this.description = `tesseract.js ${t.languages.join('+')} LSTM ${opts.modelLabel} (${t.source}${t.version ? `, ${t.version}` : ''})`;
  }

  recognize(image: RasterImage, request: OcrRequest = {}): Promise<OcrPageResult> {
    const run = this.queue.then(() => this.recognizeNow(image, request));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Creates the worker thread (WASM core, traineddata) so the first page does not wait for it. */
  async warmUp(): Promise<void> {
    if (!this.terminated) await this.getWorker();
  }

  async terminate(): Promise<void> {
    this.terminated = true;
    await this.queue;
    await this.dropWorker();
  }

  private async recognizeNow(image: RasterImage, request: OcrRequest): Promise<OcrPageResult> {
    if (this.terminated) throw new ProcessingError('processing_error', 'OCR engine was terminated');
    if (image.width < MIN_OCR_SIDE_PX || image.height < MIN_OCR_SIDE_PX) {
      return parseTesseractTsv('', image.width, image.height, this.description);
    }
    const worker = await this.getWorker();
    const params: Record<string, string> = { tessedit_pageseg_mode: PSM[request.segmentation ?? 'auto'] };
    const dpi = credibleDpi(request.dpi ?? image.dpi);
    if (dpi) params.user_defined_dpi = String(dpi);
    const job = worker.recognize(encodePnm(image), params as Partial<Tesseract.RecognizeOptions>, { text: false, tsv: true });
    const timeoutMs = this.opts.timeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ProcessingError('timeout', `OCR of one page took longer than ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    });
    try {
      const res = await Promise.race([job, timeout, this.died!]);
      return parseTesseractTsv(res.data.tsv ?? '', image.width, image.height, this.description);
    } catch (err) {
      // A timed-out or crashed worker may hold a half-finished page: start afresh next time.
      await this.dropWorker();
      if (err instanceof ProcessingError) throw err;
      throw new ProcessingError('processing_error', `OCR failed: ${String((err as Error)?.message ?? err)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private getWorker(): Promise<TessWorker> {
    this.worker ??= this.createWorker().catch((err) => {
      this.worker = undefined;
      throw err;
    });
    return this.worker;
  }

  private async createWorker(): Promise<TessWorker> {
    const { dir, gzip, languages } = this.opts.tessdata;
    let initFailed: (reason: unknown) => void = () => undefined;
    const failure = new Promise<never>((_, reject) => (initFailed = reject));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out loading OCR language data')), INIT_TIMEOUT_MS);
    });
    const created = Tesseract.createWorker(languages.join('+'), Tesseract.OEM.LSTM_ONLY, {
      // A local folder path: tesseract.js then reads the file with fs and never fetches.
      langPath: dir,
      gzip,
      cacheMethod: 'none',
      workerPath: THREAD_SCRIPT,
      // Without a handler tesseract.js rethrows job errors inside its message listener,
      // which would be an uncaught exception in this thread.
      errorHandler: (e: unknown) => initFailed(e),
      logger: () => undefined,
    });
    try {
      const worker = (await Promise.race([created, failure, timeout])) as TessWorker;
      // tprintf chatter ("Estimating resolution as ...") would otherwise go to stderr.
      await worker.setParameters({ debug_file: '/dev/null' });
      this.died = new Promise<never>((_, reject) => {
        worker.worker?.once('exit', (code) => reject(new Error(`OCR worker thread exited (code ${code})`)));
      });
      this.died.catch(() => undefined);
      return worker;
    } catch (err) {
      throw new ProcessingError('processing_error', `Could not start the OCR engine (${this.description}): ${String((err as Error)?.message ?? err)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private async dropWorker(): Promise<void> {
    const pending = this.worker;
    this.worker = undefined;
    this.died = undefined;
    if (!pending) return;
    const worker = await pending.catch(() => undefined);
    await worker?.terminate().catch(() => undefined);
  }
}
