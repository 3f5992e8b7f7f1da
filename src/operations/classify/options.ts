/**
 * Options of classification (`categories` / legacy `conditions`) and splitting (`classes`,
 * optional `categories` name → description). The spec fails a classification job, rather
 * than refusing the request, when categories are invalid ("status failed with error ...
 * a message saying the format must be a valid JSON string"), so problems found here are
 * kept in `problem` and the job fails with that message when it runs. The split endpoint's
 * `classes` is a required query parameter: a missing one is refused at submission (400).
 */
import { ValidationError } from '../../errors.js';
import type { CategoryInput } from '../../pipeline/page-classes/category-profile.js';

export const MAX_CATEGORIES = 100;
const MAX_NAME = 200;
export const INVALID_CATEGORIES = 'Invalid categories format. Must be a valid JSON string: an array of {"name": string, "description"?: string} objects.';

export interface ClassifyOptions {
  categories: CategoryInput[];
  /** Why the categories cannot be used; the job fails with this message. */
  problem: string | null;
  password?: string;
}

export interface SplitOptions {
  classes: string[];
  descriptions: Record<string, string>;
  problem: string | null;
  password?: string;
}

/** Names must be present, unique (ignoring case and spacing), and few enough to score. */
function checkNames(names: readonly string[]): string | null {
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

function parseJson(v: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof v !== 'string') return { ok: true, value: v };
  try {
    return { ok: true, value: JSON.parse(v) };
  } catch {
    return { ok: false };
  }
}

function password(raw: Record<string, unknown>): { password?: string } {
  return typeof raw.password === 'string' && raw.password ? { password: raw.password } : {};
}

export function validateClassifyOptions(raw: Record<string, unknown>): ClassifyOptions {
  const field = raw.categories !== undefined ? 'categories' : raw.conditions !== undefined ? 'conditions' : null;
  if (!field) return { categories: [], problem: 'categories is required: a JSON array of {"name": string, "description"?: string} objects.', ...password(raw) };
  const parsed = parseJson(raw[field]);
  if (!parsed.ok || !Array.isArray(parsed.value)) return { categories: [], problem: INVALID_CATEGORIES, ...password(raw) };
  const categories: CategoryInput[] = [];
  for (const c of parsed.value) {
    // `conditions` (older form) is a list of strings; plain strings are accepted in `categories` too.
    if (typeof c === 'string') categories.push({ name: c });
    else if (c && typeof c === 'object' && typeof (c as { name?: unknown }).name === 'string') {
      const { name, description } = c as { name: string; description?: unknown };
      categories.push({ name: name.trim(), ...(typeof description === 'string' && description.trim() ? { description: description.trim() } : {}) });
    } else return { categories: [], problem: INVALID_CATEGORIES, ...password(raw) };
  }
  return { categories, problem: checkNames(categories.map((c) => c.name)), ...password(raw) };
}

export function validateSplitOptions(raw: Record<string, unknown>): SplitOptions {
  const classesRaw = raw.classes;
  const list = Array.isArray(classesRaw) ? classesRaw.map(String) : typeof classesRaw === 'string' ? classesRaw.split(',') : null;
  if (!list) throw new ValidationError('classes', 'required: a comma-separated list of categories');
  const classes = list.map((s) => s.trim()).filter((s) => s.length > 0);
  let problem = checkNames(classes);
  const descriptions: Record<string, string> = {};
  if (raw.categories !== undefined && raw.categories !== null && raw.categories !== '') {
    const parsed = parseJson(raw.categories);
    if (!parsed.ok || !parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
      problem ??= 'Invalid categories format. Must be a valid JSON string: an object mapping category name to description.';
    } else {
      for (const [k, v] of Object.entries(parsed.value as Record<string, unknown>)) if (typeof v === 'string') descriptions[k.trim()] = v;
    }
  }
  return { classes, descriptions, problem, ...password(raw) };
}
