/**
 * The v3 pages stream through files: a PDF longer than one pipeline window comes back whole
 * and in order, and the streamed result.json (above the inline limit) holds exactly the
 * JSON the inline answer would have been, for one PDF and for an archive's documents.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { V3_WINDOW_PAGES } from '../../src/operations/parse-v3/pages-operation.js';
import { makePdf, makeZip } from './make-pdfs.js';

async function withEngine<T>(inlineLimitBytes: number | undefined, fn: (e: ReturnType<typeof createEngine>) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-v3-stream-'));
  const engine = createEngine({ workers: 1, dataDir, markdownJobs: { sweepEveryMs: 0, ...(inlineLimitBytes ? { inlineLimitBytes } : {}) } });
  try {
    return await fn(engine);
  } finally {
    await engine.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const strip = (job: Record<string, unknown>) => {
  const { job_id: _id, created_at: _at, ...rest } = job;
  return rest;
};

describe('v3 pages streamed through files', () => {
  it('parses a PDF longer than one window: every page, in order, with its own words', async () => {
    const n = V3_WINDOW_PAGES + 6;
    const pdf = await makePdf(Array.from({ length: n }, (_, i) => `Page number ${i + 1} says hello`));
    await withEngine(undefined, async (engine) => {
      const done = await engine.waitForMarkdownJob(engine.parseMarkdown({ data: pdf, fileName: 'long.pdf' }).job_id);
      expect(done.status).toBe('done');
      expect(done.page_count).toBe(n);
      expect(done.pages!.map((p) => p.page)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      for (const p of done.pages!) expect(p.markdown).toContain(`Page number ${p.page} says hello`);
      // A selector crossing the window boundary keeps its pages only.
      const sel = await engine.waitForMarkdownJob(engine.parseMarkdown({ data: pdf, fileName: 'long.pdf' }, { pages: `${V3_WINDOW_PAGES - 1}-${V3_WINDOW_PAGES + 2}` }).job_id);
      expect(sel.pages!.map((p) => p.page)).toEqual([V3_WINDOW_PAGES - 1, V3_WINDOW_PAGES, V3_WINDOW_PAGES + 1, V3_WINDOW_PAGES + 2]);
    });
  }, 120_000);

  it('streams result.json with the same JSON as the inline answer, for a PDF and an archive', async () => {
    const one = await makePdf(['Alpha page "quoted" \\ words', 'Beta page words']);
    const zip = makeZip({ 'a/one.pdf': one, 'b/two.pdf': await makePdf(['Gamma page words']), 'c/bad.pdf': new TextEncoder().encode('%PDF-1.4 broken') });
    const inline = await withEngine(undefined, async (engine) => [
      await engine.waitForMarkdownJob(engine.parseMarkdown({ data: one, fileName: 'one.pdf' }).job_id),
      await engine.waitForMarkdownJob(engine.parseMarkdown({ data: zip, fileName: 'set.zip' }).job_id),
    ]);
    const streamed = await withEngine(100, async (engine) => {
      const out = [];
      for (const [data, fileName] of [[one, 'one.pdf'], [zip, 'set.zip']] as const) {
        const done = await engine.waitForMarkdownJob(engine.parseMarkdown({ data, fileName }).job_id);
        expect(done.result_url).toBeDefined();
        const text = fs.readFileSync(fileURLToPath(done.result_url!), 'utf8');
        const parsed = JSON.parse(text);
        expect(parsed.job_id).toBe(done.job_id);
        out.push(parsed);
      }
      return out;
    });
    expect(inline[1]!.documents!.map((d) => [d.pdf, d.error === undefined])).toEqual([
      ['a/one.pdf', true],
      ['b/two.pdf', true],
      ['c/bad.pdf', false],
    ]);
    expect(inline[0]!.pages![0]!.markdown).toContain('Alpha page "quoted"');
    expect(streamed.map(strip)).toEqual(inline.map((j) => strip(j as unknown as Record<string, unknown>)));
  }, 120_000);
});
