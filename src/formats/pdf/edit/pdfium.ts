/**
 * One shared PDFium (WebAssembly, @embedpdf/pdfium, MIT) per thread, loaded on first use.
 * Why PDFium: editing needs content-stream surgery (remove the glyphs and image pixels inside
 * a box, keep everything else in place), which pdf-lib cannot do; EmbedPDF's PDFium build adds
 * EPDFText_RedactInRect, which does exactly that, and its save is a full rewrite. The .wasm
 * ships inside the npm package (read from disk here: nothing is downloaded). See README.md.
 *
 * The helpers below wrap the few memory chores the C API needs (buffers, UTF-16 strings,
 * float rects, file writer) so that callers stay readable.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { init, type WrappedPdfiumModule } from '@embedpdf/pdfium';

export type Pdfium = WrappedPdfiumModule;

/** Emscripten's heap views (present at run time, absent from the package's types); read them
 * afresh each time: a memory growth replaces them. */
export interface Heaps {
  HEAPU8: Uint8Array;
  HEAPU16: Uint16Array;
  HEAP32: Int32Array;
  HEAPF32: Float32Array;
  HEAPF64: Float64Array;
}

export function heap(m: Pdfium): Heaps {
  return m.pdfium as unknown as Heaps;
}

/** The part of the WebAssembly global used here (the project's TS lib has no DOM types). */
type WasmModule = object;
interface WasmInstance {
  exports: object;
}
const Wasm = (globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<WasmModule>; Instance: new (m: WasmModule, imports: object) => WasmInstance } }).WebAssembly;

let compiling: Promise<WasmModule> | null = null;
let loading: Promise<Pdfium> | null = null;

/** The thread's compiled PDFium WebAssembly.Module, compiled once and kept: an instance made
 * from it skips the compile (about a third of a cold load). Cheap to hold (code, no heap). */
export function compilePdfium(): Promise<WasmModule> {
  if (!compiling) {
    compiling = (async () => {
      const wasmPath = createRequire(import.meta.url).resolve('@embedpdf/pdfium/pdfium.wasm');
      return Wasm.compile(readFileSync(wasmPath));
    })();
    compiling.catch(() => (compiling = null));
  }
  return compiling;
}

/** The thread's PDFium, initialised once (instantiated from the cached compiled module). */
export function loadPdfium(): Promise<Pdfium> {
  if (!loading) {
    loading = (async () => {
      const module = await compilePdfium();
      const m = await init({
        // Emscripten's hook: instantiate our compiled module instead of reading and compiling
        // bytes. Synchronous, so that a failure throws into Emscripten's catch (which rejects init).
        instantiateWasm: (imports: object, done: (instance: WasmInstance, module: WasmModule) => void) => {
          const instance = new Wasm.Instance(module, imports);
          done(instance, module);
          return instance.exports;
        },
      } as unknown as Parameters<typeof init>[0]);
      m.PDFiumExt_Init();
      return m;
    })();
    loading.catch(() => (loading = null));
  }
  return loading;
}

export function malloc(m: Pdfium, size: number): number {
  const p = m.pdfium.wasmExports.malloc(size);
  if (!p) throw new Error(`PDFium could not allocate ${size} bytes`);
  return p;
}

export function free(m: Pdfium, ptr: number): void {
  if (ptr) m.pdfium.wasmExports.free(ptr);
}

/** Run `fn` with `count` floats of scratch memory; returns what fn returns. */
export function withFloats<T>(m: Pdfium, count: number, fn: (ptr: number) => T): T {
  const p = malloc(m, 4 * count);
  try {
    return fn(p);
  } finally {
    free(m, p);
  }
}

export function readFloats(m: Pdfium, ptr: number, count: number): number[] {
  return Array.from(heap(m).HEAPF32.subarray(ptr / 4, ptr / 4 + count));
}

export function readDoubles(m: Pdfium, ptr: number, count: number): number[] {
  return Array.from(heap(m).HEAPF64.subarray(ptr / 8, ptr / 8 + count));
}

/** A NUL-terminated UTF-16LE copy of `s` (FPDF_WIDESTRING); free it after use. */
export function wideString(m: Pdfium, s: string): number {
  const p = malloc(m, (s.length + 1) * 2);
  const u16 = heap(m).HEAPU16;
  for (let i = 0; i < s.length; i++) u16[p / 2 + i] = s.charCodeAt(i);
  u16[p / 2 + s.length] = 0;
  return p;
}

/** A text page's characters between indexes [start, start+count) as a JS string. */
export function textRange(m: Pdfium, textPage: number, start: number, count: number): string {
  if (count <= 0) return '';
  const p = malloc(m, (count + 1) * 2);
  try {
    const n = m.FPDFText_GetText(textPage, start, count, p);
    return String.fromCharCode(...heap(m).HEAPU16.subarray(p / 2, p / 2 + Math.max(0, n - 1)));
  } finally {
    free(m, p);
  }
}

/** The text PDFium extracts inside a rectangle in PDF user space. */
export function boundedText(m: Pdfium, textPage: number, r: { l: number; b: number; r: number; t: number }): string {
  const n = m.FPDFText_GetBoundedText(textPage, r.l, r.t, r.r, r.b, 0, 0);
  if (n <= 0) return '';
  const p = malloc(m, (n + 1) * 2);
  try {
    const got = m.FPDFText_GetBoundedText(textPage, r.l, r.t, r.r, r.b, p, n + 1);
    return String.fromCharCode(...heap(m).HEAPU16.subarray(p / 2, p / 2 + got));
  } finally {
    free(m, p);
  }
}

export interface OpenedPdf {
  doc: number;
  close(): void;
}

export class PdfOpenError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

const OPEN_ERRORS: Record<number, string> = {
  2: 'the file is not a PDF or is damaged beyond repair',
  3: 'the PDF is corrupt (its structure cannot be read)',
  4: 'the PDF is encrypted and needs a password (give it as `password`)',
  5: 'the PDF uses an unsupported security handler',
  6: 'a page of the PDF cannot be read',
};

/** Open bytes as a document; the bytes are copied into PDFium's memory, never modified. */
export function openPdf(m: Pdfium, bytes: Uint8Array, password = ''): OpenedPdf {
  const buf = malloc(m, Math.max(1, bytes.length));
  heap(m).HEAPU8.set(bytes, buf);
  const doc = m.FPDF_LoadMemDocument(buf, bytes.length, password);
  if (!doc) {
    const code = m.FPDF_GetLastError();
    free(m, buf);
    const why = code === 4 && password ? 'the password is wrong (the PDF is encrypted)' : (OPEN_ERRORS[code] ?? `PDFium error ${code}`);
    throw new PdfOpenError(`Cannot open the PDF: ${why}`, code);
  }
  return {
    doc,
    close: () => {
      m.FPDF_CloseDocument(doc);
      free(m, buf);
    },
  };
}

/** Save as a full rewrite (FPDF_NO_INCREMENTAL): old content never survives in the file. */
export function saveFull(m: Pdfium, doc: number): Uint8Array {
  const writer = m.PDFiumExt_OpenFileWriter();
  let p = 0;
  try {
    if (!m.FPDF_SaveAsCopy(doc, writer, 2)) throw new Error('PDFium could not write the edited PDF');
    const len = m.PDFiumExt_GetFileWriterSize(writer);
    p = malloc(m, len);
    m.PDFiumExt_GetFileWriterData(writer, p, len);
    return heap(m).HEAPU8.slice(p, p + len);
  } finally {
    free(m, p);
    m.PDFiumExt_CloseFileWriter(writer);
  }
}
