/**
 * Checks on the caller's category names shared by classification and splitting: present,
 * unique (ignoring case and spacing), not too long, and few enough to score in bounded time.
 * Returns the problem as a sentence (the job fails with it) rather than throwing: the spec
 * fails a classification job with the message, it does not refuse the request.
 */

export const MAX_CATEGORIES = 100;
const MAX_NAME = 200;

export const INVALID_CATEGORIES = 'Invalid categories format. Must be a valid JSON string: an array of {"name": string, "description"?: string} objects.';
export const INVALID_DESCRIPTIONS = 'Invalid categories format. Must be a valid JSON string: an object mapping category name to description.';

export function checkCategoryNames(names: readonly string[]): string | null {
  if (names.length === 0) return 'No categories given: provide at least one category.';
  if (names.length > MAX_CATEGORIES) return `Too many categories (${names.length}); at most ${MAX_CATEGORIES} are accepted.`;
  const seen = new Set<string>();
  for (const n of names) {
    const key = n.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!key) return 'A category name is empty.';
    if (key.length > MAX_NAME) return `A category name is longer than ${MAX_NAME} characters.`;
    if (seen.has(key)) return `Duplicate category name: "${n.trim()}".`;
    seen.add(key);
  }
  return null;
}

/** A JSON string parsed (other values pass through); `ok: false` when the string is not JSON. */
export function parseJsonOption(v: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof v !== 'string') return { ok: true, value: v };
  try {
    return { ok: true, value: JSON.parse(v) };
  } catch {
    return { ok: false };
  }
}
