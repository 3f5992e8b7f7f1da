/**
 * `quire classify` and `quire split` from source (tsx), like a user runs them: the final job
 * object on stdout, and `--out-dir` copying the split PDFs out before the job's folder goes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { here } from '../helpers.js';
import { INVOICE_PAGE, LETTER_PAGE, makePdf } from './make-pdf.js';

const cli = path.resolve(here, '../src/cli/main.ts');
const quire = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });

describe('quire classify / split', () => {
  it('classify prints the completed job; split --out-dir leaves one PDF per document there', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-split-cli-'));
    const file = path.join(dir, 'bundle.pdf');
    fs.writeFileSync(file, await makePdf([INVOICE_PAGE('INV-1', 'Page 1 of 1'), LETTER_PAGE]));

    const c = quire('classify', file, '--categories', JSON.stringify([{ name: 'invoice' }, { name: 'letter' }]), '--workers', '1');
    expect(c.status).toBe(0);
    const job = JSON.parse(c.stdout);
    expect(job).toMatchObject({ status: 'completed', progress: 'Classification completed', result: { classification: 'invoice' } });

    const out = path.join(dir, 'out');
    const s = quire('split', file, '--classes', 'invoice,letter', '--out-dir', out, '--workers', '1');
    expect(s.status).toBe(0);
    const split = JSON.parse(s.stdout);
    const names = split.result.files.map((f: { name: string }) => f.name);
    expect(fs.readdirSync(out).sort()).toEqual([...names].sort());
    for (const n of names) expect((await PDFDocument.load(fs.readFileSync(path.join(out, n)))).getPageCount()).toBe(1);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('out_dir is not an option of the split operation (only the CLI may choose where files go)', () => {
    const r = quire('split', 'x.pdf', '--classes', 'a', '--out_dir', '/tmp/x');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown option --out_dir/);
  });
});
