/** `quire edit` (built into dist/ by `npm test`'s build step): result JSON on stdout, edited PDF written. */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { here } from '../helpers.js';
import { makeEditFixture, pngOf } from './make-pdf.js';

const cli = path.resolve(here, '../dist/cli/main.js');
const quire = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });

describe.skipIf(!fs.existsSync(cli))('quire edit', () => {
  it('writes the edited PDF, prints the result, and exits 2 on a malformed request', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-edit-cli-'));
    const input = path.join(dir, 'in.pdf');
    fs.writeFileSync(input, await makeEditFixture());
    fs.writeFileSync(path.join(dir, 'logo.png'), await pngOf(20, 20, { r: 0, g: 200, b: 0 }));
    const request = path.join(dir, 'edit.json');
    fs.writeFileSync(
      request,
      JSON.stringify({
        items: [
          { type: 'text', page_number: 1, bbox: { left: 70, top: 105, width: 60, height: 18 }, replacement_text: '[removed]' },
          { type: 'image', page_number: 1, bbox: { left: 400, top: 300, width: 40, height: 40 }, image_file: 'logo.png' },
        ],
      }),
    );
    const out = path.join(dir, 'out.pdf');
    const r = quire('edit', input, '--edit_request', `@${request}`, '--image_files', path.join(dir, 'logo.png'), '--out-pdf', out);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true, items_processed: 2, reparsed: false });
    const text = execFileSync('pdftotext', ['-cropbox', '-f', '1', '-l', '1', out, '-'], { encoding: 'utf8' });
    expect(text).toContain('[removed]');
    expect(text).not.toContain('SECRET');
    const bad = quire('edit', input, '--edit_request', '{"items":[{"type":"video"}]}');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/edit_request.items\[0\].type/);
  });

  it.skipIf(spawnSync('qpdf', ['--version']).status !== 0)('opens an encrypted PDF with --password (inline or @file) and exits 1 on a wrong one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-edit-cli-pw-'));
    const plain = path.join(dir, 'plain.pdf');
    fs.writeFileSync(plain, await makeEditFixture());
    const input = path.join(dir, 'enc.pdf');
    execFileSync('qpdf', ['--encrypt', 'pw 1', 'owner', '256', '--', plain, input]);
    const request = JSON.stringify({ items: [{ type: 'text', page_number: 1, bbox: { left: 70, top: 105, width: 60, height: 18 }, replacement_text: '[removed]' }] });
    const out = path.join(dir, 'out.pdf');
    const ok = quire('edit', input, '--edit_request', request, '--password', 'pw 1', '--out-pdf', out);
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    expect(execFileSync('pdftotext', ['-upw', 'pw 1', '-f', '1', '-l', '1', out, '-'], { encoding: 'utf8' })).not.toContain('SECRET');
    fs.writeFileSync(path.join(dir, 'pw.txt'), 'pw 1\n');
    expect(quire('edit', input, '--edit_request', request, '--password', `@${path.join(dir, 'pw.txt')}`).status).toBe(0);
    const wrong = quire('edit', input, '--edit_request', request, '--password', 'nope');
    expect(wrong.status).toBe(1);
    expect(JSON.parse(wrong.stdout).message).toMatch(/password is wrong/);
  });
});
