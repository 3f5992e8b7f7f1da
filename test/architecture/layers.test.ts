/**
 * The import graph of src/ against the layer order written in src/README.md (the `layers`
 * block, top floor first): no import, static, type-only or dynamic, reaches a higher floor;
 * sibling operations do not import each other; and no file in src/ is over 400 lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { here } from '../helpers.js';

const src = path.resolve(here, '../src');
const readme = fs.readFileSync(path.join(src, 'README.md'), 'utf8');
const floors = /```layers\n([\s\S]*?)```/.exec(readme)![1]!.trim().split('\n').map((l) => l.trim().split(/\s+/));
const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.(ts|mts|cts)$/.test(f)).map((f) => f.split(path.sep).join('/'));

/** Floor index of a path relative to src/ (its first segment, or the file name at the top). */
function floorOf(rel: string): number {
  const top = rel.split('/')[0]!;
  return floors.findIndex((f) => f.includes(top));
}

/**
 * The one sibling-operation import allowed: the spec has `parse` hand workbooks to the Excel
 * path (its output inside the parse job), which starts from the Excel operation's defaults.
 */
const KNOWN_SIBLING_IMPORTS = new Set(['operations/parse/office/run-office-parse.ts -> operations/parse-excel/options.ts']);

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function importsOf(rel: string): string[] {
  const text = fs.readFileSync(path.join(src, rel), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2]!;
    out.push(path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)).replace(/\.js$/, '.ts'));
  }
  return out;
}

describe('architecture', () => {
  it('every room of src/ is on a floor of src/README.md', () => {
    const unplaced = [...new Set(files.map((f) => f.split('/')[0]!))].filter((top) => floorOf(top) < 0);
    expect(unplaced).toEqual([]);
  });

  it('no import reaches a higher floor, and sibling operations do not import each other', () => {
    const upward: string[] = [];
    const siblings: string[] = [];
    for (const f of files) {
      for (const target of importsOf(f)) {
        if (target.startsWith('..')) continue; // outside src/ (package.json reads are not imports)
        if (floorOf(target) < floorOf(f)) upward.push(`${f} -> ${target}`);
        const [a, b] = [f.split('/'), target.split('/')];
        const edge = `${f} -> ${target}`;
        if (a[0] === 'operations' && b[0] === 'operations' && a.length > 2 && b.length > 2 && a[1] !== b[1] && !KNOWN_SIBLING_IMPORTS.has(edge)) siblings.push(edge);
      }
    }
    expect(upward).toEqual([]);
    expect(siblings).toEqual([]);
  });

  it('no file in src/ is over 400 lines', () => {
    const long = files.map((f) => [f, fs.readFileSync(path.join(src, f), 'utf8').split('\n').length - 1] as const).filter(([, n]) => n > 400);
    expect(long).toEqual([]);
  });
});
