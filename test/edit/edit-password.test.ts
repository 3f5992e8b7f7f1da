/**
 * The edit's `password` option on PDFs encrypted by qpdf (AES-256 and AES-128, user and owner
 * passwords), generated here: with the right password the text inside the box is removed and the
 * edited PDF stays encrypted with the same password; a wrong or missing password is a clear
 * failed result, the input untouched. Skips when qpdf is absent (CI installs it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, ValidationError, type Engine } from '../../src/index.js';
import { makeEditFixture } from './make-pdf.js';
import { popplerWords } from './redaction-harness.js';

const hasQpdf = spawnSync('qpdf', ['--version']).status === 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-edit-pw-'));

function encrypt(plain: string, name: string, user: string, owner: string, bits: '256' | '128'): string {
  const out = path.join(dir, name);
  execFileSync('qpdf', ['--encrypt', user, owner, bits, ...(bits === '128' ? ['--use-aes=y'] : []), '--', plain, out]);
  return out;
}

describe.skipIf(!hasQpdf)('engine.editPdf with password', () => {
  let engine: Engine;
  let plain: string;
  let box: { left: number; top: number; width: number; height: number };
  const items = () => [{ type: 'text', page_number: 1, bbox: box, replacement_text: 'XXX-XX-XXXX' }];
  beforeAll(async () => {
    engine = createEngine({ workers: 1, dataDir: dir });
    plain = path.join(dir, 'plain.pdf');
    fs.writeFileSync(plain, await makeEditFixture());
    const w = popplerWords(plain, 1).words.find((x) => x.text === '123-45-6789')!;
    box = { left: w.x0 - 0.5, top: w.y0, width: w.x1 - w.x0 + 1, height: w.y1 - w.y0 };
  });
  afterAll(() => engine.close());

  for (const [bits, who] of [['256', 'user'], ['128', 'owner']] as const) {
    it(`edits an AES-${bits} PDF opened with its ${who} password; the output stays encrypted`, async () => {
      const input = encrypt(plain, `enc-${bits}.pdf`, 'u-secret', 'o-secret', bits);
      const before = fs.readFileSync(input);
      const password = who === 'user' ? 'u-secret' : 'o-secret';
      const { result, pdf } = await engine.editPdf(input, { edit_request: { items: items() }, password });
      expect(result.success, result.message).toBe(true);
      expect(fs.readFileSync(input).equals(before)).toBe(true);
      const out = path.join(dir, `edited-${bits}.pdf`);
      fs.writeFileSync(out, pdf!);
      // Still encrypted: readers need the password, and with it the secret is gone.
      expect(spawnSync('qpdf', ['--is-encrypted', out]).status).toBe(0);
      expect(spawnSync('pdftotext', [out, '-']).status).not.toBe(0);
      const txt = execFileSync('pdftotext', ['-upw', 'u-secret', out, '-'], { encoding: 'utf8' });
      expect(txt).not.toContain('6789');
      expect(txt).toContain('XXX-XX-XXXX');
      expect(txt).toContain('visible tail');
      expect(txt).toContain('Public heading stays here');
    });
  }

  it('says the password is wrong, or that one is needed, and never edits', async () => {
    const input = encrypt(plain, 'enc-wrong.pdf', 'u-secret', 'o-secret', '256');
    const wrong = await engine.editPdf(input, { edit_request: { items: items() }, password: 'nope' });
    expect(wrong.result.success).toBe(false);
    expect(wrong.result.message).toMatch(/password is wrong/);
    expect(wrong.pdf).toBeUndefined();
    const missing = await engine.editPdf(input, { edit_request: { items: items() } });
    expect(missing.result.success).toBe(false);
    expect(missing.result.message).toMatch(/encrypted and needs a password/);
    await expect(engine.editPdf(input, { edit_request: { items: items() }, password: 42 as unknown as string })).rejects.toBeInstanceOf(ValidationError);
  });

  it('ignores a password on a PDF that is not encrypted', async () => {
    const { result } = await engine.editPdf(plain, { edit_request: { items: items() }, password: 'unused' });
    expect(result.success, result.message).toBe(true);
  });
});
