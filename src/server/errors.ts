/**
 * One error body for every answer the spec leaves open, shaped like the spec's own 503
 * body so clients parse one thing: `{ "error": { "code", "message", "details"? } }`.
 * `details.field` names the offending parameter on 400; `details.retry_after` repeats the
 * `Retry-After` header on 429/503. Engine errors (QuireError) map by their status.
 */
import type { FastifyReply } from 'fastify';
import { PiiBlockedError, QueueFullError, QuireError, ValidationError } from '../errors.js';

export interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

/** An HTTP answer other than success, thrown from hooks and handlers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) => new HttpError(400, 'validation_error', `${field}: ${message}`, { field });
export const notFound = (what = 'Job') => new HttpError(404, 'not_found', `${what} not found`);
export const tooLarge = (limit: number) => new HttpError(413, 'payload_too_large', `The request body is over this endpoint's limit of ${limit} bytes.`, { limit_bytes: limit });
export const capacity = () => new HttpError(503, 'service_unavailable', 'The server is at capacity or shutting down; retry later.', undefined, 5);

function fromError(err: unknown): { status: number; body: ErrorBody | ReturnType<PiiBlockedError['toBody']>; retryAfter?: number } {
  if (err instanceof PiiBlockedError) return { status: 200, body: err.toBody() }; // the spec's answer, no job created
  if (err instanceof QueueFullError) return { status: 503, body: err.toBody(), retryAfter: err.retryAfter };
  if (err instanceof HttpError) {
    const details = err.retryAfter !== undefined && err.statusCode !== 503 ? { ...err.details, retry_after: err.retryAfter } : err.details;
    return { status: err.statusCode, body: { error: { code: err.code, message: err.message, ...(details ? { details } : {}) } }, retryAfter: err.retryAfter };
  }
  if (err instanceof ValidationError) return { status: 400, body: { error: { code: err.code, message: err.message, details: { field: err.field } } } };
  if (err instanceof QuireError && err.status < 500) return { status: err.status, body: { error: { code: err.code, message: err.message } } };
  const e = err as { statusCode?: number; code?: string; message?: string; validation?: Array<{ instancePath?: string; params?: Record<string, unknown> }> };
  const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  // Malformed multipart (busboy) and other body errors without a status are the client's.
  if (status === 500 && /^(Multipart|Unexpected end of form|Malformed part header|Part terminated early)/.test(e.message ?? '')) {
    return { status: 400, body: { error: { code: 'malformed_body', message: `multipart parse failed: ${e.message}` } } };
  }
  if (status >= 500) return { status: 500, body: { error: { code: 'internal_error', message: 'Internal error.' } } };
  const v = e.validation?.[0];
  const field = v ? (v.params?.missingProperty as string) ?? v.instancePath?.replace(/^\//, '') : undefined;
  const code = status === 413 ? 'payload_too_large' : status === 400 && e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'malformed_body' : String(e.code ?? 'bad_request').toLowerCase();
  return { status, body: { error: { code, message: e.message ?? 'Bad request', ...(field ? { details: { field } } : {}) } } };
}

export function sendError(reply: FastifyReply, err: unknown): FastifyReply {
  const { status, body, retryAfter } = fromError(err);
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
  return reply.code(status).type('application/json').send(body);
}
