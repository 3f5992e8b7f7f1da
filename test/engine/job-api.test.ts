import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, JobNotFoundError, QueueFullError, ValidationError, type Engine } from '../../src/index.js';
import { assertValidOutput, fixture } from '../helpers.js';
import { WorkerPool } from '../../src/workers/pool.js';

const sample = fixture('pdf', 'multi_page.pdf');
const faultyWorker = fixture('workers', 'faulty-worker.ts');

describe('job lifecycle', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 2 });
  });
  afterAll(() => engine.close());

  it('returns the spec creation response at once, then reaches Succeeded', async () => {
    const created = await engine.parse(sample, { merge_tables: true });
    expect(Object.keys(created).sort()).toEqual(['created_at', 'credit_used', 'file_name', 'job_id', 'merge_tables', 'message', 'quota_remaining', 'status']);
    expect(created.status).toBe('Starting');
    expect(created.file_name).toBe('multi_page.pdf');
    expect(created.merge_tables).toBe(true);
    expect(typeof created.quota_remaining).toBe('number');
    expect(Date.parse(created.created_at)).not.toBeNaN();

    const done = await engine.waitForJob(created.job_id);
    assertValidOutput(done);
    expect(done.status).toBe('Succeeded');
    expect(done.page_count).toBe(5);
    expect(done.total_chunks).toBe(done.chunks!.length);
    expect(done.started_at).toBeDefined();
    expect(done.finished_at).toBeDefined();
    expect(done.credit_used).toBe(5);
    expect(done.pdf_url).toMatch(/^file:/);
    expect(done.configuration).toMatchObject({ merge_tables: true, segmentation_method: 'smart_layout_detection', ocr_mode: 'auto_ocr' });
    expect(done.message).toBeUndefined();
  });

  it('leaves output fields out until the job succeeds, and can omit chunks', async () => {
    const created = await engine.parse(sample);
    const early = await engine.getParseJob(created.job_id);
    assertValidOutput(early);
    expect(['Starting', 'Processing']).toContain(early.status);
    expect(early).not.toHaveProperty('chunks');
    expect(early).not.toHaveProperty('page_count');
    await engine.waitForJob(created.job_id);
    const slim = await engine.getParseJob(created.job_id, { includeChunks: false });
    expect(slim).not.toHaveProperty('chunks');
    expect(slim.total_chunks).toBeGreaterThan(0);
  });

  it('accepts both option alias sets and reports the canonical names', async () => {
    const a = await engine.parse(sample, { layout_analysis: 'page_by_page', ocr_strategy: 'force_ocr', segment_analysis: '{"Text":{"html":"Auto"}}' });
    const rec = await engine.getParseJob(a.job_id);
    expect(rec.configuration).toMatchObject({ segmentation_method: 'page_by_page', ocr_mode: 'full_ocr', segment_processing: { Text: { html: 'Auto' } } });
    await engine.waitForJob(a.job_id);
  });

  it('rejects invalid options with a typed error naming the field', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ segmentation_method: 'magic' }, 'segmentation_method'],
      [{ ocr_strategy: 'sometimes' }, 'ocr_strategy'],
      [{ response_profile: 'tiny' }, 'response_profile'],
      [{ segment_filter: 'table,banana' }, 'segment_filter'],
      [{ page_range: '5-2' }, 'page_range'],
      [{ output_fields: '{"html": "maybe"}' }, 'output_fields.html'],
      [{ merge_tables: 'perhaps' }, 'merge_tables'],
      [{ error_handling: 'Ignore' }, 'error_handling'],
    ];
    for (const [opts, field] of bad) {
      const err = await engine.parse(sample, opts).catch((e: unknown) => e);
      expect(err, JSON.stringify(opts)).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).field).toBe(field);
      expect((err as ValidationError).status).toBe(400);
    }
  });

  it('falls back to the default OCR engine for unknown values', async () => {
    const c = await engine.parse(sample, { ocr_engine: 'SomethingElse' });
    expect((await engine.getParseJob(c.job_id)).configuration.ocr_engine).toBe('ServiceHawk');
    await engine.waitForJob(c.job_id);
  });

  it('gives 404-style errors for unknown jobs and a generic job view', async () => {
    await expect(engine.getParseJob('nope')).rejects.toBeInstanceOf(JobNotFoundError);
    const c = await engine.parse(sample);
    await engine.waitForJob(c.job_id);
    const g = await engine.getJob(c.job_id);
    expect(g).toMatchObject({ id: c.job_id, status: 'COMPLETED', type: 'chunking', pdf_name: 'multi_page.pdf' });
    expect(g.pdf_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('cancels a queued job', async () => {
    const c = await engine.parse(sample);
    expect(await engine.cancelJob(c.job_id)).toBe(true);
    const r = await engine.waitForJob(c.job_id);
    assertValidOutput(r);
    expect(r.status).toBe('Cancelled');
    expect(r.message).toMatch(/cancel/i);
    expect(await engine.cancelJob(c.job_id)).toBe(false);
  });

  it('accepts bytes with a file name and keeps the input', async () => {
    const c = await engine.parse({ data: new Uint8Array(fs.readFileSync(sample)), fileName: 'upload.pdf' });
    const r = await engine.waitForJob(c.job_id);
    expect(r.status).toBe('Succeeded');
    expect(r.file_name).toBe('upload.pdf');
    expect(r.input_file_url).toMatch(/^file:.*input\.pdf$/);
  });
});

describe('bounded queue', () => {
  it('refuses a submission beyond capacity with a retry-after, creating nothing', async () => {
    const engine = createEngine({ workers: 1, maxConcurrentJobs: 1, maxQueuedJobs: 1 });
    try {
      const first = await engine.parse(sample);
      const err = await engine.parse(sample).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(QueueFullError);
      const q = err as QueueFullError;
      expect(q.status).toBe(503);
      expect(q.retryAfter).toBeGreaterThanOrEqual(5);
      expect(q.retryAfter).toBeLessThanOrEqual(60);
      expect(q.toBody().error.details).toEqual({ reason: 'queue_full', retry_after: q.retryAfter });
      expect((await engine.listJobs()).length).toBe(1);
      expect((await engine.waitForJob(first.job_id)).status).toBe('Succeeded');
      // Capacity is back once the queue drains.
      const again = await engine.parse(sample);
      expect((await engine.waitForJob(again.job_id)).status).toBe('Succeeded');
    } finally {
      await engine.close();
    }
  });
});

describe('worker failures', () => {
  const marked = (marker: string) => new Uint8Array(Buffer.concat([Buffer.from(`%PDF-1.4 ${marker}\n`), fs.readFileSync(sample)]));

  it('fails only the job whose worker crashed, and the pool recovers', async () => {
    const engine = createEngine({ workers: 1, workerFile: faultyWorker });
    try {
      const crash = await engine.parse({ data: marked('QUIRE-CRASH'), fileName: 'crash.pdf' });
      const r = await engine.waitForJob(crash.job_id);
      expect(r.status).toBe('Failed');
      expect(r.message).toMatch(/worker stopped unexpectedly/i);
      const ok = await engine.parse(sample);
      expect((await engine.waitForJob(ok.job_id)).status).toBe('Succeeded');
    } finally {
      await engine.close();
    }
  });

  it('stops a task over its time limit and says so', async () => {
    const engine = createEngine({ workers: 1, workerFile: faultyWorker, taskTimeoutMs: 1500 });
    try {
      const slow = await engine.parse({ data: marked('QUIRE-SLOW'), fileName: 'slow.pdf' });
      const r = await engine.waitForJob(slow.job_id);
      expect(r.status).toBe('Failed');
      expect(r.message).toBe('Processing took longer than 1.5 s and was stopped.');
    } finally {
      await engine.close();
    }
  });

  it('times a task from its start in a worker, not from when it was queued', async () => {
    // The only worker is held by a task (its own limit is far away) until the second task,
    // queued behind it, has waited longer than its own 8 s limit; then the gate opens and the
    // second task (a quick page count) must run and succeed: its limit counts from hand-off.
    // No timing is asserted: the wait only has to exceed the limit, the task only to be quick.
    const pool = new WorkerPool({ threads: 1, taskTimeoutMs: 8000, filename: fixture('workers', 'gate-worker.ts'), codeCacheDir: null });
    try {
      const bytes = fs.readFileSync(fixture('pdf', 'column_span_1.pdf'));
      const data = new SharedArrayBuffer(bytes.length);
      new Uint8Array(data).set(bytes);
      const gate = new Int32Array(new SharedArrayBuffer(4));
      const holding = pool.runAny('pdf.inspect', { key: 'a', data, gate }, { timeoutMs: 600_000 });
      const queuedAt = Date.now();
      const queued = pool.runAny('pdf.inspect', { key: 'b', data }, {});
      while (Date.now() - queuedAt < 9000) await new Promise((r) => setTimeout(r, 250));
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
      expect(await holding).toEqual({ pageCount: 1 });
      expect(await queued).toEqual({ pageCount: 1 });
    } finally {
      await pool.destroy();
    }
  });

  it('cancels a job whose tasks are still waiting for a worker', async () => {
    const engine = createEngine({ workers: 1, workerFile: faultyWorker, maxConcurrentJobs: 2 });
    try {
      const slow = await engine.parse({ data: marked('QUIRE-SLOW'), fileName: 'slow.pdf' });
      const waiting = await engine.parse(sample);
      await new Promise((r) => setTimeout(r, 800));
      expect(await engine.cancelJob(waiting.job_id)).toBe(true);
      expect((await engine.waitForJob(waiting.job_id)).status).toBe('Cancelled');
      expect(await engine.cancelJob(slow.job_id)).toBe(true);
      expect((await engine.waitForJob(slow.job_id)).status).toBe('Cancelled');
    } finally {
      await engine.close();
    }
  });

  it('cancels a running job', async () => {
    const engine = createEngine({ workers: 1, workerFile: faultyWorker });
    try {
      const slow = await engine.parse({ data: marked('QUIRE-SLOW'), fileName: 'slow.pdf' });
      await new Promise((r) => setTimeout(r, 800));
      expect(await engine.cancelJob(slow.job_id)).toBe(true);
      const r = await engine.waitForJob(slow.job_id);
      expect(r.status).toBe('Cancelled');
    } finally {
      await engine.close();
    }
  });
});

describe('URL inputs', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/docs/report.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(fs.readFileSync(sample));
      } else if (req.url === '/redirect') {
        res.writeHead(302, { location: '/docs/report.pdf' });
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('rejects private, loopback, link-local and metadata addresses by default', async () => {
    const engine = createEngine({ workers: 1 });
    try {
      for (const url of [`${base}/docs/report.pdf`, 'http://10.0.0.8/a.pdf', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/a.pdf', 'http://localhost/a.pdf', 'ftp://example.com/a.pdf', 'http://192.168.1.1/x.pdf']) {
        const err = await engine.parse(url).catch((e: unknown) => e);
        expect(err, url).toBeInstanceOf(ValidationError);
        expect((err as ValidationError).field).toBe('url');
      }
    } finally {
      await engine.close();
    }
  });

  it('downloads when allowed, names the job after the URL, follows redirects, and fails cleanly on 404', async () => {
    const engine = createEngine({ workers: 1, allowPrivateUrls: true });
    try {
      const ok = await engine.parse(`${base}/redirect`);
      expect(ok.file_name).toBe('redirect');
      const r = await engine.waitForJob(ok.job_id);
      expect(r.status).toBe('Succeeded');
      expect(r.input_file_url).toBe(`${base}/redirect`);
      const missing = await engine.parse(`${base}/docs/missing.pdf`);
      const m = await engine.waitForJob(missing.job_id);
      expect(m.status).toBe('Failed');
      expect(m.message).toMatch(/HTTP 404/);
    } finally {
      await engine.close();
    }
  });
});
