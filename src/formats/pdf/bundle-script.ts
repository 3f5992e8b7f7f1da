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
 * 0700; `QUIRE_CODE_CACHE_DIR` another folder or `off`). Entries are named by a hash of the
 * script text, the Node version and the V8 flags in effect, and V8 itself refuses data made
 * for another source length, V8 build or flag set (the entry is then rewritten).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { pathToFileURL } from 'node:url';
import { appliedV8Flags } from '../../workers/v8-tuning.js';

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
  return `(function () { "use strict";\n${body}\nreturn { ${entries.join(', ')} };\n})`;
}

/** off: no cache folder; missing/rejected: compiled from source, entry not yet written. */
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
 * Run a bundle file's code (`source`, possibly edited) as a script and return its exports;
 * null when the bundle cannot run as a script. `name` names the cache entry and, appended to
 * the file's URL, the code in stack traces.
 */
export function runBundle<T>(file: string, source: string, name: string): T | null {
  const url = pathToFileURL(file).href;
  const script = bundleToScript(source, url);
  if (script === null) return null;
  const dir = codeCacheDir();
  const entry = dir ? path.join(dir, `${name}-${cacheKey(script)}.v8`) : null;
  let cachedData: Buffer | undefined;
  if (entry) {
    try {
      cachedData = fs.readFileSync(entry);
    } catch {
      cachedData = undefined; // first run with this pdf.js, Node or flag set
    }
  }
  const compiled = new vm.Script(script, {
    filename: `${url}?${name}`,
    cachedData,
    // The bundles import a WASM fallback dynamically; it resolves as from an ES module.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const exports = (compiled.runInThisContext() as () => T)();
  let outcome: CodeCacheOutcome = 'off';
  if (entry) {
    outcome = cachedData && !compiled.cachedDataRejected ? 'hit' : cachedData ? 'rejected' : 'missing';
    if (outcome !== 'hit') unsaved.push({ entry, compiled, name });
  }
  lastOutcome = { ...lastOutcome, [name]: outcome };
  return exports;
}

const unsaved: Array<{ entry: string; compiled: vm.Script; name: string }> = [];

/**
 * Write the cache entries this thread is missing. Call once pdf.js has done some work (a
 * first batch of pages): the data then also holds the functions compiled on the way, which
 * a cache written right after loading lacks.
 */
export function saveCodeCache(): void {
  for (const { entry, compiled, name } of unsaved.splice(0)) {
    if (writeEntry(entry, compiled.createCachedData())) lastOutcome = { ...lastOutcome, [name]: 'written' };
  }
}

function cacheKey(script: string): string {
  const flags = [...process.execArgv, process.env.NODE_OPTIONS ?? '', ...appliedV8Flags()].join(' ');
  return crypto.createHash('sha256').update(script).update(`\0${process.version}\0${process.arch}\0${flags}`).digest('hex').slice(0, 24);
}

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
