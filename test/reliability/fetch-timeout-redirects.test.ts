/**
 * Issue 21 item 7: `fetchTimeoutMs` bounds the whole download. A real loopback server
 * answers every hop of a redirect chain slowly, each hop well inside the limit, the chain
 * far beyond it: the job must fail with the time-out message, not succeed late.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

const HOP_DELAY_MS = 400;
const LIMIT_MS = 1000;

describe('fetchTimeoutMs over a redirect chain', () => {
  let server: http.Server;
  let base: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]).drawText('hello', { x: 20, y: 100 });
    pdf = await doc.save();
    server = http.createServer((req, res) => {
      const hop = Number(/^\/hop\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1);
      setTimeout(() => {
        if (hop >= 0 && hop < 4) {
          res.writeHead(302, { location: `/hop/${hop + 1}` });
          res.end();
        } else if (hop === 4) {
          res.writeHead(200, { 'content-type': 'application/pdf' });
          res.end(pdf);
        } else {
          res.writeHead(404);
          res.end();
        }
      }, HOP_DELAY_MS);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('fails with the time-out when the hops together exceed the limit', async () => {
    const engine = createEngine({ workers: 1, allowPrivateUrls: true, fetchTimeoutMs: LIMIT_MS });
    try {
      const job = await engine.parse(`${base}/hop/0`);
      const res = await engine.waitForJob(job.job_id);
      expect(res.status).toBe('Failed');
      expect(res.message).toMatch(new RegExp(`Timed out after ${LIMIT_MS} ms fetching ${base}/hop/0`));
    } finally {
      await engine.close();
    }
  }, 30_000);

  it('the same chain succeeds when the limit covers it', async () => {
    const engine = createEngine({ workers: 1, allowPrivateUrls: true, fetchTimeoutMs: 20_000 });
    try {
      const job = await engine.parse(`${base}/hop/0`);
      expect((await engine.waitForJob(job.job_id)).status).toBe('Succeeded');
    } finally {
      await engine.close();
    }
  }, 30_000);
});
