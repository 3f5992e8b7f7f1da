/**
 * Typed errors. Submission-time errors (validation, queue full, not found) are thrown to
 * the caller and carry the HTTP-style status the spec gives them; processing errors end a
 * job in its failed state with `message`.
 */

export class QuireError extends Error {
  /** HTTP-equivalent status from the spec's error table. */
  readonly status: number;
  readonly code: string;
  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.status = status;
  }
}

/** A malformed option or input at submission (spec: 400). `field` names the offending option. */
export class ValidationError extends QuireError {
  readonly field: string;
  constructor(field: string, message: string) {
    super('validation_error', `${field}: ${message}`, 400);
    this.field = field;
  }
}

/** The engine's bounded queue is full (spec: 503, reason queue_full). Nothing was created. */
export class QueueFullError extends QuireError {
  /** Seconds to wait before resubmitting. */
  readonly retryAfter: number;
  constructor(retryAfter: number, message = 'The job queue is full; resubmit later.') {
    super('service_unavailable', message, 503);
    this.retryAfter = retryAfter;
  }
  /** The spec's 503 body. */
  toBody(): { error: { code: string; message: string; details: { reason: string; retry_after: number } } } {
    return { error: { code: this.code, message: this.message, details: { reason: 'queue_full', retry_after: this.retryAfter } } };
  }
}

/** A submission to an engine after close() (503): nothing was created; make a new engine. */
export class EngineClosedError extends QuireError {
  constructor() {
    super('engine_closed', 'The engine is closed: it accepts no new jobs. Create a new engine to submit more.', 503);
  }
}

/** Unknown job id (spec: 404). */
export class JobNotFoundError extends QuireError {
  constructor(jobId: string) {
    super('not_found', `Job not found: ${jobId}`, 404);
  }
}

/**
 * A processing failure with a user-facing reason; the job ends Failed with this message.
 * `kind` lets callers branch without parsing text.
 */
export type ProcessingErrorKind =
  | 'empty_file'
  | 'unsupported_format'
  | 'corrupt_document'
  | 'password_required'
  | 'wrong_password'
  | 'page_limit_exceeded'
  | 'too_large'
  | 'timeout'
  | 'worker_crashed'
  | 'fetch_failed'
  | 'url_not_allowed'
  | 'no_pages_selected'
  | 'processing_error';

export class ProcessingError extends QuireError {
  readonly kind: ProcessingErrorKind;
  constructor(kind: ProcessingErrorKind, message: string) {
    super(kind, message, 422);
    this.kind = kind;
  }
}

/**
 * V8's messages when a string, array or buffer would pass its size limits: they mean the
 * document holds more text or data than one process can, which a user can act on only
 * when told so.
 */
const OUT_OF_SIZE = /\b(Invalid string length|Invalid array length|Invalid typed array length[^,.;]*|Array buffer allocation failed)\b/;
const OUT_OF_SIZE_MESSAGE = "the document's text is too large to hold in memory; split the document or select fewer pages or sheets";

/** Turn anything thrown into a one-line, user-facing message. */
export function errorMessage(err: unknown): string {
  const line = err instanceof Error ? err.message.split('\n')[0] || err.name : String(err);
  if (!OUT_OF_SIZE.test(line)) return line;
  const wrapped = line.replace(OUT_OF_SIZE, OUT_OF_SIZE_MESSAGE);
  return wrapped === OUT_OF_SIZE_MESSAGE ? `The document's text is too large to hold in memory; split the document or select fewer pages or sheets.` : wrapped;
}

/**
 * A size for a user-facing message, in the largest unit that keeps it at least 1: rounding
 * everything to MiB said "declared 0 MiB" for a 300-byte part.
 */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (n < 1024) return `${n} ${n === 1 ? 'byte' : 'bytes'}`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v >= 100 || Number.isInteger(v) ? Math.round(v) : v.toFixed(1)} ${units[u]}`;
}

/**
 * The PII pre-flight found personal data at or above `pii_block_severity` before any job
 * existed (extraction's `detect_pii`). Not a failure of the request: the spec answers HTTP 200
 * with `{status: 'pii_blocked', blocked: true}`; `toBody()` is that answer. `kinds` names what
 * was found, never the values.
 */
export class PiiBlockedError extends QuireError {
  readonly kinds: string[];
  constructor(message: string, kinds: string[]) {
    super('pii_blocked', `pii_blocked: ${message}`, 200);
    this.kinds = kinds;
  }
  toBody(): { status: 'pii_blocked'; blocked: true; message: string; pii_types: string[] } {
    return { status: 'pii_blocked', blocked: true, message: this.message.replace(/^pii_blocked: /, ''), pii_types: this.kinds };
  }
}
