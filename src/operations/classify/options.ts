/**
 * Options of classification: `categories` (a JSON array of {name, description?, examples?};
 * `examples`, texts of example documents, is this project's few-shot extension) or the
 * older `conditions` (a JSON list of strings). The spec fails the job, rather than refusing
 * the request, when categories are invalid ("status failed with error ... a message saying
 * the format must be a valid JSON string"), so problems are kept in `problem` and the job
 * fails with that message when it runs.
 */
import type { CategoryInput } from '../../pipeline/page-classes/category-profile.js';
import { INVALID_CATEGORIES, checkCategoryNames, parseJsonOption } from '../../pipeline/page-classes/category-input.js';

export interface ClassifyOptions {
  categories: CategoryInput[];
  /** Why the categories cannot be used; the job fails with this message. */
  problem: string | null;
  password?: string;
}

export function validateClassifyOptions(raw: Record<string, unknown>): ClassifyOptions {
  const pw = typeof raw.password === 'string' && raw.password ? { password: raw.password } : {};
  const field = raw.categories !== undefined ? 'categories' : raw.conditions !== undefined ? 'conditions' : null;
  if (!field) return { categories: [], problem: 'categories is required: a JSON array of {"name": string, "description"?: string} objects.', ...pw };
  const parsed = parseJsonOption(raw[field]);
  if (!parsed.ok || !Array.isArray(parsed.value)) return { categories: [], problem: INVALID_CATEGORIES, ...pw };
  const categories: CategoryInput[] = [];
  for (const c of parsed.value) {
    // `conditions` (older form) is a list of strings; plain strings are accepted in `categories` too.
    if (typeof c === 'string') categories.push({ name: c.trim() });
    else if (c && typeof c === 'object' && typeof (c as { name?: unknown }).name === 'string') {
      const { name, description, examples } = c as { name: string; description?: unknown; examples?: unknown };
      const texts = Array.isArray(examples) ? examples.filter((e): e is string => typeof e === 'string' && e.trim().length > 0) : [];
      categories.push({
        name: name.trim(),
        ...(typeof description === 'string' && description.trim() ? { description: description.trim() } : {}),
        ...(texts.length ? { examples: texts } : {}),
      });
    } else return { categories: [], problem: INVALID_CATEGORIES, ...pw };
  }
  return { categories, problem: checkCategoryNames(categories.map((c) => c.name)), ...pw };
}

/** The configuration echoed in the job (no password). */
export function classifyConfiguration(o: ClassifyOptions): Record<string, unknown> {
  // Example texts can be long: the configuration says how many, not what.
  return { categories: o.categories.map(({ examples, ...c }) => (examples ? { ...c, examples: examples.length } : c)) };
}
