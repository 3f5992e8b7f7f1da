/**
 * Small uploads are read into memory and handed to the engine (server/read-submission.ts
 * `memoryBytes`): no upload copy is written to `inputs/`, the job's own copy of the bytes
 * serves its `pdf_url` and survives as the job's input, and the byte limit still answers 413
 * while the body streams in. A body declared larger than the threshold is streamed to
 * `inputs/` as before and that copy is removed once the job ends. Real server, real socket.
 */
import fs from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/server/context.js';
import { fixture } from '../helpers.js';
import { KEYS, auth, json, parseDone, pollUntil, testServer } from './server-helpers.js';

type Server = Awaited<ReturnType<typeof testServer>>;
let s: Server;
let limited: Server;
let small: Uint8Array;

beforeAll(async () => {
  s = await testServer({ memoryUploadBytes: 64 * 1024 });
  limited = await testServer({ limits: { ...DEFAULT_CONFIG.limits, parse: 20_000 } });
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 200]).drawText('Kept in memory, stored once.', { x: 20, y: 100, size: 12, font });
  small = await doc.save();
}, 60_000);

afterAll(async () => {
  for (const x of [s, limited]) {
    await x?.stop();
    if (x) await fs.rm(x.dir, { recursive: true, force: true });
  }
});

async function post(server: Server, bytes: Uint8Array, name: string): Promise<Response> {
  const fd = new FormData();
  fd.append('file', new Blob([bytes]), name);
  return fetch(`${server.url}/parse`, { method: 'POST', body: fd, headers: auth(KEYS.main) });
}

describe('uploads read into memory', () => {
  it('a small upload leaves nothing in inputs/; the job reads its own copy, which serves pdf_url', async () => {
    const res = await post(s, small, 'small.pdf');
    const created = await json(res);
    expect(res.status, JSON.stringify(created)).toBe(200);
    expect(await fs.readdir(s.ctx.dirs.inputs).catch(() => [])).toEqual([]);
    const rec = s.ctx.store.peek(created.job_id)!;
    expect(rec.inputKey).toBe(`${created.job_id}/input.pdf`);
    const done = await pollUntil(`${s.url}/parse/${created.job_id}`, auth(KEYS.main), parseDone, 60_000);
    expect(done.status).toBe('Succeeded');
    expect(JSON.stringify(done.chunks)).toContain('Kept in memory');
    const pdf = Buffer.from(await (await fetch(done.pdf_url)).arrayBuffer());
    expect(pdf.equals(Buffer.from(small))).toBe(true);
    expect(await fs.readdir(s.ctx.dirs.inputs).catch(() => [])).toEqual([]);
  }, 60_000);

  it('a body declared over the threshold streams to inputs/ as before; that copy goes once the job ends', async () => {
    const big = new Uint8Array(await fs.readFile(fixture('pdf', 'us_constitution.pdf'))); // 390 KB
    const res = await post(s, big, 'constitution.pdf');
    const created = await json(res);
    expect(res.status, JSON.stringify(created)).toBe(200);
    const upload = s.ctx.store.peek(created.job_id)!.location!;
    expect(upload.startsWith(s.ctx.dirs.inputs)).toBe(true);
    const done = await pollUntil(`${s.url}/parse/${created.job_id}?include_chunks=false`, auth(KEYS.main), parseDone, 120_000);
    expect(done.status).toBe('Succeeded');
    await s.ctx.settlement.whenSettled(created.job_id);
    await expect(fs.access(upload)).rejects.toThrow();
  }, 150_000);

  it('a file over the byte limit read into memory is a 413 with the error body, and nothing is created', async () => {
    const over = new Uint8Array(40_000).fill(32);
    over.set(Buffer.from('%PDF-1.4\n'));
    const res = await post(limited, over, 'over.pdf'); // declared length under limit + slack: refused while streaming
    const body = await json(res);
    expect(res.status).toBe(413);
    expect(body.error.code).toBeTruthy();
    expect(await limited.ctx.engine.list()).toEqual([]);
    expect(await fs.readdir(limited.ctx.dirs.inputs).catch(() => [])).toEqual([]);
  }, 60_000);
});
