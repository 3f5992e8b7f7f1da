/**
 * Durability of `quire serve` (built CLI in dist/, as `npm test` builds it): a server
 * killed with SIGKILL while 10 jobs are queued or running is started again on the same
 * data dir, and all 10 reach Succeeded with complete results; SIGTERM exits 0, lets the
 * running job finish and keeps the queued ones for the next start.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.js';
import { auth, json, KEYS, parseDone, pollUntil, serveCli, tempDir, writeKeysFile, type CliServer } from './server-helpers.js';

let dir: string;
let keys: string;
let pdf: Uint8Array;

type Proc = CliServer;

/** `quire serve` of the built CLI on this test's data dir (server-helpers.ts). */
function serve(): Promise<Proc> {
  return serveCli(path.join(dir, 'data'), keys);
}

async function submit(url: string, pages: string, extra: Record<string, string> = {}): Promise<string> {
  const fd = new FormData();
  fd.append('page_range', pages);
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  fd.append('file', new Blob([pdf]), 'us_constitution.pdf');
  const res = await fetch(`${url}/parse`, { method: 'POST', headers: auth(KEYS.main), body: fd });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.job_id;
}

beforeAll(async () => {
  dir = await tempDir('quire-restart-');
  keys = await writeKeysFile(dir);
  pdf = new Uint8Array(await fs.readFile(fixture('pdf', 'us_constitution.pdf')));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('restart', () => {
  it('SIGKILL with 10 jobs queued or running: after a restart all 10 succeed with complete results', async () => {
    const first = await serve();
    // One job at a time: a slow job (full OCR) holds the slot so that the 10 are still
    // queued or running at the kill however loaded the machine is.
    const blocker = await submit(first.url, '1', { ocr_mode: 'full_ocr' });
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(first.url, `${i + 1}-${i + 4}`)));
    const states = await Promise.all(ids.map(async (id) => (await json(await fetch(`${first.url}/parse/${id}?include_chunks=false`, { headers: auth(KEYS.main) }))).status));
    first.child.kill('SIGKILL');
    await first.exited;
    expect(states.filter((st) => st !== 'Starting' && st !== 'Processing')).toEqual([]);

    const second = await serve();
    try {
      expect(second.out()).toMatch(/queued again 11 unfinished/);
      for (const [i, id] of ids.entries()) {
        const done = await pollUntil(`${second.url}/parse/${id}`, auth(KEYS.main), parseDone, 120_000);
        expect(done.status, done.message).toBe('Succeeded');
        expect(done.page_count).toBe(4);
        expect(done.configuration.page_range).toBe(`${i + 1}-${i + 4}`);
        expect(done.chunks.length).toBe(done.total_chunks);
        const pages = new Set(done.chunks.flatMap((c: any) => c.segments.map((g: any) => g.page_number)));
        expect([...pages].sort((a: any, b: any) => a - b)).toEqual([i + 1, i + 2, i + 3, i + 4]);
      }
      expect((await pollUntil(`${second.url}/parse/${blocker}?include_chunks=false`, auth(KEYS.main), parseDone, 120_000)).status).toBe('Succeeded');
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 240_000);

  it('SIGTERM exits 0, keeps queued jobs, and the next start finishes them', async () => {
    const first = await serve();
    const ids = [await submit(first.url, '1-4'), await submit(first.url, '5'), await submit(first.url, '6')];
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = await serve();
    try {
      for (const id of ids) {
        const done = await pollUntil(`${second.url}/parse/${id}?include_chunks=false`, auth(KEYS.main), parseDone, 120_000);
        expect(done.status, done.message).toBe('Succeeded');
      }
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 240_000);
});
