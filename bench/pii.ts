/**
 * PII detection quality and speed: `npx tsx bench/pii.ts`.
 * Quality: precision/recall per severity on the generated labelled set (test/pii/pii-dataset.ts),
 * both engines. Speed: detection time per page on parsed born-digital corpus PDFs (the parse is
 * cached under bench/.cache/pii/ and not timed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { piiDataset } from '../test/pii/pii-dataset.js';
import { scorePii } from '../test/pii/pii-eval.js';
import { detectPiiInDocument } from '../src/pipeline/pii/detect.js';
import { documentFromParseResult } from '../src/model/document-from-segments.js';
import { createEngine } from '../src/index.js';
import { corpusPath, hasCorpus } from './lib/corpus.js';

const docs = piiDataset(300, 25);
for (const engine of ['standard', 'advanced'] as const) {
  const scores = await scorePii(docs, engine);
  for (const [sev, s] of Object.entries(scores)) {
    console.log(`${engine.padEnd(8)} ${sev.padEnd(6)} precision ${s.precision.toFixed(3)} recall ${s.recall.toFixed(3)} (tp ${s.tp}, fp ${s.fp}, fn ${s.fn})`);
    for (const x of s.falsePositives.slice(0, 4)) console.log(`    FP ${x}`);
    for (const x of s.misses.slice(0, 4)) console.log(`    FN ${x}`);
  }
}

if (hasCorpus) {
  const files = ['robustness/pdf.js/test/pdfs/tracemonkey.pdf', 'tables/pdfplumber/tests/pdfs/federal-register-2020-17221.pdf'];
  const cacheDir = path.resolve('bench/.cache/pii');
  fs.mkdirSync(cacheDir, { recursive: true });
  const engine = createEngine({ workers: 2 });
  try {
    for (const rel of files) {
      const file = corpusPath(rel);
      if (!fs.existsSync(file)) continue;
      const cache = path.join(cacheDir, `${path.basename(rel)}.json`);
      if (!fs.existsSync(cache)) {
        const { job_id } = await engine.parse(file, {});
        const res = await engine.waitForJob(job_id, { timeoutMs: 600_000 });
        fs.writeFileSync(cache, JSON.stringify(res));
      }
      const doc = documentFromParseResult(JSON.parse(fs.readFileSync(cache, 'utf8')));
      for (const pe of ['standard', 'advanced'] as const) {
        await detectPiiInDocument(doc, pe); // warm-up (compromise loads once)
        // CPU time as well as wall time: on a loaded machine the wall time mostly measures the queue.
        const t = performance.now();
        const cpu0 = process.cpuUsage();
        const runs = 5;
        let n = 0;
        for (let i = 0; i < runs; i++) n = (await detectPiiInDocument(doc, pe)).length;
        const ms = (performance.now() - t) / runs;
        const c = process.cpuUsage(cpu0);
        const cpuMs = (c.user + c.system) / 1000 / runs;
        console.log(`${rel} ${pe}: ${doc.pages.length} pages, ${n} findings, wall ${(ms / doc.pages.length).toFixed(2)} ms/page, cpu ${(cpuMs / doc.pages.length).toFixed(2)} ms/page`);
      }
    }
  } finally {
    await engine.close();
  }
}
