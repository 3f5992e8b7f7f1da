/**
 * Issue 21: a result kept in its job's result file (over `resultFileChars`, set small here)
 * is answered by GET /parse/{id} and GET /jobs/{id}/result as a streamed body (chunked
 * transfer, no content-length: never one JSON string in memory), with the same JSON an
 * in-memory result gives; output_file writes the same document to its signed file.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formulaWorkbook } from '../../bench/lib/hostile/workbook.js';
import { KEYS, auth, json, parseDone, pollUntil, testServer } from './server-helpers.js';

type Server = Awaited<ReturnType<typeof testServer>>;
let streamed: Server;
let inMemory: Server;
const xlsx = formulaWorkbook(2_000);

beforeAll(async () => {
  streamed = await testServer({ engine: { resultFileChars: 10_000 } });
  inMemory = await testServer();
}, 60_000);

afterAll(async () => {
  for (const s of [streamed, inMemory]) {
    await s?.stop();
    if (s) await fs.rm(s.dir, { recursive: true, force: true });
  }
});

async function parseExcel(s: Server): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([xlsx]), 'formulas.xlsx');
  const res = await fetch(`${s.url}/parse/excel`, { method: 'POST', body: fd, headers: auth(KEYS.main) });
  const created = await json(res);
  expect(res.status, JSON.stringify(created)).toBe(200);
  await pollUntil(`${s.url}/parse/${created.job_id}?include_chunks=false`, auth(KEYS.main), parseDone);
  return created.job_id as string;
}

/** The parts of a status body that do not depend on the job (ids, times, URLs). */
function resultPart(b: any): string {
  return JSON.stringify({ status: b.status, chunks: b.chunks, total_chunks: b.total_chunks, page_count: b.page_count, pdf_url: b.pdf_url, metadata: b.metadata });
}

describe('a result kept in its result file, over HTTP', () => {
  it('streams GET /parse/{id} and /jobs/{id}/result with the JSON of an in-memory result', async () => {
    const [a, b] = await Promise.all([parseExcel(streamed), parseExcel(inMemory)]);
    const res = await fetch(`${streamed.url}/parse/${a}`, { headers: auth(KEYS.main) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-length')).toBeNull(); // streamed
    const body = await json(res);
    expect(body.status).toBe('Succeeded');
    expect(body.job_id).toBe(a);
    expect(body.chunks).toHaveLength(body.total_chunks);
    const ref = await json(await fetch(`${inMemory.url}/parse/${b}`, { headers: auth(KEYS.main) }));
    expect(resultPart(body)).toBe(resultPart(ref));

    const viaJobs = await fetch(`${streamed.url}/jobs/${a}/result`, { headers: auth(KEYS.main) });
    expect(viaJobs.headers.get('content-length')).toBeNull();
    expect(resultPart(await json(viaJobs))).toBe(resultPart(ref));

    const withFile = await json(await fetch(`${streamed.url}/parse/${a}?output_file=true`, { headers: auth(KEYS.main) }));
    expect(withFile.chunks).toBeUndefined();
    const file = await json(await fetch(withFile.output_file));
    expect(resultPart(file)).toBe(resultPart(ref));
  }, 120_000);
});
