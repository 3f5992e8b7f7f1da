/**
 * Issue 27 item 6: the server serves the `quire view` page per job. A parse of the bundled
 * two-column sample over a real socket; the page carries every segment (as its JSON data, in
 * reading order) and is HTML; another key's job is 404 like one that never existed; a job id
 * that does not exist is 404.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, auth, json, parseDone, pollUntil, testServer } from './server-helpers.js';

type Server = Awaited<ReturnType<typeof testServer>>;
let s: Server;

beforeAll(async () => {
  s = await testServer();
}, 60_000);

afterAll(async () => {
  await s?.stop();
  if (s) await fs.rm(s.dir, { recursive: true, force: true });
});

describe('GET /parse/{job_id}/view', () => {
  it('answers the viewer page of a succeeded parse with every segment, only to its owner', async () => {
    const pdf = await fs.readFile(path.join(import.meta.dirname, '../fixtures/pdf/us_constitution.pdf'));
    const fd = new FormData();
    fd.append('file', new Blob([pdf]), 'us_constitution.pdf');
    fd.append('page_range', '1-2');
    const created = await json(await fetch(`${s.url}/parse`, { method: 'POST', body: fd, headers: auth(KEYS.main) }));
    const done = await pollUntil(`${s.url}/parse/${created.job_id}`, auth(KEYS.main), parseDone, 120_000);
    expect(done.status).toBe('Succeeded');
    const segments = done.chunks.flatMap((c: any) => c.segments);
    expect(segments.length).toBeGreaterThan(5);

    const res = await fetch(`${s.url}/parse/${created.job_id}/view`, { headers: auth(KEYS.main) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/i);
    const data = html.match(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/);
    expect(data).not.toBeNull();
    const shown = JSON.stringify(JSON.parse(data![1]!));
    for (const seg of segments) expect(shown).toContain(`"id":"${seg.segment_id}"`);

    const other = await fetch(`${s.url}/parse/${created.job_id}/view`, { headers: auth(KEYS.other) });
    expect(other.status).toBe(404);
    const missing = await fetch(`${s.url}/parse/00000000-0000-4000-8000-000000000000/view`, { headers: auth(KEYS.main) });
    expect(missing.status).toBe(404);
  }, 180_000);
});
