/**
 * pdf.js's bundles (API and worker code) run as classic scripts with a V8 code cache.
 *
 * Every pool worker is a fresh isolate that parses and compiles 3.3 MB of pdf.js before its
 * first page: about 150 ms of CPU per worker, half of it compilation, at the start of every
 * job a fresh pool takes. Node 20 has no compile cache for ES modules (Node 22's
 * `module.enableCompileCache` is one), but `vm.Script` takes V8's cached data. Both bundles
 * are self-contained ES modules whose only module syntax is `import.meta.url` and one final
 * export list, so each becomes a function body: `import.meta.url` is the file's URL and the
 * export list is returned. A bundle of any other shape is left to `import()`.
 *
 * The cache is a private folder (default `$XDG_CACHE_HOME/quire` or `~/.cache/quire`, mode
 * 0700; `QUIRE_CODE_CACHE_DIR` another folder or `off`) holding, per bundle, the converted
 * script and V8's code for it. Entries are named by the bundle file's identity, the edits,
 * the Node version and the V8 flags in effect; V8 itself refuses code made for another
 * source, V8 build or flag set (the entry is then rewritten).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { pathToFileURL } from 'node:url';
import { isAscii } from 'node:buffer';
import { appliedV8Flags } from '../../runtime/v8-tuning.js';

/** The script form of an ES-module bundle, or null when it has other module syntax. */
export function bundleToScript(source: string, url: string): string | null {
  const exportList = /\nexport \{([^}]*)\};\s*(?:\/\/# sourceMappingURL=\S*\s*)?$/.exec(source);
  if (!exportList) return null;
  const body = source.slice(0, exportList.index).replaceAll('import.meta.url', JSON.stringify(url));
  // Static imports, other exports or other import.meta uses would not run as a script.
  if (/^(?:import|export)\s/m.test(body) || body.includes('import.meta')) return null;
  const entries: string[] = [];
  for (const spec of exportList[1]!.split(',')) {
    const m = /^\s*([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(spec);
    if (!m) {
      if (spec.trim() === '') continue;
      return null;
    }
    entries.push(`${JSON.stringify(m[2] ?? m[1])}: ${m[1]}`);
  }
  return asciiOnly(`(function () { "use strict";\n${body}\nreturn { ${entries.join(', ')} };\n})`);
}

/**
 * The script with its non-ASCII characters written as \uXXXX escapes, when all of them sit
 * on lines without a template literal (pdf.js 5 has two dozen, all in quoted strings: a
 * copyright, URL self-tests, a ligature map, a font name), where an escape denotes the same
 * character. A pure-ASCII script is kept as one byte a character and read back as Latin-1:
 * decoding the worker bundle as UTF-8 took ~50 ms per worker (a few non-ASCII bytes make the
 * whole string two-byte and force the slow decoder), as Latin-1 ~3 ms. Otherwise unchanged.
 */
function asciiOnly(script: string): string {
  const nonAscii = /[^\x00-\x7f]/g;
  for (const m of script.matchAll(nonAscii)) {
    const start = script.lastIndexOf('\n', m.index) + 1;
    const end = script.indexOf('\n', m.index);
    if (script.slice(start, end < 0 ? undefined : end).includes('`')) return script;
  }
  return script.replace(nonAscii, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A kept script's text: Latin-1 when it is pure ASCII (fast, one byte a character). */
function scriptText(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** off: no cache folder; missing: no kept script; rejected: kept script, its compiled code missing or refused. */
export type CodeCacheOutcome = 'off' | 'hit' | 'missing' | 'rejected' | 'written';

let lastOutcome: Record<string, CodeCacheOutcome> = {};

/** How each bundle's code cache fared in this thread (tests, diagnostics). */
export function codeCacheOutcomes(): Record<string, CodeCacheOutcome> {
  return { ...lastOutcome };
}

/** The cache folder for this thread, or null when caching is off or there is no home. */
export function codeCacheDir(): string | null {
  const configured = process.env.QUIRE_CODE_CACHE_DIR;
  if (configured === 'off') return null;
  if (configured) return configured;
  const base = process.env.XDG_CACHE_HOME || (os.homedir() ? path.join(os.homedir(), '.cache') : '');
  return base ? path.join(base, 'quire') : null;
}

/**
 * Run a bundle file's code as a script and return its exports; null when the bundle cannot
 * run as a script. `source()` gives the code (the file's, possibly edited; null: unusable)
 * and is only called when the cache holds no script for this file; `edits` names what it
 * changes, so that other edits make other entries. `name` names the cache entries and,
 * appended to the file's URL, the code in stack traces.
 */
export function runBundle<T>(file: string, name: string, source: () => string | null, edits = ''): T | null {
  const url = pathToFileURL(file).href;
  const dir = codeCacheDir();
  const key = dir ? cacheKey(file, edits) : null;
  const base = dir && key ? path.join(dir, `${name}-${key}`) : null;
  // The converted script is kept beside the compiled code: editing and converting 3 MB of
  // text costs about as much as compiling it from the cache.
  let outcome: CodeCacheOutcome = 'off';
  let loaded: { compiled: vm.Script; exports: T } | undefined;
  let script: string | undefined;
  const keptBytes = base ? readEntry(`${base}.js`) : undefined;
  const kept = keptBytes ? scriptText(keptBytes) : undefined;
  if (kept !== undefined) {
    const code = readEntry(`${base}.v8`);
    try {
      loaded = compile<T>(kept, url, name, code);
      outcome = code && !loaded.compiled.cachedDataRejected ? 'hit' : 'rejected';
    } catch {
      loaded = undefined; // a damaged entry: converted again below, and rewritten
    }
  }
  if (!loaded) {
    const code = source();
    script = code === null ? undefined : (bundleToScript(code, url) ?? undefined);
    if (script === undefined) return null;
    loaded = compile<T>(script, url, name, undefined);
    outcome = base ? 'missing' : 'off';
  }
  const { compiled, exports } = loaded;
  if (base && outcome !== 'hit') unsaved.push({ base, compiled, name, script: script ?? null });
  lastOutcome = { ...lastOutcome, [name]: outcome };
  return exports;
}

function compile<T>(script: string, url: string, name: string, cachedData: Buffer | undefined): { compiled: vm.Script; exports: T } {
  const compiled = new vm.Script(script, {
    filename: `${url}?${name}`,
    cachedData,
    // The bundles import a WASM fallback dynamically; it resolves as from an ES module.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const exports = (compiled.runInThisContext() as () => T)();
  return { compiled, exports };
}

function readEntry(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined; // first run with this pdf.js, Node or flag set
  }
}

const unsaved: Array<{ base: string; compiled: vm.Script; name: string; script: string | null }> = [];

/**
 * Write the cache entries this thread is missing. Call once pdf.js has done some work (a
 * first batch of pages): the data then also holds the functions compiled on the way, which
 * a cache written right after loading lacks.
 */
export function saveCodeCache(): void {
  for (const { base, compiled, name, script } of unsaved.splice(0)) {
    // The script first: compiled code is only read beside the script it was made from.
    if (script !== null && !writeEntry(`${base}.js`, Buffer.from(script))) continue;
    if (writeEntry(`${base}.v8`, compiled.createCachedData())) lastOutcome = { ...lastOutcome, [name]: 'written' };
  }
}

/**
 * Entries belong to one bundle file (path, size, modification time, inode), one set of edits
 * and converter, and one Node build and flag set.
 */
function cacheKey(file: string, edits: string): string | null {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return null; // no file identity, no cache
  }
  const flags = [...process.execArgv, process.env.NODE_OPTIONS ?? '', ...appliedV8Flags()].join(' ');
  const id = [file, st.size, st.mtimeMs, st.ino, CONVERTER, edits, process.version, process.arch, flags].join('\0');
  return crypto.hash('sha1', id, 'hex').slice(0, 24);
}

/** Changes when bundleToScript's output would (old entries are then not read). */
const CONVERTER = 'script-v2-ascii';

/** Atomic (another worker may be writing the same entry); a failure only costs speed. */
function writeEntry(entry: string, data: Buffer): boolean {
  try {
    fs.mkdirSync(path.dirname(entry), { recursive: true, mode: 0o700 });
    const tmp = `${entry}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, data, { mode: 0o600 });
    fs.renameSync(tmp, entry);
    return true;
  } catch {
    return false; // read-only home, full disk: run without a cache
  }
}
