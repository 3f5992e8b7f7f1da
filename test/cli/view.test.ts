/**
 * `quire view` (issue 27 item 6): the CLI writes one self-contained HTML page for a parse
 * result — no external reference, the result's segments embedded as data — and, in a real
 * headless Chromium (Debian's `chromium` driven by puppeteer-core, no browser download;
 * skipped without it), the page loads without errors, draws one box per segment, shows a
 * segment on click and renders the tables. A result whose text carries markup
 * ("</script><script>…") stays text: nothing of it runs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { here } from '../helpers.js';

const cli = path.resolve(here, '../src/cli/main.ts');
const quire = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

/** A page with a title, a paragraph and a ruled 3×3 table. */
async function samplePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  page.drawText('Quarterly Report', { x: 72, y: 770, size: 22, font: bold });
  page.drawText('Sales grew in every region; the table below gives the figures per quarter.', { x: 72, y: 730, size: 11, font });
  const rows = [['Region', 'Q1', 'Q2'], ['North', '7.51', '8.02'], ['South', '6.20', '6.94']];
  const xs = [72, 222, 322, 422];
  rows.forEach((r, i) => r.forEach((t, c) => page.drawText(t, { x: xs[c]! + 6, y: 686 - i * 22, size: 11, font: i === 0 ? bold : font })));
  for (let i = 0; i <= rows.length; i++) page.drawLine({ start: { x: 72, y: 700 - i * 22 }, end: { x: 422, y: 700 - i * 22 }, thickness: 0.7, color: rgb(0, 0, 0) });
  for (const x of xs) page.drawLine({ start: { x, y: 700 }, end: { x, y: 700 - rows.length * 22 }, thickness: 0.7, color: rgb(0, 0, 0) });
  return doc.save();
}

describe('quire view', () => {
  let dir: string;
  let pdfFile: string;
  let resultFile: string;
  let segmentCount = 0;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-view-'));
    pdfFile = path.join(dir, 'report.pdf');
    fs.writeFileSync(pdfFile, await samplePdf());
    const engine = createEngine({ workers: 1 });
    try {
      const job = await engine.parse(pdfFile);
      const res = await engine.waitForJob(job.job_id);
      resultFile = path.join(dir, 'report.json');
      fs.writeFileSync(resultFile, JSON.stringify(res));
      segmentCount = (res as unknown as { chunks: Array<{ segments: unknown[] }> }).chunks.flatMap((c) => c.segments).length;
    } finally {
      await engine.close();
    }
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes one self-contained HTML page with the segments and the page image', () => {
    const r = quire('view', resultFile, '--pdf', pdfFile);
    expect(r.status, r.stderr).toBe(0);
    const out = path.join(dir, 'report.html');
    expect(r.stdout.trim()).toBe(out);
    const html = fs.readFileSync(out, 'utf8');
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=["']?(https?:)?\/\//i);
    expect(html).toContain('data:image/jpeg;base64,');
    const data = JSON.parse(/<script type="application\/json" id="quire-data">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(data.segments).toHaveLength(segmentCount);
    expect(data.segments.some((s: { type: string }) => s.type === 'Table')).toBe(true);
  }, 60_000);

  it('fails with one line on a file that is not a result', () => {
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, '{"status":"Failed"}');
    const r = quire('view', bad);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^quire: not a parse result/);
  });

  it.skipIf(!CHROMIUM)('loads in headless Chromium without errors, with a box per segment and rendered tables', async () => {
    // A hostile segment text next to the real ones: it must stay text.
    const res = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
    const first = res.chunks[0].segments[0];
    res.chunks[0].segments.push({ ...first, segment_id: 'hostile', content: '</script><script>window.pwned=1</script>', html: '<img src=x onerror="parent.pwned=1">', markdown: '<!--' });
    const hostileFile = path.join(dir, 'hostile.json');
    fs.writeFileSync(hostileFile, JSON.stringify(res));
    expect(quire('view', hostileFile, '--pdf', pdfFile).status).toBe(0);
    const { default: puppeteer } = await import('puppeteer-core');
    const browser = await puppeteer.launch({ executablePath: CHROMIUM!, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('requestfailed', (q) => errors.push(`request failed: ${q.url()}`));
      await page.goto(`file://${path.join(dir, 'hostile.html')}`, { waitUntil: 'load' });
      expect(await page.evaluate(() => (globalThis as unknown as { quireViewReady?: boolean }).quireViewReady)).toBe(true);
      expect(await page.$$eval('.box', (b) => b.length)).toBe(segmentCount + 1);
      const tableBox = await page.$('.box[data-type="Table"]');
      expect(tableBox).not.toBeNull();
      const size = await tableBox!.boundingBox();
      expect(size!.width).toBeGreaterThan(100);
      await tableBox!.click();
      expect(await page.$eval('#panel h2', (h) => h.textContent)).toMatch(/^#\d+ Table$/);
      // The tables list renders each table's HTML (in a sandboxed frame) as a real table.
      const frames = page.frames().filter((f) => f !== page.mainFrame());
      const cells = await Promise.all(frames.map((f) => f.$$eval('td, th', (c) => c.map((x) => x.textContent))));
      expect(cells.flat()).toEqual(expect.arrayContaining(['7.51', '6.94']));
      expect(await page.evaluate(() => (globalThis as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
