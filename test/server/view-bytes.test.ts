/**
 * GET /parse/{id} of a finished job answers from chunks serialized once (server/view-bytes.ts):
 * the body must be byte for byte the ordinary answer (the same view through signUrls and
 * JSON.stringify), on both endpoints that show it, for its owner only; chunks that carry file
 * URLs (OCR crops) are signed at each read, never served from kept text.
 */
import fs from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.js';
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

async function textPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 2; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Section ${p + 1}. Terms of the agreement`, { x: 72, y: 720, size: 16, font });
    for (let i = 0; i < 12; i++) page.drawText(`Line ${i + 1} of page ${p + 1}: the parties agree to the "terms" below & more.`, { x: 72, y: 680 - i * 18, size: 11, font });
  }
  return doc.save();
}

async function parsed(bytes: Uint8Array, name: string): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([bytes]), name);
  const res = await fetch(`${s.url}/parse`, { method: 'POST', body: fd, headers: auth(KEYS.main) });
  const created = await json(res);
  expect(res.status, JSON.stringify(created)).toBe(200);
  await pollUntil(`${s.url}/parse/${created.job_id}?include_chunks=false`, auth(KEYS.main), parseDone);
  return created.job_id as string;
}

/** Signatures and their expiry differ by the second they were made; nothing else may. */
const unsigned = (body: string) => body.replace(/expires=\d+&signature=[A-Za-z0-9_-]+/g, 'expires=E&signature=S');

describe('a finished parse job read from its kept chunks', () => {
  it('answers byte for byte what the ordinary read gives, on /parse/{id} and /jobs/{id}/results, to its owner only', async () => {
    const id = await parsed(await textPdf(), 'terms.pdf');
    const fast = await fetch(`${s.url}/parse/${id}`, { headers: auth(KEYS.main) });
    expect(fast.status).toBe(200);
    expect(fast.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await fast.text();
    expect(Number(fast.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    const view = JSON.parse(body);
    expect(view.status).toBe('Succeeded');
    expect(view.chunks.length).toBe(view.total_chunks);
    expect(body).toContain('the parties agree to the');
    // base64_images=true takes the ordinary path (nothing kept); the document has no images.
    const ordinary = await (await fetch(`${s.url}/parse/${id}?base64_images=true`, { headers: auth(KEYS.main) })).text();
    expect(unsigned(body)).toBe(unsigned(ordinary));
    // Key order too: the body is what JSON.stringify makes of the ordinary view.
    expect(unsigned(body)).toBe(unsigned(JSON.stringify(JSON.parse(ordinary))));
    const again = await (await fetch(`${s.url}/parse/${id}`, { headers: auth(KEYS.main) })).text();
    expect(unsigned(again)).toBe(unsigned(body));
    const viaJobs = await (await fetch(`${s.url}/jobs/${id}/results`, { headers: auth(KEYS.main) })).text();
    expect(unsigned(viaJobs)).toBe(unsigned(body));
    const slim = await json(await fetch(`${s.url}/parse/${id}?include_chunks=false`, { headers: auth(KEYS.main) }));
    expect(slim).not.toHaveProperty('chunks');
    expect(slim.total_chunks).toBe(view.total_chunks);
    const stranger = await fetch(`${s.url}/parse/${id}`, { headers: auth(KEYS.other) });
    expect(stranger.status).toBe(404);
  }, 60_000);

  it('signs the crops of an OCRed image at every read, and they can be fetched', async () => {
    const id = await parsed(new Uint8Array(await fs.readFile(fixture('ocr', 'phototest.tif'))), 'phototest.tif');
    const body = await json(await fetch(`${s.url}/parse/${id}`, { headers: auth(KEYS.main) }));
    const images = (body.chunks as Array<{ segments: Array<{ image: string | null }> }>).flatMap((c) => c.segments.map((x) => x.image)).filter(Boolean) as string[];
    expect(images.length).toBeGreaterThan(0);
    for (const u of images) expect(u.startsWith(`${s.url}/files/`)).toBe(true);
    const img = await fetch(images[0]!);
    expect(img.status).toBe(200);
    expect((await img.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const ordinary = await (await fetch(`${s.url}/parse/${id}?base64_images=false&output_file=false`, { headers: auth(KEYS.main) })).text();
    expect(unsigned(JSON.stringify(body))).toBe(unsigned(ordinary));
  }, 120_000);
});
