/**
 * Where tesseract language data comes from. Never the network: either the npm packages
 * `@tesseract.js-data/<lang>` (LSTM "best_int" models, gzipped) or a local tessdata folder
 * holding `<lang>.traineddata` (typically tessdata_fast, as Debian/Ubuntu/Homebrew ship).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { PACKAGE_ROOT } from '../../package-root.js';
import { ProcessingError } from '../../errors.js';

export interface TessdataLocation {
  /** One folder holding `<lang>.traineddata` (or `.gz`) for every requested language. */
  dir: string;
  gzip: boolean;
  languages: string[];
  /** Where the files were found, for descriptions and logs. */
  source: string;
  /** Version string of the first language's model (it names the network for most models). */
  version: string;
}

const require = createRequire(import.meta.url);

/** tessdata component index of the LSTM model and of the version string (tessdatamanager.h). */
const TESSDATA_LSTM = 17;
const TESSDATA_VERSION = 23;

export interface TraineddataInfo {
  hasLstm: boolean;
  version: string;
}

/** Reads the component table of a `.traineddata` container (plain or gzipped). */
export function inspectTraineddata(file: string): TraineddataInfo | null {
  try {
    let buf = fs.readFileSync(file);
    if (buf[0] === 0x1f && buf[1] === 0x8b) buf = zlib.gunzipSync(buf);
    const n = buf.readInt32LE(0);
    if (n < 1 || n > 64 || buf.length < 4 + 8 * n) return null;
    const offsets: number[] = [];
    for (let i = 0; i < n; i++) offsets.push(Number(buf.readBigInt64LE(4 + 8 * i)));
    const v = offsets[TESSDATA_VERSION] ?? -1;
    let version = '';
    if (v > 0 && v < buf.length) {
      const end = Math.min(buf.length, ...offsets.filter((o) => o > v));
      version = buf.subarray(v, end).toString('latin1').replace(/\0+$/, '');
    }
    return { hasLstm: (offsets[TESSDATA_LSTM] ?? -1) >= 0, version };
  } catch {
    return null;
  }
}

/** The LSTM "best_int" data shipped by `@tesseract.js-data/<lang>` (folder `4.0.0_best_int`). */
export function npmBestIntTessdata(languages: readonly string[]): TessdataLocation {
  const files = new Map<string, string>();
  for (const lang of languages) {
    let pkgDir: string;
    try {
      pkgDir = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    } catch {
      throw new ProcessingError('processing_error', `OCR language "${lang}" is not installed: add the npm package @tesseract.js-data/${lang} or configure a local tessdata folder.`);
    }
    const file = path.join(pkgDir, '4.0.0_best_int', `${lang}.traineddata.gz`);
    if (!fs.existsSync(file)) throw new ProcessingError('processing_error', `OCR language data missing: ${file}`);
    files.set(lang, file);
  }
  const dir = sharedFolder(files, '.traineddata.gz');
  const first = files.get(languages[0]!)!;
  return { dir, gzip: true, languages: [...languages], source: `npm @tesseract.js-data (4.0.0_best_int)`, version: inspectTraineddata(first)?.version ?? '' };
}

/**
 * Folders searched for local (uncompressed) traineddata, most specific first. `models/tessdata`
 * in the package lets a deployment ship tessdata_fast files with the code.
 */
export function localTessdataCandidates(extra: readonly string[] = []): string[] {
  const env = [process.env.QUIRE_TESSDATA_DIR, process.env.TESSDATA_PREFIX]
    .filter((d): d is string => !!d)
    .flatMap((d) => [d, path.join(d, 'tessdata')]);
  return [
    ...extra,
    ...env,
    path.join(PACKAGE_ROOT, 'models', 'tessdata'),
    '/usr/share/tesseract-ocr/5/tessdata',
    '/usr/share/tesseract-ocr/4.00/tessdata',
    '/usr/share/tessdata',
    '/usr/local/share/tessdata',
    '/opt/homebrew/share/tessdata',
  ];
}

/** First candidate folder holding LSTM-capable data for every language, or null. */
export function findLocalTessdata(languages: readonly string[], extraDirs: readonly string[] = []): TessdataLocation | null {
  for (const dir of localTessdataCandidates(extraDirs)) {
    let version = '';
    const ok = languages.every((lang, i) => {
      const info = inspectTraineddata(path.join(dir, `${lang}.traineddata`));
      if (i === 0 && info) version = info.version;
      return info?.hasLstm === true;
    });
    if (ok) return { dir, gzip: false, languages: [...languages], source: dir, version };
  }
  return null;
}

/**
 * tesseract.js reads every language from one `langPath`. npm packages keep each language in
 * its own folder, so for several languages a private folder of symlinks is assembled.
 */
function sharedFolder(files: Map<string, string>, suffix: string): string {
  const dirs = new Set([...files.values()].map((f) => path.dirname(f)));
  if (dirs.size === 1) return [...dirs][0]!;
  const key = [...files.entries()].map(([l, f]) => `${l}=${f}`).join('|');
  const hash = crypto.createHash('sha1').update(key).digest('hex').slice(0, 12);
  const dir = path.join(os.tmpdir(), `quire-tessdata-${process.pid}-${hash}`);
  fs.mkdirSync(dir, { recursive: true });
  for (const [lang, file] of files) {
    const link = path.join(dir, `${lang}${suffix}`);
    if (fs.existsSync(link)) continue;
    try {
      fs.symlinkSync(file, link);
    } catch {
      fs.copyFileSync(file, link);
    }
  }
  return dir;
}
