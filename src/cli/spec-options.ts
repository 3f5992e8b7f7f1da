/**
 * The spec options of a CLI command: `--<option> VALUE`, `--<option>=VALUE`, or `--<option>`
 * alone for true. Names are checked against the operation's own option list, so a typo
 * (`--page-range` for `--page_range`) is an error naming the closest option instead of an
 * option silently ignored; `--help` lists the options with their defaults.
 */
import fs from 'node:fs';
import { distance } from 'fastest-levenshtein';
import { QuireError } from '../errors.js';
import { defaultOptions, optionNames, type Operation } from '../operations/operation.js';

/** The closest known name, when it is close enough to be the intended one. */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/-/g, '_');
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = norm(name) === norm(k) ? 0 : distance(norm(name), norm(k));
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function usage(message: string): QuireError {
  return new QuireError('usage', message, 2);
}

/** `@path` reads an option's value from a file (`--schema_data @schema.json`), for every option. */
function fromFile(name: string, value: string): string {
  if (!value.startsWith('@') || value.length < 2) return value;
  try {
    return fs.readFileSync(value.slice(1), 'utf8');
  } catch (err) {
    throw usage(`--${name} ${value}: cannot read ${value.slice(1)} (${(err as Error).message})`);
  }
}

/** Parses the arguments commander did not recognise into the operation's raw options. */
export function collectSpecOptions(op: Operation, args: readonly string[], cliFlags: readonly string[]): Record<string, string> {
  const known = optionNames(op);
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) throw usage(`unexpected argument: ${a}`);
    const eq = a.indexOf('=');
    const name = a.slice(2, eq > 0 ? eq : undefined);
    if (!known.includes(name)) {
      const near = closestName(name, [...known, ...cliFlags]);
      throw usage(`unknown option --${name}${near ? ` (did you mean --${near}?)` : ''}; \`quire ${op.command ?? op.name} --help\` lists the options`);
    }
    if (eq > 0) {
      out[name] = fromFile(name, a.slice(eq + 1));
      continue;
    }
    const next = args[i + 1];
    if (next === undefined || next.startsWith('--')) out[name] = 'true';
    else {
      out[name] = fromFile(name, next);
      i++;
    }
  }
  return out;
}

function showDefault(v: unknown): string {
  if (v === null || v === undefined) return 'none';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The `--help` section listing the operation's spec options and their defaults. */
export function specOptionsHelp(op: Operation): string {
  const defaults = defaultOptions(op);
  const names = Object.keys(defaults);
  const width = Math.max(...names.map((n) => n.length)) + 4;
  const lines = names.map((n) => `  --${n.padEnd(width - 2)}default: ${showDefault(defaults[n])}`);
  const extras = (op.extraOptionNames ?? []).map((n) => `--${n}`).join(', ');
  return `\nSpec options (--<option> VALUE or --<option>=VALUE; JSON for objects and lists):\n${lines.join('\n')}${extras ? `\n  also accepted: ${extras}` : ''}\n`;
}
