/**
 * pdf.js's worker code, patched so that `page.getOperatorList()` skips image decoding and
 * glyph outlines and inflates content streams in-thread.
 *
 * Quire reads text and graphics from one operator-list pass and needs only where images are
 * painted, never their pixels; stock pdf.js still decodes every image during that pass and
 * sends the bitmaps to an API side that drops them (on freeculture.pdf, two 100-megapixel
 * CCITT masks and a JPEG per chapter: about a third of the pass). Rendering (OCR, layout
 * model, crops) is untouched: it does not carry the OPLIST intent, so images decode as usual.
 * Content streams go through Node's DecompressionStream otherwise, whose stream plumbing
 * costs more than inflating a few kilobytes synchronously (a quarter of the pass).
 * Operator lists are handed to the API side as they are, not structured-cloned: both sides
 * run in this thread, and cloning every glyph object of every chunk cost about a tenth of
 * the pass (see `enableDirectOperatorLists`). When a page is rendered, plain JPEG images are
 * decoded by libjpeg-turbo (native-jpeg.ts).
 *
 * The patch is a few exact-text edits to the bundled worker, loaded into this thread as
 * pdf.js's "main-thread worker" (`globalThis.pdfjsWorker`). When an edit does not match (a
 * pdf.js upgrade), the stock worker is used: output is identical, only slower, and
 * `opListWorkerStatus()` says why (a test pins the installed version).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { runBundle } from './bundle-script.js';

interface Edit {
  /** What the edit does, for the status message. */
  what: string;
  find: string;
  replace: string;
}

