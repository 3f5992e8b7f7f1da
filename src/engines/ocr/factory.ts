/**
 * The spec's three OCR engine values mapped to real configurations (see README.md for the
 * measured trade-off):
 *
 * - ServiceHawk (default, and the fallback for any other value): tesseract.js, LSTM, with a
 *   local tessdata folder when one exists (tessdata_fast on Debian/Ubuntu/Homebrew, or files
 *   put in models/tessdata), else for English the tessdata_fast model unpacked from npm
 *   (npm-fast-tessdata.ts), else the npm best_int model.
 * - ServiceBeta: tesseract.js, LSTM, the npm best_int model (tessdata_best, integerised):
 *   larger network, more accurate on hard pages, slower.
 * - ServiceStorm: the native `tesseract` executable when installed (SIMD-optimised C++, one
 *   process per page); falls back to ServiceHawk when it is not.
 */
import type { OcrEngine } from './interface.js';
import { TesseractJsEngine } from './tesseract-js-engine.js';
import { findTesseractBinary, listCliLanguages, TesseractCliEngine } from './tesseract-cli-engine.js';
import { findLocalTessdata, npmBestIntTessdata } from './tessdata.js';
import { npmFastEnglishTessdata } from './npm-fast-tessdata.js';
import { terminateScriptDetector } from './script-detector.js';

export const OCR_ENGINE_NAMES = ['ServiceHawk', 'ServiceBeta', 'ServiceStorm'] as const;
export type OcrEngineName = (typeof OCR_ENGINE_NAMES)[number];
export const DEFAULT_OCR_ENGINE: OcrEngineName = 'ServiceHawk';

/** Spec: unrecognised values fall back to the default engine. Matching ignores case. */
export function resolveOcrEngineName(value: unknown): OcrEngineName {
  if (typeof value !== 'string') return DEFAULT_OCR_ENGINE;
  const v = value.trim().toLowerCase();
  return OCR_ENGINE_NAMES.find((n) => n.toLowerCase() === v) ?? DEFAULT_OCR_ENGINE;
}

export interface OcrEngineConfig {
  /** Tesseract language codes, e.g. ['eng', 'deu']. Default ['eng']. */
  languages?: string[];
  /** Folders searched first for local `<lang>.traineddata` (ServiceHawk). */
  tessdataDirs?: string[];
  /** Path of the native executable (ServiceStorm); default: `tesseract` on PATH. */
  tesseractBinary?: string;
  /** Per-page OCR time limit. */
  timeoutMs?: number;
  /** Ignore tessdata folders on the machine: only data installed through npm (what a fresh install has; benchmarks). */
  npmDataOnly?: boolean;
}

export async function createOcrEngine(name: string, config: OcrEngineConfig = {}): Promise<OcrEngine> {
  const engine = resolveOcrEngineName(name);
  const languages = config.languages?.length ? [...config.languages] : ['eng'];
  const timeoutMs = config.timeoutMs;

  if (engine === 'ServiceStorm') {
    const binary = findTesseractBinary(config.tesseractBinary);
    const available = binary ? listCliLanguages(binary) : null;
    if (binary && available && languages.every((l) => available.includes(l))) {
      return new TesseractCliEngine({ name: 'ServiceStorm', binary, languages, timeoutMs });
    }
    return createOcrEngine('ServiceHawk', config);
  }
  if (engine === 'ServiceBeta') {
    return new TesseractJsEngine({ name: 'ServiceBeta', tessdata: npmBestIntTessdata(languages), modelLabel: 'best_int', timeoutMs });
  }
  const local = config.npmDataOnly ? null : findLocalTessdata(languages, config.tessdataDirs);
  if (local) return new TesseractJsEngine({ name: 'ServiceHawk', tessdata: local, modelLabel: 'local tessdata', timeoutMs });
  const fast = languages.length === 1 && languages[0] === 'eng' ? await npmFastEnglishTessdata() : null;
  if (fast) return new TesseractJsEngine({ name: 'ServiceHawk', tessdata: fast, modelLabel: 'tessdata_fast', timeoutMs });
  return new TesseractJsEngine({ name: 'ServiceHawk', tessdata: npmBestIntTessdata(languages), modelLabel: 'best_int', timeoutMs });
}

/**
 * Per-thread cache. At most one tesseract.js engine is kept (each holds a worker thread and
 * ~100 MB of model), so asking for another WASM configuration retires the previous one.
 */
const cache = new Map<string, Promise<OcrEngine>>();

export function getOcrEngine(name: string, config: OcrEngineConfig = {}): Promise<OcrEngine> {
  const key = JSON.stringify([resolveOcrEngineName(name), config.languages ?? ['eng'], config.tessdataDirs ?? [], config.tesseractBinary ?? '', config.timeoutMs ?? 0, config.npmDataOnly ?? false]);
  const hit = cache.get(key);
  if (hit) return hit;
  const created = createOcrEngine(name, config).then(async (engine) => {
    if (!(engine instanceof TesseractJsEngine)) return engine;
    for (const [k, other] of cache) {
      if (k === key) continue;
      const e = await other.catch(() => undefined);
      if (!(e instanceof TesseractJsEngine) || e === engine) continue;
      // Same configuration under another name (ServiceStorm falling back to ServiceHawk).
      if (e.description === engine.description) return e;
      cache.delete(k);
      await e.terminate();
    }
    return engine;
  });
  cache.set(key, created);
  created.catch(() => cache.delete(key));
  return created;
}

/** Terminate every cached engine (pool worker shutdown). */
export async function terminateOcrEngines(): Promise<void> {
  const engines = [...cache.values()];
  cache.clear();
  const settled = await Promise.allSettled(engines);
  const unique = new Set(settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])));
  await Promise.all([...unique].map((e) => e.terminate().catch(() => undefined)));
  await terminateScriptDetector();
}
