/** `quire extract FILE --schema_data @schema.json` prints the final extraction job (dist/ built by `npm test`). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { here } from '../helpers.js';
import { INVOICE_WORDS, makePdf } from './make-invoice.js';

const cli = path.resolve(here, '../dist/cli/main.js');
const quire = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });

describe.skipIf(!fs.existsSync(cli))('quire extract', () => {
  it('reads the schema from @file and prints the job with values and citations', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-extract-'));
    const pdf = path.join(dir, 'invoice.pdf');
    fs.writeFileSync(pdf, await makePdf(INVOICE_WORDS));
    const schema = path.join(dir, 'schema.json');
    fs.writeFileSync(schema, JSON.stringify({ type: 'object', properties: { total: { type: 'number', description: 'Total amount due' } }, required: ['total'], additionalProperties: false }));
    const r = quire('extract', pdf, '--schema_data', `@${schema}`, '--enable_citations', 'true', '--model', 'alpha');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.status).toBe('completed');
    expect(out.metadata.order).toEqual(['total']);
    expect(out.result.total.value).toBe(3021);
    expect(out.result.total.citation.page).toBe(1);
  });

  it('detect_pii: a PDF whose text holds a card number is refused before any job, with a clear message and exit 1', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-extract-'));
    const pdf = path.join(dir, 'card.pdf');
    fs.writeFileSync(pdf, await makePdf([...INVOICE_WORDS, { text: 'Card: 4111 1111 1111 1111', x: 50, y: 420 }]));
    const schema = JSON.stringify({ type: 'object', properties: { total: { type: 'number' } }, required: ['total'], additionalProperties: false });
    const r = quire('extract', pdf, '--schema_data', schema, '--detect_pii', 'true');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^quire: pii_blocked: .*credit_card/m);
    expect(r.stderr + r.stdout).not.toContain('4111');
  });

  it('a malformed schema is a usage error naming the JSON pointer, and a missing @file is reported', () => {
    const r = quire('extract', path.join(here, 'fixtures', 'pdf', 'multi_page.pdf'), '--schema_data', '{"type":"object","properties":{"a":{"type":"date"}},"required":[],"additionalProperties":false}');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/\/properties\/a\/type/);
    const m = quire('extract', path.join(here, 'fixtures', 'pdf', 'multi_page.pdf'), '--schema_data', '@/no/such/schema.json');
    expect(m.status).toBe(2);
    expect(m.stderr).toMatch(/cannot read/);
  });
});
