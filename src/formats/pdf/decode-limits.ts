/**
 * Decompression and decoded-image limits for PDFs, enforced inside pdf.js's worker code
 * (four edits in oplist-worker.ts read `globalThis.quireDecodeLimits`).
 *
 * Why inside pdf.js: a 2 MB flate stream can inflate to 2 GB, and pdf.js inflates a whole
 * stream into one growing buffer before anything downstream can look at it (issue 21: 60 s
 * and 2.8 GB RSS for one page); an image's decoded size is known only to the evaluator that
 * is about to decode it (a 20000x20000 image on a page rendered for OCR cost 2.9 GB, and
 * `workerMemoryMb` bounds only the JS heap, not these typed arrays and canvases). So the
 * stream buffer refuses to grow past `maxInflatedBytes`, and an image whose Width x Height
 * exceeds the pixel limit is not decoded, nor a JPEG whose own frame header declares more
 * (pdf.js's decoder allocates the header's size, not the dictionary's). pdf.js is told to
 * keep going on errors (stopAtErrors: false), so a limit hit would otherwise just leave the page short of
 * content: the hit is recorded here and the page's extraction or rendering then fails
 * with the recorded reason (`throwIfDecodeLimitHit`), so the job's error handling
 * decides (Fail stops the job, Continue skips the page).
 *
 * One record per thread: a pool worker reads one page at a time (an OCR page in flight
 * may re-render its own page, whose streams and images already passed the same checks).
 */
import { ProcessingError, ValidationError, formatBytes } from '../../errors.js';
import { isFrameMarker, jpegSegments } from './jpeg-markers.js';

export interface PdfDecodeLimits {
  /** Most bytes one stream (content, font, image data, …) may inflate to. */
  maxInflatedBytes: number;
  /** Most pixels (Width x Height) of one image, colour or grey. */
  maxImagePixels: number;
  /** Most pixels of one 1-bit stencil mask (decoded at 1 bit, drawn through a mask canvas). */
  maxImageMaskPixels: number;
}

/**
 * 256 MiB per stream holds any real content stream (the largest in the corpus are a few
 * MB) and 85 MP of 8-bit RGB image data; while the buffer doubles towards it, at most
 * 384 MB (old and new buffer) are held. 100 MP per image is the image-input limit
 * (a Letter page scanned at 1000 DPI); masks get 150 MP because pdf.js keeps them at 1 bit
 * until drawn (freeculture.pdf has two legitimate 113 MP CCITT masks).
 */
export const DEFAULT_PDF_DECODE_LIMITS: PdfDecodeLimits = {
  maxInflatedBytes: 256 * 1024 * 1024,
  maxImagePixels: 100_000_000,
  maxImageMaskPixels: 150_000_000,
};

/** What the patched pdf.js worker calls; the names are part of the edits' text. */
interface DecodeGuard extends PdfDecodeLimits {
  breach: string | null;
  /** Records and returns the error a stream throws when it would grow past the limit. */
  inflated(bytes: number): Error;
  /** Records the breach and answers true when an image is too large to decode. */
  imageTooLarge(width: number, height: number, isMask: boolean): boolean;
  /** Records the breach and throws when a JPEG's frame header declares more pixels than the limit. */
  jpegFrame(bytes: Uint8Array): void;
}

/**
 * The width and height a JPEG's frame header declares (what a decoder allocates), or null
 * when there is none before the scan (or the data is not a JPEG). Reads markers only.
 */
export function jpegFrameSize(bytes: Uint8Array): { width: number; height: number } | null {
  for (const { marker, offset: o } of jpegSegments(bytes)) {
    if (marker === 0xda || marker === 0xd9) return null; // a scan (or the end) before any frame
    if (!isFrameMarker(marker)) continue;
    if (o + 9 > bytes.length) return null;
    return { height: (bytes[o + 5]! << 8) | bytes[o + 6]!, width: (bytes[o + 7]! << 8) | bytes[o + 8]! };
  }
  return null;
}

const g = globalThis as { quireDecodeLimits?: DecodeGuard };