const EDITS: Edit[] = [
  {
    what: 'mark operator-list requests',
    find: `    const contentStreamPromise = this.getContentStream();\n    const resourcesPromise = this.loadResources(RESOURCES_KEYS_OPERATOR_LIST);\n    const partialEvaluator = this.#createPartialEvaluator(handler, pageIndex);\n`,
    replace: `    const quireOpListOnly = !!(intent & RenderingIntentFlag.OPLIST);\n    const contentStreamPromise = this.getContentStream(quireOpListOnly);\n    const resourcesPromise = this.loadResources(RESOURCES_KEYS_OPERATOR_LIST);\n    const partialEvaluator = this.#createPartialEvaluator(handler, pageIndex);\n    if (quireOpListOnly) partialEvaluator.quireOpListOnly = true;\n`,
  },
  {
    what: 'paint images without decoding them',
    find: `    const imageMask = dict.get("IM", "ImageMask") || false;\n    let imgData, fn, args;\n`,
    // Same operators the stock path emits (OPLIST lists are never optimised into groups),
    // with argument objects where the list's transfer scan reads one; no image cache is
    // written, so a later render of the page decodes normally.
    replace: `    const imageMask = dict.get("IM", "ImageMask") || false;
    if (this.quireOpListOnly && !this.parsingType3Font) {
      if (imageMask) {
        const single = w === 1 && h === 1;
        operatorList.addImageOps(single ? OPS.paintSolidColorImageMask : OPS.paintImageMaskXObject, single ? [] : [{ data: null, width: w, height: h, interpolate: false, count: 1 }], optionalContent);
      } else {
        const hasMask = dict.has("SMask") || dict.has("Mask");
        const small = isInline && w + h < 200 && !hasMask;
        operatorList.addImageOps(small ? OPS.paintInlineImageXObject : OPS.paintImageXObject, small ? [{ data: null, width: w, height: h }] : [null, w, h], optionalContent, !small && hasMask);
      }
      return;
    }
    let imgData, fn, args;\n`,
  },
  {
    what: 'leave glyph outlines to rendering',
    // Outlines are for drawing text on a canvas; rendering builds any it finds missing.
    find: `    const glyphs = font.charsToGlyphs(chars);\n    if (font.data) {\n`,
    replace: `    const glyphs = font.charsToGlyphs(chars);\n    if (font.data && !this.quireOpListOnly) {\n`,
  },
  {
    what: 'inflate page content in-thread',
    find: `  async getContentStream() {\n    const content = await this.pdfManager.ensure(this, "content");\n    if (content instanceof BaseStream && !content.isImageStream) {\n      if (content.isAsync) {\n`,
    replace: `  async getContentStream(quireInThread = false) {\n    const content = await this.pdfManager.ensure(this, "content");\n    if (content instanceof BaseStream && !content.isImageStream) {\n      if (content.isAsync && !quireInThread) {\n`,
  },
  {
    what: 'inflate content stream arrays in-thread',
    find: `        if (item instanceof BaseStream && item.isAsync) {\n`,
    replace: `        if (item instanceof BaseStream && item.isAsync && !quireInThread) {\n`,
  },
  {
    what: 'inflate form content in-thread',
    find: `    prevRefs = null\n  }) {\n    if (stream.isAsync) {\n`,
    replace: `    prevRefs = null\n  }) {\n    if (stream.isAsync && !this.quireOpListOnly) {\n`,
  },
  {
    what: 'decode JPEG images with libjpeg-turbo when rendering',
    // native-jpeg.ts answers for the JPEGs both decoders read alike, asynchronously (the
    // decode runs off this thread); null leaves the stream to pdf.js's own decoder.
    find: `  decodeImage(bytes) {\n    if (this.eof) {\n      return this.buffer;\n    }\n    bytes = this.#skipUselessBytes(bytes || this.bytes);\n`,
    replace: `  async getImageData(length, decoderOptions) {\n    const quireDecode = globalThis.quireDecodeJpeg;\n    if (quireDecode && !this.eof) {\n      const bytes = this.#skipUselessBytes(this.canAsyncDecodeImageFromBuffer && (await this.stream.asyncGetBytes()) || this.bytes);\n      const data = await quireDecode(bytes, this.jpegOptions, this.drawWidth, this.drawHeight, this.forceRGBA, this.forceRGB);\n      if (data && !this.eof) {\n        this.buffer = data;\n        this.bufferLength = data.length;\n        this.eof = true;\n      }\n    }\n    return super.getImageData(length, decoderOptions);\n  }\n  decodeImage(bytes) {\n    if (this.eof) {\n      return this.buffer;\n    }\n    bytes = this.#skipUselessBytes(bytes || this.bytes);\n`,
  },
  {
    what: 'tag operator-list requests for direct hand-over',
    find: `      const opList = new OperatorList(intent, sink);\n`,
    replace: `      const opList = new OperatorList(intent, sink);\n      if (quireOpListOnly && globalThis.quireDirectOpLists) opList.quireDirect = globalThis.quireDirectOpLists;\n`,
  },
  {
    what: 'hand operator-list chunks over without cloning',
    // The chunk sent through the message port carries only a token; the arrays go into the
    // registry and fresh ones are started (flush empties the arrays it sent).
    find: `    this._totalLength += length;\n    this._streamSink.enqueue({\n      fnArray: this.fnArray,\n      argsArray: this.argsArray,\n      lastChunk,\n      separateAnnots,\n      length\n    }, 1, this._transfers);\n    this.dependencies.clear();\n`,
    replace: `    this._totalLength += length;\n    if (this.quireDirect) {\n      const quireToken = this.quireDirect.put(this.fnArray, this.argsArray);\n      this._streamSink.enqueue({ fnArray: [], argsArray: [], lastChunk, separateAnnots, length: 0, quireDirect: quireToken }, 1, []);\n      this.fnArray = [];\n      this.argsArray = [];\n    } else this._streamSink.enqueue({\n      fnArray: this.fnArray,\n      argsArray: this.argsArray,\n      lastChunk,\n      separateAnnots,\n      length\n    }, 1, this._transfers);\n    this.dependencies.clear();\n`,
  },
  {
    what: 'cap the bytes a stream inflates to',
    // decode-limits.ts: the buffer of every decoding stream (flate, LZW, …) grows here.
    find: `  ensureBuffer(requested) {\n    const buffer = this.buffer;\n    if (requested <= buffer.byteLength) {\n      return buffer;\n    }\n`,
    replace: `  ensureBuffer(requested) {\n    const buffer = this.buffer;\n    if (requested <= buffer.byteLength) {\n      return buffer;\n    }\n    const quireLimits = globalThis.quireDecodeLimits;\n    if (quireLimits && requested > quireLimits.maxInflatedBytes) {\n      throw quireLimits.inflated(requested);\n    }\n`,
  },
  {
    what: 'cap the bytes a DecompressionStream inflates to',
    // A throw here ends the read; pdf.js then retries with its own inflater, which stops at ensureBuffer.
    find: `        chunks.push(chunk);\n        totalLength += chunk.byteLength;\n`,
    replace: `        chunks.push(chunk);\n        totalLength += chunk.byteLength;\n        if (globalThis.quireDecodeLimits && totalLength > globalThis.quireDecodeLimits.maxInflatedBytes) {\n          throw globalThis.quireDecodeLimits.inflated(totalLength);\n        }\n`,
  },
  {
    what: 'refuse to decode images over the pixel limit',
    find: `    if (maxImageSize !== -1 && w * h > maxImageSize) {\n`,
    replace: `    if (globalThis.quireDecodeLimits && globalThis.quireDecodeLimits.imageTooLarge(w, h, !!dict.get("IM", "ImageMask"))) {\n      return;\n    }\n    if (maxImageSize !== -1 && w * h > maxImageSize) {\n`,
  },
  {
    what: 'refuse to decode a JPEG whose frame is over the pixel limit',
    // pdf.js's decoder allocates the frame the JPEG header declares, whatever the image
    // dictionary says (a 100x100 image may carry a 12000x12000 frame); decode-limits.ts.
    find: `    const jpegImage = new JpegImage(this.jpegOptions);\n    jpegImage.parse(bytes);\n`,
    replace: `    globalThis.quireDecodeLimits?.jpegFrame?.(bytes);\n    const jpegImage = new JpegImage(this.jpegOptions);\n    jpegImage.parse(bytes);\n`,
  },
];

