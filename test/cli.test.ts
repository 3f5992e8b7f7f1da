/** The `quire` CLI (built into dist/ by `npm test`'s build step). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertValidOutput, fixture, here } from './helpers.js';

const cli = path.resolve(here, '../dist/cli/main.js');
const quire = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });

describe.skipIf(!fs.existsSync(cli))('quire CLI', () => {
  it('parse prints the final status object and exits 0', () => {
    const r = quire('parse', fixture('pdf', 'multi_page.pdf'), '--segment_filter', 'text,sectionheader', '--response_profile', 'slim');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    assertValidOutput(out);
    expect(out.status).toBe('Succeeded');
    expect(out.configuration.segment_filter).toBe('Text,SectionHeader');
    const types = new Set(out.chunks.flatMap((c: { segments: Array<{ segment_type: string }> }) => c.segments.map((s) => s.segment_type)));
    expect([...types].every((t) => t === 'Text' || t === 'SectionHeader')).toBe(true);
  });

  it('--out writes the JSON to a file', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-cli-')), 'r.json');
    const r = quire('parse', fixture('pdf', 'column_span_1.pdf'), '--out', out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(JSON.parse(fs.readFileSync(out, 'utf8')).status).toBe('Succeeded');
  });

  it('a failed job exits non-zero with a one-line reason', () => {
    const r = quire('parse', fixture('pdf', 'password-1234.pdf'));
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).status).toBe('Failed');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/needs a password/);
  });

  it('excel parses a workbook and refuses a PDF', () => {
    const ok = quire('excel', fixture('xlsx', 'sheet_visibility.xlsx'), '--table_clustering', 'off');
    expect(ok.status, ok.stderr).toBe(0);
    const out = JSON.parse(ok.stdout);
    assertValidOutput(out);
    expect(out.merge_tables).toBe(false);
    const bad = quire('excel', fixture('pdf', 'multi_page.pdf'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/not an Excel workbook/);
  });

  it('leaves no onnxruntime telemetry behind (the layout model runs on an OCRed page)', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-home-'));
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, QUIRE_CODE_CACHE_DIR: 'off' };
    delete env.XDG_CACHE_HOME;
    delete env.ORT_DISABLE_TELEMETRY;
    const r = spawnSync(process.execPath, [cli, 'parse', fixture('ocr', 'phototest.tif'), '--out', path.join(home, 'r.json')], { encoding: 'utf8', env });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(fs.readFileSync(path.join(home, 'r.json'), 'utf8'));
    expect(out.chunks.flatMap((c: { segments: unknown[] }) => c.segments).length).toBeGreaterThan(0);
    // onnxruntime-node's telemetry keeps a SQLite database here (and uploads from it).
    expect(fs.readdirSync(home)).toEqual(['r.json']);
  });

  it('writes exactly the JSON of the status object (pieces joined), to a file and to stdout', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-cli-'));
    const file = path.join(dir, 'r.json');
    const r = quire('parse', fixture('pdf', 'us_constitution.pdf'), '--out', file);
    expect(r.status, r.stderr).toBe(0);
    const text = fs.readFileSync(file, 'utf8');
    const value = JSON.parse(text);
    expect(value.chunks.length).toBeGreaterThan(10);
    expect(text).toBe(JSON.stringify(value));
    const piped = quire('parse', fixture('pdf', 'us_constitution.pdf'));
    expect(piped.stdout).toBe(`${JSON.stringify(JSON.parse(piped.stdout))}\n`);
  });

  it('an invalid option exits 2 naming the field', () => {
    const r = quire('parse', fixture('pdf', 'multi_page.pdf'), '--segmentation_method', 'nonsense');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/segmentation_method/);
  });
});
