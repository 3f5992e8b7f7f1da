/**
 * Nothing the server accepted lives only in its memory (v3-jobs.ts, v3-flow.ts, settle.ts),
 * over a real socket with real restarts: a v3 job accepted before a SIGKILL completes after
 * the restart under the same id; a v3
 * upload made before a restart can be submitted after it; the daily cap counts across
 * restarts; a finished v3 job is still readable after one; what a kill left in inputs/
 * with nothing referring to it is swept at start; and a parse job's page
 * reservation accepted before a SIGKILL is settled after the restart.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/server.js';
import { fixture } from '../helpers.js';
import { auth, json, KEYS, parseDone, pollUntil, serveCli, tempDir, writeKeysFile } from './server-helpers.js';

const v3 = { 'X-API-Key': KEYS.main };
const done = (b: any) => b.status === 'done' || b.status === 'failed';
let dir: string;
let keys: string;
let small: Uint8Array;
let big: Uint8Array;

beforeAll(async () => {
  dir = await tempDir('quire-v3-restart-');
  keys = await writeKeysFile(dir);
  small = new Uint8Array(await fs.readFile(fixture('pdf', 'column_span_1.pdf')));
  big = new Uint8Array(await fs.readFile(fixture('pdf', 'us_constitution.pdf')));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function pdfForm(bytes: Uint8Array, name: string, extra: Record<string, string> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  fd.append('file', new Blob([bytes]), name);
  return fd;
}

describe('v3 and billing across restarts', () => {
  it('SIGKILL: a v3 job accepted before the kill completes after the restart; a parse reservation is settled', async () => {
    const data = path.join(dir, 'kill');
    const first = await serveCli(data, keys);
    // One job at a time: a slow job (full OCR) holds the slot so the v3 job is still waiting at the kill.
    const blocker = await json(await fetch(`${first.url}/parse`, { method: 'POST', headers: auth(KEYS.main), body: pdfForm(big, 'c.pdf', { page_range: '1', ocr_mode: 'full_ocr' }) }));
    const locked = await json(await fetch(`${first.url}/parse`, { method: 'POST', headers: auth(KEYS.main), body: pdfForm(await fs.readFile(fixture('pdf', 'password-1234.pdf')), 'locked.pdf') }));
    const res = await fetch(`${first.url}/v3/parse?pages=1`, { method: 'POST', headers: v3, body: pdfForm(small, 'one.pdf') });
    const created = await json(res);
    expect(res.status, JSON.stringify(created)).toBe(200);
    const before = await json(await fetch(`${first.url}/v3/parse/${created.job_id}`, { headers: v3 }));
    expect(['queued', 'running']).toContain(before.status);
    first.child.kill('SIGKILL');
    await first.exited;
    const usage = JSON.parse(await fs.readFile(path.join(data, 'usage.json'), 'utf8'));
    expect(usage.main).toBe(2); // reserved at submission: the blocker's page, 1 for the locked PDF (count unknown)
    expect(JSON.parse(await fs.readFile(path.join(data, 'v3', 'usage.json'), 'utf8')).used.main).toBe(1);

    const second = await serveCli(data, keys);
    try {
      const job = await pollUntil(`${second.url}/v3/parse/${created.job_id}`, v3, done, 180_000);
      expect(job.status, JSON.stringify(job).slice(0, 300)).toBe('done');
      expect(job.job_id).toBe(created.job_id);
      expect(job.created_at).toBe(created.created_at);
      expect(job.page_count).toBe(1);
      expect(job.pages[0].markdown.length).toBeGreaterThan(20);
      // The upload copy is removed once the job ended.
      const entries = await fs.readdir(path.join(data, 'inputs'), { withFileTypes: true });
      expect(entries.filter((e) => e.isDirectory()).map((e) => e.name)).toEqual([]); // multipart copies are folders
      const failed = await pollUntil(`${second.url}/parse/${locked.job_id}?include_chunks=false`, auth(KEYS.main), parseDone, 180_000);
      expect(failed.status).toBe('Failed');
      await pollUntil(`${second.url}/parse/${blocker.job_id}?include_chunks=false`, auth(KEYS.main), parseDone, 180_000);
      // The locked PDF's page came back after the restart: blocker 1 page kept, nothing else.
      for (let i = 0; i < 50; i++) {
        const used = JSON.parse(await fs.readFile(path.join(data, 'usage.json'), 'utf8')).main;
        if (used === 1) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(JSON.parse(await fs.readFile(path.join(data, 'usage.json'), 'utf8')).main).toBe(1);
      expect(await fs.readdir(path.join(data, 'ledger'))).toEqual([]);
      expect(await fs.readdir(path.join(data, 'inputs'))).toEqual([]); // every job ended: no upload copy left
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 400_000);

  it('an upload, the daily count and a finished job survive a restart', async () => {
    const data = path.join(dir, 'graceful');
    const start = () => startServer({ host: '127.0.0.1', port: 0, dataDir: data, keysFile: keys, workers: 1, v3Limits: { perSecond: 1000, perDay: 3 } });
    const a = await start();
    let upload: any;
    let finished: any;
    try {
      const created = await json(await fetch(`${a.url}/v3/parse`, { method: 'POST', headers: v3, body: pdfForm(small, 'one.pdf') }));
      finished = await pollUntil(`${a.url}/v3/parse/${created.job_id}`, v3, done, 120_000);
      expect(finished.status).toBe('done');
      upload = await json(await fetch(`${a.url}/v3/parse/upload`, { method: 'POST', headers: v3 }));
      const put = await fetch(upload.upload_url, { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body: small });
      expect(put.status).toBe(200);
    } finally {
      await a.stop();
    }
    // What a kill can leave in inputs/ (a body half streamed in): nothing refers to it.
    await fs.writeFile(path.join(data, 'inputs', 'stray-upload'), 'half a body');
    await fs.mkdir(path.join(data, 'inputs', 'stray-dir'));
    await fs.writeFile(path.join(data, 'inputs', 'stray-dir', 'x.pdf'), 'half a body');
    const b = await start();
    try {
      // Swept at start; the v3 upload not yet submitted is kept (it is submitted below).
      expect(await fs.readdir(path.join(data, 'inputs'))).toEqual([`v3-${upload.file_id}.pdf`]);
      const again = await json(await fetch(`${b.url}/v3/parse/${finished.job_id}`, { headers: v3 }));
      expect(again).toEqual(finished);
      const other = await fetch(`${b.url}/v3/parse/${finished.job_id}`, { headers: { 'X-API-Key': KEYS.v3only } });
      expect(other.status).toBe(404);
      const sub = await fetch(`${b.url}/v3/parse`, { method: 'POST', headers: { ...v3, 'content-type': 'application/json' }, body: JSON.stringify({ file_id: upload.file_id }) });
      const subBody = await json(sub);
      expect(sub.status, JSON.stringify(subBody)).toBe(200);
      expect(subBody.job_id).toBe(upload.file_id);
      const job = await pollUntil(`${b.url}/v3/parse/${upload.file_id}`, v3, done, 120_000);
      expect(job.status).toBe('done');
      // Three submissions counted before and after the restart: the fourth is over the cap.
      const over = await fetch(`${b.url}/v3/parse/upload`, { method: 'POST', headers: v3 });
      expect(over.status).toBe(429);
      expect(await json(over)).toEqual({ message: 'Limit Exceeded' });
    } finally {
      await b.stop();
    }
  }, 300_000);

  it('an extraction batch stopped after its first job continues after a restart; owner and files kept', async () => {
    const data = path.join(dir, 'batch');
    const start = () => startServer({ host: '127.0.0.1', port: 0, dataDir: data, keysFile: keys, workers: 1, shutdownGraceMs: 0 });
    const schema = JSON.stringify({ type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false });
    const a = await start();
    let created: any;
    try {
      const fd = new FormData();
      fd.append('schema_data', schema);
      fd.append('batch_size', '1');
      for (const n of ['one', 'two', 'three']) fd.append('pdf_files', new Blob([small]), `${n}.pdf`);
      const res = await fetch(`${a.url}/batch/extract`, { method: 'POST', headers: auth(KEYS.main), body: fd });
      created = await json(res);
      expect(res.status, JSON.stringify(created)).toBe(200);
      const first = await json(await fetch(`${a.url}/batch/${created.batch_id}`, { headers: auth(KEYS.main) }));
      expect(first.pending_files).toBeGreaterThan(0); // one job at a time: the rest wait for it
    } finally {
      await a.stop();
    }
    const b = await start();
    try {
      const done = await pollUntil(`${b.url}/batch/${created.batch_id}`, auth(KEYS.main), (v) => v.status === 'completed', 240_000);
      expect(done.jobs).toHaveLength(3);
      expect(done.pending_files).toBe(0);
      for (const j of done.jobs) expect(['completed', 'review']).toContain(j.status);
      expect((await fetch(`${b.url}/batch/${created.batch_id}`, { headers: auth(KEYS.other) })).status).toBe(404);
      expect((await fetch(`${b.url}/extract/${done.jobs[2].job_id}`, { headers: auth(KEYS.main) })).status).toBe(200);
      for (let i = 0; i < 50 && (await fs.readdir(path.join(data, 'inputs'))).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await fs.readdir(path.join(data, 'inputs'))).toEqual([]);
    } finally {
      await b.stop();
    }
  }, 300_000);
});
