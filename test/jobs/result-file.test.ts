/**
 * Issue 21: a large result is written to the job's result file by the worker that made it
 * (render/chunk-lines.ts) and never copied to the main thread or kept in the result cache;
 * views read its chunks only when touched, and serializers stream them from the file. A
 * small `resultFileChars` setting makes a 2,000-formula workbook "large" here. Before this
 * change no result file existed after a single job (the cache held the object), so the first
 * test failed there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formulaWorkbook } from '../../bench/lib/hostile/workbook.js';
import { writeJsonFile } from '../../src/cli/write-json.js';
import { createEngine, type Engine } from '../../src/index.js';
import type { ParseJobView } from '../../src/jobs/views.js';
import { chunkSourceOf, readChunkLinesHeader } from '../../src/render/chunk-lines.js';

const xlsx = formulaWorkbook(2_000);
const dirs: string[] = [];
const engines: Engine[] = [];

function engineWith(resultFileChars?: number): { engine: Engine; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-result-file-'));
  dirs.push(dataDir);
  const engine = createEngine({ workers: 1, dataDir, ...(resultFileChars ? { resultFileChars } : {}) });
  engines.push(engine);
  return { engine, dataDir };
}

async function parsed(engine: Engine, read = {}): Promise<ParseJobView> {
  const job = await engine.parseExcel({ data: xlsx, fileName: 'formulas.xlsx' }, { cell_metadata: true });
  return engine.waitForJob(job.job_id, {}, read);
}

/** What a view shows of its result (ids and times differ between jobs). */
function shown(v: ParseJobView): string {
  return JSON.stringify({ chunks: v.chunks, total_chunks: v.total_chunks, page_count: v.page_count, pdf_url: v.pdf_url, metadata: v.metadata });
}

afterAll(async () => {
  for (const e of engines) await e.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('results over resultFileChars', () => {
  it('are in the job folder as a chunk-lines file when the job ends, read lazily, shown exactly as in memory', async () => {
    const big = engineWith(10_000);
    const view = await parsed(big.engine);
    expect(view.status).toBe('Succeeded');
    const file = path.join(big.dataDir, view.job_id, 'result.json');
    const head = readChunkLinesHeader(file);
    expect(head?.chunkCount).toBe(view.total_chunks);
    expect(head?.header.page_count).toBe(1);
    expect(chunkSourceOf(view)?.file).toBe(file); // not read yet
    // The same file is still one JSON document with the result in it.
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).chunks).toHaveLength(view.total_chunks!);

    const small = engineWith();
    const ref = await parsed(small.engine);
    expect(fs.existsSync(path.join(small.dataDir, ref.job_id, 'result.json'))).toBe(false); // kept in memory
    expect(chunkSourceOf(ref)).toBeUndefined();
    expect(shown(view)).toBe(shown(ref));
    expect(chunkSourceOf(view)).toBeUndefined(); // touched: now an ordinary array
    expect(view.chunks!.at(-1)!.segments).toBeDefined();
  }, 120_000);

  it('are streamed by the CLI writer with the bytes JSON.stringify gives', async () => {
    const { engine } = engineWith(10_000);
    const view = await parsed(engine, { base64Images: false });
    const out = path.join(dirs[0]!, 'streamed.json');
    writeJsonFile(out, view);
    expect(chunkSourceOf(view)).toBeDefined(); // the writer did not materialize the chunks
    const streamed = fs.readFileSync(out, 'utf8');
    expect(streamed).toBe(JSON.stringify(view));
    expect(JSON.parse(streamed).chunks).toHaveLength(view.total_chunks!);
  }, 120_000);

  it('leave include_chunks=false views without chunks, and say clearly when the job was deleted before they were read', async () => {
    const { engine } = engineWith(10_000);
    const job = await engine.parseExcel({ data: xlsx, fileName: 'formulas.xlsx' }, {});
    const bare = await engine.waitForJob(job.job_id, {}, { includeChunks: false });
    expect(bare.chunks).toBeUndefined();
    expect(bare.total_chunks).toBeGreaterThan(0);
    const view = await engine.getParseJob(job.job_id);
    await engine.deleteJob(job.job_id);
    expect(() => view.chunks).toThrow(/result file is gone/);
  }, 120_000);
});
