/** `quire markdown` (built into dist/ by `npm test`'s build step). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, here } from '../helpers.js';
import { makePdf, makeTarGz } from './make-pdfs.js';

const cli = path.resolve(here, '../dist/cli/main.js');
const quire = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });

describe.skipIf(!fs.existsSync(cli))('quire markdown', () => {
  it('prints the done v3 job of a PDF with --pages', () => {
    const r = quire('markdown', fixture('pdf', 'multi_page.pdf'), '--pages', '2-3');
    expect(r.status, r.stderr).toBe(0);
    const job = JSON.parse(r.stdout);
    expect(job).toMatchObject({ job_id: expect.stringMatching(/^[0-9a-f]{32}$/), status: 'done', page_count: 2 });
    expect(job.pages.map((p: { page: number }) => p.page)).toEqual([2, 3]);
  });

  it('prints documents[] for an archive, and a failed job (exit 1) for a non-PDF', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-cli-v3-'));
    const archive = path.join(dir, 'batch.tgz');
    fs.writeFileSync(archive, await makeTarGz([{ name: 'one.pdf', data: await makePdf(['One']) }, { name: 'two.pdf', data: await makePdf(['Two', 'Two again']) }]));
    const r = quire('markdown', archive);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).documents.map((d: { pdf: string; page_count: number }) => [d.pdf, d.page_count])).toEqual([['one.pdf', 1], ['two.pdf', 2]]);
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not a pdf');
    const f = quire('markdown', text);
    expect(f.status).toBe(1);
    expect(JSON.parse(f.stdout)).toMatchObject({ status: 'failed', error: expect.stringMatching(/not a PDF/) });
  });
});
