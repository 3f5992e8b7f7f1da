/**
 * Parses the extraction benchmark's documents once and caches their v1 results:
 * `npx tsx bench/extract-cache.ts [--force]`. bench/extract.ts reads the cache.
 */
import fs from 'node:fs';
import { createEngine } from '../src/index.js';
import { CACHE_DIR, cachePath, loadExtractCases } from './lib/extract-cases.js';
import { EXTRACTION_PARSE_OPTIONS } from '../src/operations/extract/parse-options.js';

const force = process.argv.includes('--force');
fs.mkdirSync(CACHE_DIR, { recursive: true });
const engine = createEngine({ workers: 1 });
try {
  for (const c of loadExtractCases()) {
    const out = cachePath(c);
    if (!force && fs.existsSync(out)) continue;
    const t0 = Date.now();
    const job = await engine.parse(c.file, EXTRACTION_PARSE_OPTIONS);
    const res = await engine.waitForJob(job.job_id);
    fs.writeFileSync(out, JSON.stringify({ ...res, parse_ms: Date.now() - t0 }));
    console.log(`${c.set}/${c.name}: ${res.status} in ${Date.now() - t0} ms`);
  }
} finally {
  await engine.close();
}
