/**
 * Billing and upload copies over a real socket (settle.ts): a job that fails without
 * processing gives its reserved pages back; a URL submission or a workbook reserved 1 page and
 * pays its real page count once known (capped at what the key has left); the editor's re-parse
 * reserves pages like a parse; and the server's upload copy in `inputs/` is removed once the
 * job ends (uploads streamed to disk here: `memoryUploadBytes: 0`; a small upload read into
 * memory leaves no upload copy at all).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.js';
import { auth, json, KEYS, parseDone, pollUntil, testServer } from './server-helpers.js';

let s: Awaited<ReturnType<typeof testServer>>;
let files: http.Server;
let base: string;
let fivePages: Uint8Array;
let locked: Uint8Array;
let onePage: Uint8Array;

const keyNamed = (name: string) => s.ctx.keys.keys.find((k) => k.name === name)!;
const remaining = (name: string) => s.ctx.quota.remaining(keyNamed(name));

beforeAll(async () => {
  s = await testServer({ engine: { allowPrivateUrls: true }, memoryUploadBytes: 0 });
  fivePages = new Uint8Array(await fs.readFile(fixture('pdf', 'multi_page.pdf')));
  locked = new Uint8Array(await fs.readFile(fixture('pdf', 'password-1234.pdf')));
  onePage = new Uint8Array(await fs.readFile(fixture('pdf', 'column_span_1.pdf')));
  files = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/pdf');
    res.end(fivePages);
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  files?.close();
  await s?.stop();
  await fs.rm(s.dir, { recursive: true, force: true });
});

function pdfForm(bytes: Uint8Array, name: string, extra: Record<string, string> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  fd.append('file', new Blob([bytes]), name);
  return fd;
}

async function submit(body: FormData | string, key = KEYS.main): Promise<any> {
  const headers: Record<string, string> = { ...auth(key), ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) };
  const res = await fetch(`${s.url}/parse`, { method: 'POST', headers, body });
  const b = await json(res);
  expect(res.status, JSON.stringify(b)).toBe(200);
  return b;
}

async function ended(id: string, key = KEYS.main): Promise<any> {
  const view = await pollUntil(`${s.url}/parse/${id}?include_chunks=false`, auth(key), parseDone, 120_000);
  await s.ctx.settlement.whenSettled(id);
  return view;
}

describe('settlement of page reservations', () => {
  it('a job that fails without processing gives its pages back, and its upload copy is removed', async () => {
    const before = (await remaining('main'));
    const created = await submit(pdfForm(locked, 'locked.pdf')); // no password: fails before any page
    expect(created.quota_remaining).toBe(before - 1);
    const upload = s.ctx.store.peek(created.job_id)!.location!;
    expect(upload.startsWith(s.ctx.dirs.inputs)).toBe(true);
    const view = await ended(created.job_id);
    expect(view.status).toBe('Failed');
    expect((await remaining('main'))).toBe(before);
    expect(s.ctx.store.peek(created.job_id)!.creditUsed).toBe(0);
    await expect(fs.access(upload)).rejects.toThrow();
    expect(await s.ctx.settlement.pending()).toBe(0);
  }, 150_000);

  it('a succeeded PDF keeps its pages; its upload copy is removed and the result still serves its pdf_url', async () => {
    const before = (await remaining('main'));
    const created = await submit(pdfForm(onePage, 'one.pdf'));
    const upload = s.ctx.store.peek(created.job_id)!.location!;
    const view = await ended(created.job_id);
    expect(view.status).toBe('Succeeded');
    expect((await remaining('main'))).toBe(before - 1);
    await expect(fs.access(upload)).rejects.toThrow();
    const pdf = await fetch(view.pdf_url);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  }, 150_000);

  it('a URL submission reserves 1 page and pays its real page count once known', async () => {
    const before = (await remaining('main'));
    const created = await submit(JSON.stringify({ url: `${base}/five.pdf` }));
    expect(created.quota_remaining).toBe(before - 1);
    const view = await ended(created.job_id);
    expect(view.status, JSON.stringify(view).slice(0, 300)).toBe('Succeeded');
    expect((await remaining('main'))).toBe(before - 5);
    expect(s.ctx.store.peek(created.job_id)!.creditUsed).toBe(5);
  }, 150_000);

  it('an office file (a workbook) reserves 1 page and pays its real page count (sheets) once known', async () => {
    const before = (await remaining('main'));
    const xlsx = new Uint8Array(await fs.readFile(fixture('xlsx', 'sheet_visibility.xlsx')));
    const fd = new FormData();
    fd.append('file', new Blob([xlsx]), 'sheets.xlsx');
    const res = await fetch(`${s.url}/parse/excel`, { method: 'POST', headers: auth(KEYS.main), body: fd });
    const created = await json(res);
    expect(res.status, JSON.stringify(created)).toBe(200);
    expect(created.credit_used).toBe(1);
    const view = await ended(created.job_id);
    expect(view.status).toBe('Succeeded');
    expect(view.page_count).toBeGreaterThan(1);
    expect(view.credit_used).toBe(view.page_count);
    expect((await remaining('main'))).toBe(before - view.page_count);
  }, 150_000);

  it('pages beyond the reservation are charged up to what the key has left, never below zero', async () => {
    expect((await remaining('poor'))).toBe(3);
    const created = await submit(JSON.stringify({ url: `${base}/five.pdf` }), KEYS.poor);
    expect(created.quota_remaining).toBe(2);
    await ended(created.job_id, KEYS.poor);
    expect((await remaining('poor'))).toBe(0);
    expect(s.ctx.store.peek(created.job_id)!.creditUsed).toBe(3);
    const refused = await fetch(`${s.url}/parse`, { method: 'POST', headers: auth(KEYS.poor), body: pdfForm(onePage, 'one.pdf') });
    expect(refused.status).toBe(402);
  }, 150_000);

  it("the editor's re-parse reserves the PDF's pages like a parse and is settled when it ends", async () => {
    const parsed = await submit(pdfForm(fivePages, 'five.pdf', { page_range: '1-2' }));
    await ended(parsed.job_id);
    const before = (await remaining('main'));
    const edit = JSON.stringify({ items: [{ type: 'text', page_number: 1, bbox: { left: 50, top: 50, width: 200, height: 30 }, replacement_text: 'EDITED' }] });
    const fd = pdfForm(fivePages, 'five.pdf', { edit_request: edit, job_id: parsed.job_id });
    const res = await fetch(`${s.url}/api/v1/pdf-editor/edit/reparse`, { method: 'POST', headers: auth(KEYS.main), body: fd });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.new_job_id).toBeTruthy();
    expect((await remaining('main'))).toBe(before - 2); // the original job's page_range: 2 pages
    const again = await ended(body.new_job_id);
    expect(again.status).toBe('Succeeded');
    expect((await remaining('main'))).toBe(before - 2);
  }, 250_000);
});