/** Identifies the edits, so that cached patched scripts follow changes to them. */
const EDITS_ID = JSON.stringify(EDITS);

/** A variable, not a literal: the worker module has no type declarations. */
const STOCK_WORKER = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

export type PatchResult = { ok: true; source: string } | { ok: false; reason: string };

/** The patched worker source, or why it could not be made. */
export function patchWorkerSource(source: string): PatchResult {
  let out = source;
  for (const e of EDITS) {
    const at = out.indexOf(e.find);
    if (at < 0 || out.indexOf(e.find, at + 1) >= 0) return { ok: false, reason: `pdf.js worker edit "${e.what}" does not match this pdf.js version` };
    out = out.slice(0, at) + e.replace + out.slice(at + e.find.length);
  }
  return { ok: true, source: out };
}

let status: { patched: boolean; reason?: string } = { patched: false, reason: 'not installed' };

/** Whether this thread's pdf.js uses the patched worker, and if not, why. */
export function opListWorkerStatus(): { patched: boolean; reason?: string } {
  return status;
}

/**
 * Install the patched worker for this thread. Call before the first `getDocument`; a worker
 * someone else installed is left alone.
 */
export async function installOpListWorker(): Promise<void> {
  const g = globalThis as { pdfjsWorker?: unknown };
  if (g.pdfjsWorker) {
    status = { patched: false, reason: 'a pdf.js worker was already installed' };
    return;
  }
  try {
    const file = createRequire(import.meta.url).resolve(STOCK_WORKER);
    // As a script with a code cache (bundle-script.ts), which also keeps the patched script:
    // the file is then read and patched only when the cache has no script for it.
    let patched: PatchResult | undefined;
    const patch = () => (patched ??= patchWorkerSource(fs.readFileSync(file, 'utf8')));
    const fromScript = runBundle(file, 'quire-oplist', () => { const p = patch(); return p.ok ? p.source : null; }, EDITS_ID);
    if (fromScript) {
      g.pdfjsWorker = fromScript;
      status = { patched: true };
      return;
    }
    const result = patch();
    if (result.ok) {
      // Otherwise a data: URL keeps the patch in memory, with sourceURL naming it in stack
      // traces instead of megabytes of base64. The worker resolves nothing relative to its
      // own URL: pdf.js hands its WASM decoders their bytes itself.
      const source = `${result.source}\n//# sourceURL=${pathToFileURL(file).href}?quire-oplist\n`;
      g.pdfjsWorker = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
      status = { patched: true };
      return;
    }
    status = { patched: false, reason: result.reason };
  } catch (err) {
    status = { patched: false, reason: `patched pdf.js worker failed to load: ${(err as Error)?.message ?? String(err)}` };
  }
  // The stock worker, loaded now rather than lazily by pdf.js, so that its load happens
  // inside the caller's withNativeBuiltins.
  g.pdfjsWorker = await import(STOCK_WORKER);
}

