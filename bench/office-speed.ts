/**
 * Speed of office parsing without LibreOffice (QUIRE_SOFFICE=none): a generated 20-page
 * DOCX (headings, lists, a spanning table, 12 paragraphs a page), read by the DOCX reader
 * alone and parsed end to end by the engine (job, segments, chunks). Median of 7 runs after
 * a warm-up. Target: the parse within 1 s. Not run by `npm test`.
 *   npx tsx bench/office-speed.ts
 */
process.env.QUIRE_SOFFICE = 'none';
const { createEngine } = await import('../src/index.js');
const { loadDocx } = await import('../src/formats/docx/load-docx.js');
const { sampleDocx } = await import('./lib/sample-docx.js');

const bytes = await sampleDocx(18);
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pages = loadDocx(bytes, 'twenty.docx').pages.length;
const read: number[] = [];
for (let i = 0; i < 8; i++) {
  const t0 = performance.now();
  loadDocx(bytes, 'twenty.docx');
  if (i > 0) read.push(performance.now() - t0);
}
const engine = createEngine({ workers: 1 });
const parse: number[] = [];
try {
  for (let i = 0; i < 8; i++) {
    const t0 = performance.now();
    const done = await engine.waitForJob((await engine.parse({ data: bytes, fileName: 'twenty.docx' })).job_id);
    if (done.status !== 'Succeeded') throw new Error(done.message);
    if (i > 0) parse.push(performance.now() - t0);
  }
} finally {
  await engine.close();
}
console.log(`${pages}-page DOCX (${bytes.length} bytes): reader median ${median(read).toFixed(1)} ms; engine parse median ${median(parse).toFixed(1)} ms (max ${Math.max(...parse).toFixed(1)} ms)`);
