/**
 * Options of splitting (`POST /splitter/split-pdf-v1`): `classes`, comma-separated (required),
 * and `categories`, an optional JSON object mapping a class to its description. Problems end
 * the job as failed with a clear message (as classification does); nothing is thrown, so the
 * CLI can list the options from validate({}). (The CLI's `--out-dir` is a CLI flag that copies
 * the written PDFs; it is not an option, so no HTTP client can choose where files go.)
 */
import { INVALID_DESCRIPTIONS, checkCategoryNames, parseJsonOption } from '../../pipeline/page-classes/category-input.js';

export interface SplitOptions {
  classes: string[];
  descriptions: Record<string, string>;
  problem: string | null;
  password?: string;
}

export function validateSplitOptions(raw: Record<string, unknown>): SplitOptions {
  const pw = typeof raw.password === 'string' && raw.password ? { password: raw.password } : {};
  const classesRaw = raw.classes;
  const list = Array.isArray(classesRaw) ? classesRaw.map(String) : typeof classesRaw === 'string' ? classesRaw.split(',') : null;
  const classes = (list ?? []).map((s) => s.trim()).filter((s) => s.length > 0);
  let problem = list === null ? 'classes is required: a comma-separated list of categories (e.g. invoice,receipt).' : checkCategoryNames(classes);
  const descriptions: Record<string, string> = {};
  if (raw.categories !== undefined && raw.categories !== null && raw.categories !== '') {
    const parsed = parseJsonOption(raw.categories);
    if (!parsed.ok || !parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) problem ??= INVALID_DESCRIPTIONS;
    else for (const [k, v] of Object.entries(parsed.value as Record<string, unknown>)) if (typeof v === 'string') descriptions[k.trim()] = v;
  }
  return { classes, descriptions, problem, ...pw };
}

/** The spec's `parameters` of a split job. */
export function splitConfiguration(o: SplitOptions): Record<string, unknown> {
  return { classes: o.classes, categories: o.descriptions };
}