/** Operator-list chunks waiting for the API side, by token. */
class DirectChunks {
  private next = 1;
  private readonly chunks = new Map<number, { fnArray: unknown[]; argsArray: unknown[] }>();

  put(fnArray: unknown[], argsArray: unknown[]): number {
    // Taken as the API side reads its stream; a page of many chunks may have dozens waiting.
    // Only a read abandoned mid-page leaves any behind, and a pool worker is replaced when
    // its task is aborted, so there is no bound to enforce (dropping one would lose text).
    const token = this.next++;
    this.chunks.set(token, { fnArray, argsArray });
    return token;
  }

  take(token: number): { fnArray: unknown[]; argsArray: unknown[] } {
    const c = this.chunks.get(token);
    if (!c) throw new Error('pdf.js operator-list chunk was lost before it was read');
    this.chunks.delete(token);
    return c;
  }
}

interface ChunkReceiver {
  _renderPageChunk?: (chunk: { quireDirect?: number; fnArray: unknown[]; argsArray: unknown[]; length: number }, intentState: unknown) => unknown;
  quireDirectChunks?: boolean;
}

/**
 * Let the patched worker hand operator lists to pdf.js's API side without cloning them,
 * from now on in this thread. Call with any page of an open document before reading its
 * operator list. The API side's page class is not exported, so its chunk receiver is
 * wrapped through the page's prototype; when pdf.js has no such method (an upgrade), chunks
 * keep being cloned. Rendering never goes this way: its requests are not operator-list reads.
 */
export function enableDirectOperatorLists(page: object): void {
  if (!status.patched) return;
  const proto = Object.getPrototypeOf(page) as ChunkReceiver;
  if (proto.quireDirectChunks) return;
  const receive = proto._renderPageChunk;
  if (typeof receive !== 'function') return;
  const registry = new DirectChunks();
  proto._renderPageChunk = function (chunk, intentState) {
    if (chunk?.quireDirect !== undefined) {
      const { fnArray, argsArray } = registry.take(chunk.quireDirect);
      chunk = { ...chunk, fnArray, argsArray, length: fnArray.length };
    }
    return receive.call(this, chunk, intentState);
  };
  proto.quireDirectChunks = true;
  (globalThis as { quireDirectOpLists?: DirectChunks }).quireDirectOpLists = registry;
}

/** Whether operator lists are handed over without cloning in this thread. */
export function directOperatorListsEnabled(): boolean {
  return (globalThis as { quireDirectOpLists?: unknown }).quireDirectOpLists instanceof DirectChunks;
}
