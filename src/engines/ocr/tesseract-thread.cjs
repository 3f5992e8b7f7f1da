'use strict';
/**
 * The OCR engine's worker thread: tesseract.js's own Node worker script, with two adapters
 * replaced (tesseract.js lets callers choose the worker file with `workerPath`).
 *
 * - The WASM core. tesseract.js 7 hands its core loader a boolean "LSTM only" where the
 *   loader compares with OEM numbers, so it always loads the larger core that also carries the
 *   legacy engine. Quire only runs the LSTM engine; with the LSTM-only core the engine starts
 *   in about half the CPU time (freeculture.pdf's cover, tessdata_fast: 220 → 125 ms) and
 *   reads the same words (identical TSV).
 * - fetch. Language data always comes from a local folder; the stock script touches
 *   `global.fetch` at load (which loads Node's fetch implementation) and would download when
 *   given a URL. Here a fetch refuses.
 *
 * Plain CommonJS so that it runs as is from the source tree and from dist. When tesseract.js's
 * internals are not where this expects them (another major version), the stock script runs.
 * Loaded outside a worker thread (tests), it only exports the core choice.
 */
const path = require('node:path');
const { createRequire } = require('node:module');
const { parentPort } = require('node:worker_threads');

const fromTesseractJs = createRequire(require.resolve('tesseract.js/package.json'));

/** The tesseract.js-core module for the engine and the WASM features this thread has. */
function coreModule(lstmOnly, features) {
  const variant = features.relaxedSimd ? '-relaxedsimd' : features.simd ? '-simd' : '';
  return `tesseract.js-core/tesseract-core${variant}${lstmOnly === false ? '' : '-lstm'}`;
}

function loadPatched() {
  const root = path.dirname(require.resolve('tesseract.js/package.json'));
  const worker = fromTesseractJs(path.join(root, 'src/worker-script/index.js'));
  const gunzip = fromTesseractJs(path.join(root, 'src/worker-script/node/gunzip.js'));
  const cache = fromTesseractJs(path.join(root, 'src/worker-script/node/cache.js'));
  const { simd, relaxedSimd } = fromTesseractJs('wasm-feature-detect');
  if (typeof worker.dispatchHandlers !== 'function' || typeof worker.setAdapter !== 'function') throw new Error('unexpected tesseract.js worker script');

  let core = null;
  // tesseract.js passes whether only the LSTM engine is wanted (its own loader misreads it).
  const getCore = async (lstmOnly) => {
    core ??= fromTesseractJs(coreModule(lstmOnly, { relaxedSimd: await relaxedSimd(), simd: await simd() }));
    // The legacy core runs script detection only (script-detector.ts): loading osd.traineddata
    // prints "Parameter not found" lines for LSTM-era parameters, which are noise on stderr.
    return lstmOnly === false ? (opts) => core({ ...opts, printErr: () => undefined }) : core;
  };
  const fetch = async (url) => {
    throw new Error(`OCR language data is read from local folders only (refused to fetch ${url})`);
  };
  worker.setAdapter({ getCore, gunzip, fetch, ...cache });
  parentPort.on('message', (packet) => worker.dispatchHandlers(packet, (obj) => parentPort.postMessage(obj)));
}

if (require.main === module && parentPort) {
  try {
    loadPatched();
  } catch {
    fromTesseractJs(path.join(path.dirname(require.resolve('tesseract.js/package.json')), 'src/worker-script/node/index.js'));
  }
}

module.exports = { coreModule };
