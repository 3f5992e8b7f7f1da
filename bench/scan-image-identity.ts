/**
 * A scanned page read from its own image (formats/pdf/page-image.ts) must give the parse
 * the rendering gave: every PDF of the corpus's OCRmyPDF test resources (scans of all
 * kinds: Flate, JPEG, CCITT, JBIG2, skewed, rotated, masked, odd resolutions) is parsed
 * with `QUIRE_SCAN_IMAGE=render` (always render, the old path) and by default, and the
 * segments (type, page, text, box, confidence) compared. Also prints the process CPU of
 * each (all threads; one worker), which is where the saving shows.
 *
 *   npx tsx bench/scan-image-identity.ts [--pages N] [--max-mb M] [--generated-only]
 *
 * Pages 1..N of each file (default 2), files up to M MB (default 8). The corpus's scans are
 * nearly all 1-bit JBIG2 or CCITT pages, which keep the rendering; so two PDFs made here
 * from linn.png (2550×3300, 300 ppi) are added, which do take the page's own image: the
 * page as pdf-lib embeds a PNG (Flate, DeviceRGB) and as a JPEG (quality 90).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { corpusPath, hasCorpus } from './lib/corpus.js';

if (!hasCorpus) {
  console.error('scan-image-identity: needs the corpus (QUIRE_CORPUS)');
  process.exit(1);
}
const args = process.argv.slice(2);
const onlyGenerated = args.includes('--generated-only');
const arg = (name: string, dflt: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const pages = arg('--pages', 2);
const maxMb = arg('--max-mb', 8);
const dir = corpusPath('ocr/OCRmyPDF/tests/resources');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.pdf') && fs.statSync(path.join(dir, f)).size <= maxMb * 1e6).sort().map((f) => path.join(dir, f));

/** linn.png placed on a page at 300 ppi, as PNG (Flate) or JPEG. */
async function generated(kind: 'png' | 'jpeg'): Promise<string> {
  const png = fs.readFileSync(path.join(dir, 'linn.png'));
  const doc = await PDFDocument.create();
  const img = kind === 'png' ? await doc.embedPng(png) : await doc.embedJpg(await sharp(png).jpeg({ quality: 90 }).toBuffer());
  const page = doc.addPage([(img.width * 72) / 300, (img.height * 72) / 300]);
  page.drawImage(img, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scan-id-gen-')), `linn-${kind}.pdf`);
  fs.writeFileSync(out, await doc.save());
  return out;
}
if (onlyGenerated) files.length = 0;
files.push(await generated('png'), await generated('jpeg'));

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const built = new URL('../dist/index.js', import.meta.url);
const { createEngine } = (fs.existsSync(built) ? await import(built.href) : await import('../src/index.js')) as typeof import('../src/index.js');

type Seg = [string, number, string, string, number | null];
async function parse(file: string, mode: 'render' | 'image'): Promise<{ segs: Seg[]; cpu: number; status: string }> {
  if (mode === 'render') process.env.QUIRE_SCAN_IMAGE = 'render';
  else delete process.env.QUIRE_SCAN_IMAGE;
  const engine = createEngine({ workers: 1, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'scan-id-')) });
  const t = cpuMs();
  try {
    const job = await engine.parse(file, { page_range: `1-${pages}` } as never);
    const res = (await engine.waitForJob(job.job_id)) as { status: string; output?: { chunks?: Array<{ segments: Array<Record<string, unknown>> }> }; chunks?: Array<{ segments: Array<Record<string, unknown>> }> };
    const chunks = res.output?.chunks ?? res.chunks ?? [];
    const segs = chunks.flatMap((c) => c.segments.map((s): Seg => [String(s.segment_type), Number(s.page_number), String(s.content ?? ''), JSON.stringify(s.bbox), (s.confidence as number | null) ?? null]));
    return { segs, cpu: cpuMs() - t, status: res.status };
  } finally {
    await engine.close();
  }
}

let same = 0;
let differ = 0;
let cpuRender = 0;
let cpuImage = 0;
for (const file of files) {
  const f = path.basename(file);
  // Alternating order per file, so neither mode always runs first.
  const order = (same + differ) % 2 === 0 ? (['render', 'image'] as const) : (['image', 'render'] as const);
  const out: Partial<Record<'render' | 'image', Awaited<ReturnType<typeof parse>>>> = {};
  for (const m of order) out[m] = await parse(file, m);
  const a = out.render!;
  const b = out.image!;
  const equal = a.status === b.status && JSON.stringify(a.segs) === JSON.stringify(b.segs);
  if (equal) same++;
  else differ++;
  cpuRender += a.cpu;
  cpuImage += b.cpu;
  console.log(`${f.padEnd(34)} ${a.status.padEnd(9)} ${String(a.segs.length).padStart(4)} segs  ${equal ? 'same' : 'DIFFERENT'}  CPU render ${a.cpu.toFixed(0).padStart(6)} ms, own image ${b.cpu.toFixed(0).padStart(6)} ms`);
  if (!equal) {
    const i = a.segs.findIndex((s, k) => JSON.stringify(s) !== JSON.stringify(b.segs[k]));
    console.log(`   first difference at segment ${i}:\n   render ${JSON.stringify(a.segs[i])}\n   image  ${JSON.stringify(b.segs[i])}`);
  }
}
console.log(`\n${files.length} files (${files.length - 2} corpus, 2 generated), pages 1-${pages}: ${same} same, ${differ} different; CPU render ${(cpuRender / 1000).toFixed(1)} s, own image ${(cpuImage / 1000).toFixed(1)} s; load avg ${os.loadavg()[0]!.toFixed(2)}`);
