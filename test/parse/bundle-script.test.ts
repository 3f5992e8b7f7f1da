/**
 * pdf.js's bundles as scripts with a V8 code cache: the conversion keeps what the module
 * exports, refuses module syntax it cannot convert, entries are written privately, and a
 * fresh worker uses them (reading pages exactly as one that compiled pdf.js from source),
 * while damaged entries are refused and rewritten.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAscii } from 'node:buffer';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleToScript, codeCacheDir, codeCacheOutcomes, runBundle, saveCodeCache } from '../../src/formats/pdf/bundle-script.js';
import { WorkerPool } from '../../src/workers/pool.js';
import { createEngine } from '../../src/index.js';
import { fixture } from '../helpers.js';
import type { ExtractCase } from './helpers/extract-cases.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-code-cache-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function withCacheDir<T>(dir: string, fn: () => T): T {
  const saved = process.env.QUIRE_CODE_CACHE_DIR;
  process.env.QUIRE_CODE_CACHE_DIR = dir;
  try {
    return fn();
  } finally {
    if (saved === undefined) delete process.env.QUIRE_CODE_CACHE_DIR;
    else process.env.QUIRE_CODE_CACHE_DIR = saved;
  }
}

describe('bundleToScript', () => {
  const url = 'file:///x/bundle.mjs';
  const run = (script: string) => (0, eval)(script)() as Record<string, unknown>;

  it('returns the export list (renames included) and the file URL for import.meta.url', () => {
    const source = 'const a = 1;\nfunction where() { return import.meta.url; }\nclass B {}\nexport { a, where, B as C };\n//# sourceMappingURL=bundle.mjs.map\n';
    const exports = run(bundleToScript(source, url)!);
    expect(Object.keys(exports).sort()).toEqual(['C', 'a', 'where']);
    expect(exports.a).toBe(1);
    expect((exports.where as () => string)()).toBe(url);
    expect(typeof exports.C).toBe('function');
  });

  it('runs the body in strict mode, like the module it was', () => {
    const self = run(bundleToScript('function self() { return this; }\nexport { self };\n', url)!).self as () => unknown;
    expect(self()).toBeUndefined();
  });

  it('writes non-ASCII characters of quoted strings as escapes (same strings, ASCII script)', () => {
    const source = `const names = ["Trinité", "ﬅ", "тест", "😀"];\nconst re = /[é]/;\nexport { names, re };\n`;
    const script = bundleToScript(source, url)!;
    expect(/^[\x00-\x7f]*$/.test(script)).toBe(true);
    const exports = run(script);
    expect(exports.names).toEqual(['Trinité', 'ﬅ', 'тест', '😀']);
    expect((exports.re as RegExp).test('é')).toBe(true);
  });

  it('leaves non-ASCII characters alone on a line with a template literal (raw text would change)', () => {
    const source = 'const raw = String.raw`é`;\nexport { raw };\n';
    const script = bundleToScript(source, url)!;
    expect(script).toContain('é');
    expect(run(script).raw).toBe('é');
  });

  it("makes pdf.js's bundles pure ASCII", () => {
    for (const rel of ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs']) {
      const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules', rel);
      const script = bundleToScript(fs.readFileSync(file, 'utf8'), pathToFileURL(file).href);
      expect(script, rel).not.toBeNull();
      expect(isAscii(Buffer.from(script!)), rel).toBe(true);
    }
  });

  it('refuses bundles with module syntax a script cannot have', () => {
    expect(bundleToScript('import x from "y";\nexport { x };\n', url)).toBeNull();
    expect(bundleToScript('export const a = 1;\nconst b = 2;\nexport { b };\n', url)).toBeNull();
    expect(bundleToScript('const r = import.meta.resolve("z");\nexport { r };\n', url)).toBeNull();
    expect(bundleToScript('const a = 1;\n', url)).toBeNull();
  });
});

describe('code cache', () => {
  it('is written when asked, privately, under a name that identifies the script', () => {
    // Whether an entry is then used needs a fresh isolate (V8 keeps compiled scripts per
    // isolate): the pool test below.
    withCacheDir(path.join(tmp, 'unit'), () => {
      const file = path.join(tmp, 'mod.mjs');
      fs.writeFileSync(file, `const stamp = ${Date.now()};\nfunction total() { return stamp + 1; }\nexport { total };\n`);
      let reads = 0;
      const source = () => (reads++, fs.readFileSync(file, 'utf8'));
      const exports = runBundle<{ total: () => number }>(file, 'unit', source)!;
      expect(exports.total()).toBeGreaterThan(1);
      expect(codeCacheOutcomes().unit).toBe('missing');
      expect(fs.existsSync(codeCacheDir()!)).toBe(false);
      saveCodeCache();
      expect(codeCacheOutcomes().unit).toBe('written');
      const entries = fs.readdirSync(codeCacheDir()!).sort();
      expect(entries).toEqual([expect.stringMatching(/^unit-[0-9a-f]{24}\.js$/), expect.stringMatching(/^unit-[0-9a-f]{24}\.v8$/)]);
      expect(fs.statSync(codeCacheDir()!).mode & 0o777).toBe(0o700);
      // The kept script is the converted module; the next load reads it instead of the source.
      expect(fs.readFileSync(path.join(codeCacheDir()!, entries[0]!), 'utf8')).toMatch(/^\(function \(\) \{ "use strict";[\s\S]*return \{ "total": total \};\n\}\)$/);
      expect(runBundle<{ total: () => number }>(file, 'unit', source)!.total()).toBe(exports.total());
      expect(reads).toBe(1);
      // Another file (here: the same path rewritten) gets its own entries.
      fs.writeFileSync(file, `function total() { return -1; }\nexport { total };\n`);
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
      expect(runBundle<{ total: () => number }>(file, 'unit', source)!.total()).toBe(-1);
      expect(reads).toBe(2);
    });
  });

  it('is off when configured so', () => {
    expect(withCacheDir('off', () => codeCacheDir())).toBeNull();
  });

  it("lets a fresh worker start from pdf.js's cached code, reading pages the same", { timeout: 60_000 }, async () => {
    const dir = path.join(tmp, 'pool');
    const cases: ExtractCase[] = [[fixture('pdf', 'us_constitution.pdf'), [1, 3]]];
    const start = async () => {
      const pool = new WorkerPool({ threads: 1, filename: fixture('workers', 'code-cache.ts'), codeCacheDir: dir });
      try {
        return (await pool.runAny('extract', cases)) as { loaded: Record<string, string>; saved: Record<string, string>; contents: unknown[][] };
      } finally {
        await pool.destroy();
      }
    };
    const cold = await start();
    expect(cold.loaded).toEqual({ 'quire-oplist': 'missing', pdf: 'missing' });
    expect(cold.saved).toEqual({ 'quire-oplist': 'written', pdf: 'written' });
    const text = (r: typeof cold) => (r.contents[0] as Array<{ runs: Array<{ text: string }> }>).flatMap((c) => c.runs.map((x) => x.text)).join(' ');
    expect(text(cold)).toMatch(/Congress/);

    const warm = await start();
    expect(warm.loaded).toEqual({ 'quire-oplist': 'hit', pdf: 'hit' });
    expect(warm.contents).toEqual(cold.contents);

    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.js'))).toHaveLength(2); // the converted scripts

    // Damaged compiled code is refused by V8: pdf.js compiles from the script and the code is rewritten.
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.v8'))) fs.writeFileSync(path.join(dir, f), Buffer.alloc(fs.statSync(path.join(dir, f)).size, 7));
    const damaged = await start();
    expect(damaged.loaded).toEqual({ 'quire-oplist': 'rejected', pdf: 'rejected' });
    expect(damaged.saved).toEqual({ 'quire-oplist': 'written', pdf: 'written' });
    expect(damaged.contents).toEqual(cold.contents);
    expect((await start()).loaded).toEqual({ 'quire-oplist': 'hit', pdf: 'hit' });

    // A damaged kept script is not run: the bundle is converted again and both entries rewritten.
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) fs.writeFileSync(path.join(dir, f), '(function () { "use strict"; return {');
    const broken = await start();
    expect(broken.loaded).toEqual({ 'quire-oplist': 'missing', pdf: 'missing' });
    expect(broken.saved).toEqual({ 'quire-oplist': 'written', pdf: 'written' });
    expect(broken.contents).toEqual(cold.contents);
    expect((await start()).loaded).toEqual({ 'quire-oplist': 'hit', pdf: 'hit' });
  });

  it("is left behind by a job of one batch (a worker's last task writes it before replying)", { timeout: 60_000 }, async () => {
    const dir = path.join(tmp, 'engine');
    const engine = createEngine({ workers: 1, codeCacheDir: dir });
    try {
      const job = await engine.parse(fixture('pdf', 'us_constitution.pdf'), { page_range: '1' });
      expect((await engine.waitForJob(job.job_id)).status).toBe('Succeeded');
    } finally {
      await engine.close();
    }
    const entries = fs.readdirSync(dir);
    for (const name of ['pdf', 'quire-oplist']) {
      for (const ext of ['.js', '.v8']) expect(entries.filter((f) => f.startsWith(`${name}-`) && f.endsWith(ext)), `${name} ${ext}`).toHaveLength(1);
    }
  });
});
