/**
 * Opening PDFs with pdf.js (legacy build, Node). Fonts, CMaps and the WASM image decoders
 * come from the package's own folders so nothing is ever fetched; eval and font-face
 * injection are off.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ProcessingError } from '../../errors.js';
import { runBundle } from './bundle-script.js';
import { installOpListWorker } from './oplist-worker.js';
import { installNativeJpeg } from './native-jpeg.js';
import { installPdfDecodeLimits } from './decode-limits.js';
import { withNativeBuiltins } from './native-builtins.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
export type PDFDocumentProxy = import('pdfjs-dist/types/src/display/api.js').PDFDocumentProxy;
export type PDFPageProxy = import('pdfjs-dist/types/src/display/api.js').PDFPageProxy;

let pdfjsPromise: Promise<PdfJs> | undefined;

/**
 * pdf.js is large; load it once per thread, on first use, with its worker code patched for
 * operator-list reads (oplist-worker.ts), both bundles compiled through a code cache
 * (bundle-script.ts) and the engine's own built-ins kept (native-builtins.ts).
 */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= withNativeBuiltins(async () => {
    installNativeJpeg();
    installPdfDecodeLimits();
    await installOpListWorker();
    const file = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
    return runBundle<PdfJs>(file, 'pdf', () => fs.readFileSync(file, 'utf8')) ?? import('pdfjs-dist/legacy/build/pdf.mjs');
  });
  return pdfjsPromise;
}

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
/** pdf.js in Node reads these with fs when they are plain paths ending in a separator. */
export const STANDARD_FONT_DIR = path.join(pdfjsRoot, 'standard_fonts') + path.sep;
export const CMAP_DIR = path.join(pdfjsRoot, 'cmaps') + path.sep;
/** The WASM decoders (OpenJPEG for JPX images, JBIG2, QCMS); without them JPX pages render blank. */
export const WASM_DIR = path.join(pdfjsRoot, 'wasm') + path.sep;

export interface OpenOptions {
  password?: string;
}

/** Open a PDF from bytes; pdf.js takes ownership of `data`, so pass a private copy. */
export async function openPdf(data: Uint8Array, opts: OpenOptions = {}): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data,
    password: opts.password,
    standardFontDataUrl: STANDARD_FONT_DIR,
    cMapUrl: CMAP_DIR,
    cMapPacked: true,
    wasmUrl: WASM_DIR,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw mapPdfError(err, opts.password);
  }
}

/** Translate pdf.js exceptions into user-facing processing errors. */
export function mapPdfError(err: unknown, password?: string): ProcessingError {
  if (err instanceof ProcessingError) return err;
  const e = err as { name?: string; code?: number; message?: string };
  if (e?.name === 'PasswordException') {
    // pdf.js: code 1 = NEED_PASSWORD, 2 = INCORRECT_PASSWORD
    if (e.code === 2 || (password !== undefined && password !== '')) {
      return new ProcessingError('wrong_password', 'The PDF is encrypted and the supplied password is incorrect.');
    }
    return new ProcessingError('password_required', 'The PDF is encrypted and needs a password (option `password`).');
  }
  if (e?.name === 'InvalidPDFException') {
    return new ProcessingError('corrupt_document', `The file is not a readable PDF: ${(e.message ?? 'invalid structure').replace(/\.+$/, '')}.`);
  }
  const msg = (e?.message ?? String(err)).split('\n')[0];
  return new ProcessingError('corrupt_document', `The PDF could not be read: ${msg}`);
}
