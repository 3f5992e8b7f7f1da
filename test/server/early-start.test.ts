/**
 * A PDF submission of a key that can pay for any document the page limit admits starts its
 * job while its pages are counted (server/submit.ts). The answer must not change: a document
 * whose count exceeds what the key has left is still a 402 with nothing charged, and the job
 * started meanwhile is cancelled and deleted, leaving no trace; an accepted one reports the
 * counted pages as before.
 */
import fs from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.js';
import { KEYS, auth, json, parseDone, pollUntil, testServer } from './server-helpers.js';

type Server = Awaited<ReturnType<typeof testServer>>;
let s: Server;
const constitution = () => fs.readFile(fixture('pdf', 'us_constitution.pdf')); // 19 pages

beforeAll(async () => {
  // A page limit of 2: the 'poor' key (3 pages of quota) can pay for any admitted document.
  s = await testServer({ maxPages: 2 });
}, 60_000);

afterAll(async () => {
  await s?.stop();
  if (s) await fs.rm(s.dir, { recursive: true, force: true });
});

async function post(key: string, bytes: Uint8Array, fields: Record<string, string> = {}): Promise<Response> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([bytes]), 'constitution.pdf');
  return fetch(`${s.url}/parse`, { method: 'POST', body: fd, headers: auth(key) });
}

describe('a job started while its pages are counted', () => {
  it('is cancelled and deleted when the count exceeds the quota: 402, nothing charged, no job left', async () => {
    const poor = s.ctx.keys.keys.find((k) => k.name === 'poor')!;
    expect(await s.ctx.quota.remaining(poor)).toBeGreaterThanOrEqual(s.ctx.config.maxPages);
    // Watch (not replace) the engine's submissions: the job must really have been started.
    const started: string[] = [];
    const submit = s.ctx.engine.submit.bind(s.ctx.engine);
    s.ctx.engine.submit = (async (...a: Parameters<typeof submit>) => {
      const created = (await submit(...a)) as { job_id: string };
      started.push(created.job_id);
      return created;
    }) as typeof submit;
    const res = await post(KEYS.poor, new Uint8Array(await constitution())).finally(() => (s.ctx.engine.submit = submit));
    const body = await json(res);
    expect(res.status).toBe(402);
    expect(started).toHaveLength(1);
    expect(body.error.code).toBe('insufficient_quota');
    expect(body.error.details).toMatchObject({ pages_needed: 19, quota_remaining: 3 });
    expect(await s.ctx.quota.remaining(poor)).toBe(3);
    const end = Date.now() + 20_000;
    while ((await s.ctx.engine.list()).length > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(await s.ctx.engine.list()).toEqual([]);
    expect(await fs.readdir(s.ctx.dirs.inputs).catch(() => [])).toEqual([]);
  }, 60_000);

  it('an accepted one reports and charges its counted pages', async () => {
    const poor = s.ctx.keys.keys.find((k) => k.name === 'poor')!;
    const doc = await PDFDocument.create();
    for (let p = 0; p < 2; p++) doc.addPage().drawText(`Page ${p + 1} of a short contract.`, { x: 72, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
    const res = await post(KEYS.poor, await doc.save());
    const created = await json(res);
    expect(res.status, JSON.stringify(created)).toBe(200);
    expect(created.credit_used).toBe(2);
    expect(created.quota_remaining).toBe(1);
    const done = await pollUntil(`${s.url}/parse/${created.job_id}?include_chunks=false`, auth(KEYS.poor), parseDone);
    expect(done.status).toBe('Succeeded');
    expect(done.page_count).toBe(2);
    await s.ctx.settlement.whenSettled(created.job_id);
    expect(await s.ctx.quota.remaining(poor)).toBe(1);
  }, 60_000);
});
