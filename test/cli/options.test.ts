/**
 * The CLI's options (issue 29 item 7): a mistyped or unknown option is an error (exit 2)
 * naming the closest spec option, `--help` lists the operation's spec options with their
 * defaults, `--version` answers, engine settings are flags, and a run leaves no files in
 * its data folder unless --keep-files. Runs the CLI from source (tsx), like a user would.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, here } from '../helpers.js';

const cli = path.resolve(here, '../src/cli/main.ts');
const quire = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
const pkg = JSON.parse(fs.readFileSync(path.resolve(here, '../package.json'), 'utf8')) as { version: string };

describe('quire CLI options', () => {
  it('refuses a mistyped spec option, naming the closest one, before any work', () => {
    const r = quire('parse', fixture('pdf', 'multi_page.pdf'), '--page-range', '1-2');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/unknown option --page-range \(did you mean --page_range\?\)/);
    const bogus = quire('tables', fixture('pdf', 'multi_page.pdf'), '--bogus_option', 'x');
    expect(bogus.status).toBe(2);
    expect(bogus.stderr).toMatch(/unknown option --bogus_option/);
  });

  it('--help lists the spec options with their defaults; --version prints the version', () => {
    const help = quire('parse', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--page_range\s+default: none/);
    expect(help.stdout).toMatch(/--segmentation_method\s+default: smart_layout_detection/);
    expect(help.stdout).toMatch(/--task-timeout/);
    expect(quire('excel', '--help').stdout).toMatch(/--table_clustering\s+default:/);
    const v = quire('--version');
    expect(v.stdout.trim()).toBe(pkg.version);
  });

  it('removes the job files at the end unless --keep-files; honours --task-timeout', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-cli-files-'));
    try {
      const data = path.join(dir, 'data');
      const out = path.join(dir, 'r.json');
      const r = quire('parse', fixture('ocr', 'phototest.tif'), '--data-dir', data, '--out', out);
      expect(r.status, r.stderr).toBe(0);
      expect(fs.readdirSync(data)).toEqual([]);
      const kept = quire('parse', fixture('ocr', 'phototest.tif'), '--data-dir', data, '--keep-files', '--out', out);
      expect(kept.status, kept.stderr).toBe(0);
      const result = JSON.parse(fs.readFileSync(out, 'utf8')) as { job_id: string; chunks: Array<{ segments: Array<{ image?: string }> }> };
      expect(fs.readdirSync(data)).toEqual([result.job_id]);
      const image = result.chunks.flatMap((c) => c.segments).find((s) => s.image)?.image;
      expect(image && fs.existsSync(new URL(image))).toBe(true);
      const bad = quire('parse', fixture('ocr', 'phototest.tif'), '--task-timeout', 'soon');
      expect(bad.status).toBe(2);
      expect(bad.stderr).toMatch(/--task-timeout/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