const mb = formatBytes;

/**
 * How an engine's limits reach its pool workers (EngineConfig.pdfDecodeLimits): the pool
 * gives its workers this environment variable, read when a worker loads pdf.js.
 */
export const DECODE_LIMITS_ENV = 'QUIRE_PDF_DECODE_LIMITS';

/** Checks limits given by a caller (ValidationError naming the field) and returns them. */
export function validatePdfDecodeLimits(limits: Partial<PdfDecodeLimits>): Partial<PdfDecodeLimits> {
  for (const [key, value] of Object.entries(limits)) {
    if (!(key in DEFAULT_PDF_DECODE_LIMITS)) throw new ValidationError('pdfDecodeLimits', `unknown limit "${key}" (known: ${Object.keys(DEFAULT_PDF_DECODE_LIMITS).join(', ')})`);
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw new ValidationError(`pdfDecodeLimits.${key}`, `must be a positive integer, got ${JSON.stringify(value)}`);
  }
  return limits;
}

/** The worker environment that carries `limits` (empty for none). */
export function pdfDecodeLimitsEnv(limits: Partial<PdfDecodeLimits> | undefined): Record<string, string> {
  return limits && Object.keys(limits).length ? { [DECODE_LIMITS_ENV]: JSON.stringify(validatePdfDecodeLimits(limits)) } : {};
}

function limitsFromEnv(): Partial<PdfDecodeLimits> {
  const text = process.env[DECODE_LIMITS_ENV];
  if (!text) return {};
  try {
    return validatePdfDecodeLimits(JSON.parse(text) as Partial<PdfDecodeLimits>);
  } catch {
    return {}; // set by the engine, which validated it; anything else is ignored
  }
}

/** Install (or change) the limits for this thread's pdf.js (default: the engine's, from the environment). */
export function installPdfDecodeLimits(limits: Partial<PdfDecodeLimits> = limitsFromEnv()): void {
  const l = { ...DEFAULT_PDF_DECODE_LIMITS, ...limits };
  const guard: DecodeGuard = {
    ...l,
    breach: null,
    inflated(bytes: number) {
      const msg = `a compressed stream inflates to more than ${mb(l.maxInflatedBytes)}, the limit per stream (stopped at ${mb(bytes)})`;
      guard.breach ??= msg;
      return new Error(msg);
    },
    imageTooLarge(width: number, height: number, isMask: boolean) {
      const limit = isMask ? l.maxImageMaskPixels : l.maxImagePixels;
      if (width * height <= limit) return false;
      guard.breach ??= `the page has a ${width}x${height} ${isMask ? 'image mask' : 'image'} (${((width * height) / 1e6).toFixed(1)} MP); the limit is ${(limit / 1e6).toFixed(0)} MP per ${isMask ? 'mask' : 'image'}`;
      return true;
    },
    jpegFrame(bytes: Uint8Array) {
      const frame = jpegFrameSize(bytes);
      if (!frame || frame.width * frame.height <= l.maxImagePixels) return;
      const msg = `the page has a JPEG image whose header declares ${frame.width}x${frame.height} (${((frame.width * frame.height) / 1e6).toFixed(1)} MP); the limit is ${(l.maxImagePixels / 1e6).toFixed(0)} MP per image`;
      guard.breach ??= msg;
      throw new Error(msg);
    },
  };
  g.quireDecodeLimits = guard;
}

/** Forget any limit hit recorded so far (call before reading or rendering a page). */
export function clearDecodeLimitHit(): void {
  if (g.quireDecodeLimits) g.quireDecodeLimits.breach = null;
}

/**
 * Throw `too_large` if a limit was hit since the last clear. The message names the limit,
 * not the page: the parse reports it as "Page N could not be processed: <message>".
 */
export function throwIfDecodeLimitHit(): void {
  const breach = g.quireDecodeLimits?.breach;
  if (!breach) return;
  g.quireDecodeLimits!.breach = null;
  throw new ProcessingError('too_large', `${breach}.`);
}
