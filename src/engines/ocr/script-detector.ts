/**
 * Which script a page is written in, from tesseract's orientation and script detection (OSD):
 * the legacy classifier's `osd.traineddata` (npm `@tesseract.js-data/osd`, Apache-2.0 data)
 * votes Latin, Han, Hangul, Cyrillic, Arabic… from the page's character shapes, with no
 * language model. The LSTM engine cannot do this: an English model reads a Chinese page as
 * English junk with no word of doubt beyond a low confidence, and OSD says "Han".
 *
 * OSD needs the legacy WASM core, so it runs in its own tesseract.js worker thread, created
 * only when a page's English reading is doubtful (pipeline/ocr/page-script.ts): ≈0.1–0.4 s
 * of CPU on such a page, nothing on pages that read well. Without the package, `detect`
 * returns null and callers fall back to trying the installed languages.
 *
 * tesseract.js itself is imported on the first detection, not with this module: this module
 * is in every pool worker's static graph (page OCR imports it), and loading tesseract.js cost
 * each worker ~8 ms of start-up even where no page is OCRed (bench/worker-start.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type Tesseract from 'tesseract.js';
import type { RasterImage } from './interface.js';
import { encodePnm } from './pnm-encode.js';
import { credibleDpi } from './tesseract-params.js';

export interface ScriptDetection {
  /** Tesseract's script name: Latin, Han, Japanese, Hangul, Korean, Cyrillic, Arabic, Devanagari, … */
  script: string;
  /** OSD's margin of the best script over the next (0: a tie; Latin body text scores 2–10). */
  confidence: number;
  /** Clockwise rotation OSD thinks the page needs. */
  orientationDegrees: number;
}

const require = createRequire(import.meta.url);
const THREAD_SCRIPT = fileURLToPath(new URL('./tesseract-thread.cjs', import.meta.url));
/** OSD of one page; it reads a few hundred characters, so a minute means a hang. */
const DETECT_TIMEOUT_MS = 60_000;

/** Folder of the npm OSD data, or null when the package is not installed. */
export function osdDataDir(): string | null {
  try {
    const dir = path.join(path.dirname(require.resolve('@tesseract.js-data/osd/package.json')), '4.0.0');
    return fs.existsSync(path.join(dir, 'osd.traineddata.gz')) ? dir : null;
  } catch {
    return null;
  }
}

let worker: Promise<Tesseract.Worker> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** The page's script, or null (no OSD data, too few characters, or OSD failed). */
export function detectScript(raster: RasterImage): Promise<ScriptDetection | null> {
  const run = queue.then(() => detectNow(raster));
  queue = run.catch(() => undefined);
  return run.catch(() => null);
}

async function detectNow(raster: RasterImage): Promise<ScriptDetection | null> {
  const dir = osdDataDir();
  if (!dir) return null;
  worker ??= import('tesseract.js').then(({ default: T }) => T.createWorker('osd', T.OEM.TESSERACT_ONLY, {
    langPath: dir,
    gzip: true,
    cacheMethod: 'none',
    workerPath: THREAD_SCRIPT,
    legacyCore: true,
    legacyLang: true,
    errorHandler: () => undefined,
    logger: () => undefined,
    // Init-time: the legacy data's parameter warnings would otherwise reach stderr.
  } as Partial<Tesseract.WorkerOptions>, { debug_file: '/dev/null' } as Partial<Tesseract.InitOptions>)).then(async (w) => {
    await w.setParameters({ debug_file: '/dev/null' } as Partial<Tesseract.WorkerParams>);
    return w;
  });
  const w = await worker.catch((err) => {
    worker = undefined;
    throw err;
  });
  const dpi = credibleDpi(raster.dpi);
  await w.setParameters({ user_defined_dpi: dpi ? String(dpi) : '300' } as Partial<Tesseract.WorkerParams>);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('OSD timed out')), DETECT_TIMEOUT_MS)));
  try {
    const res = await Promise.race([w.detect(encodePnm(raster)), timeout]);
    const d = res.data;
    if (!d.script) return null;
    return { script: d.script, confidence: d.script_confidence ?? 0, orientationDegrees: d.orientation_degrees ?? 0 };
  } catch (err) {
    await terminateScriptDetector();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Stop the OSD thread (pool worker shutdown; the next detection starts a new one). */
export async function terminateScriptDetector(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await (await w.catch(() => undefined))?.terminate().catch(() => undefined);
}
