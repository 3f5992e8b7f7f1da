import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, JobNotFoundError, type Engine } from '../../src/index.js';
import { V3_INLINE_LIMIT_BYTES, V3_RETENTION_MS } from '../../src/operations/parse-v3/markdown-jobs.js';
import { makePdf, makeTarGz, makeZip } from './make-pdfs.js';

describe('v3 markdown parse', () => {
  let engine: Engine;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-v3-test-'));
  beforeAll(() => {
    engine = createEngine({ workers: 1, dataDir, markdownJobs: { now: () => clock, sweepEveryMs: 0 } });
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives the spec v3 job for one PDF, honouring the page selector', async () => {
    const pdf = await makePdf(['First page words', 'Second page words', 'Third page words']);
    const created = engine.parseMarkdown({ data: pdf, fileName: 'three.pdf' }, { pages: '2-3' });
    expect(created).toEqual({ job_id: expect.stringMatching(/^[0-9a-f]{32}$/), status: 'queued', created_at: new Date(clock).toISOString() });
    const done = await engine.waitForMarkdownJob(created.job_id);
    expect(done.status).toBe('done');
    expect(done.page_count).toBe(2);
    expect(done.pages!.map((p) => p.page)).toEqual([2, 3]);
    expect(done.pages![0]!.markdown).toContain('Second page words');
    expect(done.pages![1]!.markdown).toContain('Third page words');
    expect(done.documents).toBeUndefined();
  });

  it('gives one documents[] entry per PDF of a tar.gz and a zip, with errors per PDF', async () => {
    const a = await makePdf(['Alpha document']);
    const b = await makePdf(['Beta document', 'Beta again']);
    const tgz = await makeTarGz([
      { name: 'a.pdf', data: a },
      { name: 'notes.txt', data: new TextEncoder().encode('skip me') },
      { name: 'sub/b.pdf', data: b },
    ]);
    const t = await engine.waitForMarkdownJob(engine.parseMarkdown({ data: tgz, fileName: 'batch.bin' }).job_id);
    expect(t.status).toBe('done');
    expect(t.documents!.map((d) => [d.pdf, d.page_count])).toEqual([['a.pdf', 1], ['sub/b.pdf', 2]]);
    expect(t.documents![1]!.pages![1]!.markdown).toContain('Beta again');

    const broken = new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf');
    const zip = makeZip({ 'one.pdf': a, 'broken.pdf': broken, 'image.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]) });
    const z = await engine.waitForMarkdownJob(engine.parseMarkdown({ data: zip, fileName: 'batch.zip' }).job_id);
    expect(z.status).toBe('done');
    expect(z.documents).toHaveLength(2);
    expect(z.documents!.find((d) => d.pdf === 'one.pdf')!.pages![0]!.markdown).toContain('Alpha document');
    expect(z.documents!.find((d) => d.pdf === 'broken.pdf')!.error).toEqual(expect.any(String));
  });

  it('fails (status failed, error set) for a file that is neither a PDF nor an archive, or an archive without PDFs', async () => {
    const f = await engine.waitForMarkdownJob(engine.parseMarkdown({ data: new TextEncoder().encode('hello'), fileName: 'x.txt' }).job_id);
    expect(f).toMatchObject({ status: 'failed', error: expect.stringMatching(/not a PDF/) });
    const empty = await engine.waitForMarkdownJob(engine.parseMarkdown({ data: makeZip({ 'a.txt': new Uint8Array([1]) }), fileName: 'e.zip' }).job_id);
    expect(empty).toMatchObject({ status: 'failed', error: expect.stringMatching(/no PDF/) });
  });

  it('deletes every artifact 24 hours after creation (clock moved, not slept)', async () => {
    const before = new Set(fs.readdirSync(dataDir));
    const job = engine.parseMarkdown({ data: await makePdf(['Kept a while']), fileName: 'k.pdf' });
    await engine.waitForMarkdownJob(job.job_id);
    // The PDF's parse job left its folder (the kept input): it belongs to the v3 job.
    const created = fs.readdirSync(dataDir).filter((d) => !before.has(d));
    expect(created.length).toBeGreaterThan(0);
    clock += V3_RETENTION_MS - 1000;
    expect(await engine.markdownJobs.sweep()).not.toContain(job.job_id);
    expect(engine.getMarkdownJob(job.job_id).status).toBe('done');
    clock += 1000;
    expect(await engine.markdownJobs.sweep()).toContain(job.job_id);
    expect(() => engine.getMarkdownJob(job.job_id)).toThrow(JobNotFoundError);
    for (const d of created) expect(fs.existsSync(path.join(dataDir, d))).toBe(false);
  });
});

describe('v3 result_url above the inline limit', () => {
  it('switches to result_url when the JSON passes the limit, and the file holds the same schema', async () => {
    expect(V3_INLINE_LIMIT_BYTES).toBe(10 * 1024 * 1024);
    let clock = Date.now();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-v3-big-'));
    // A small limit stands in for 10 MB: the switch is the same comparison.
    const engine = createEngine({ workers: 1, dataDir, markdownJobs: { now: () => clock, inlineLimitBytes: 200, sweepEveryMs: 0 } });
    try {
      const job = engine.parseMarkdown({ data: await makePdf(['A page with enough words to pass two hundred bytes of JSON once wrapped in the job object.']), fileName: 'big.pdf' });
      const done = await engine.waitForMarkdownJob(job.job_id);
      expect(Object.keys(done).sort()).toEqual(['job_id', 'result_url', 'status']);
      expect(done.status).toBe('done');
      const file = fileURLToPath(done.result_url!);
      const full = JSON.parse(fs.readFileSync(file, 'utf8'));
      expect(full).toMatchObject({ job_id: job.job_id, status: 'done', page_count: 1, pages: [{ page: 1, markdown: expect.stringContaining('enough words') }] });
      clock += V3_RETENTION_MS;
      await engine.markdownJobs.sweep();
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      await engine.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
