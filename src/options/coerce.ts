/**
 * Option value coercion shared by every operation. Options arrive as real JSON values
 * (library) or as strings (CLI, multipart): both forms are accepted, anything else is a
 * ValidationError naming the field.
 */
import { ValidationError } from '../errors.js';

export function toBool(field: string, v: unknown, dflt: boolean): boolean {
  if (v === undefined || v === null || v === '') return dflt;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === '1' || s === 'yes') return true;
    if (s === 'false' || s === '0' || s === 'no') return false;
  }
  if (v === 1 || v === 0) return v === 1;
  throw new ValidationError(field, `expected a boolean, got ${JSON.stringify(v)}`);
}

export function toInt(field: string, v: unknown, dflt: number | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (v === undefined || v === null || v === '') return dflt;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n)) throw new ValidationError(field, `expected an integer, got ${JSON.stringify(v)}`);
  if (n < min || n > max) throw new ValidationError(field, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** A string from a closed set, matched case-insensitively; returns the canonical spelling. */
export function toEnum<T extends string>(field: string, v: unknown, allowed: readonly T[], dflt: T): T {
  if (v === undefined || v === null || v === '') return dflt;
  if (typeof v !== 'string') throw new ValidationError(field, `expected one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`);
  const hit = allowed.find((a) => a.toLowerCase() === v.trim().toLowerCase());
  if (!hit) throw new ValidationError(field, `expected one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`);
  return hit;
}

/** A JSON value given as the value itself or as JSON text. */
export function toJson(field: string, v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    throw new ValidationError(field, 'is not valid JSON');
  }
}

export function toStr(field: string, v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  throw new ValidationError(field, `expected a string, got ${JSON.stringify(v)}`);
}
