/**
 * Parses the extraction benchmark's documents once and caches their v1 results:
 * `npx tsx bench/extract-cache.ts [--force]`; also the verification pass's second reading
 * (full OCR, high resolution). bench/extract.ts reads the cache.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createEngine } from '../src/index.js';
import { CACHE_DIR, cachePath, loadExtractCases } from './lib/extract-cases.js';
import { EXTRACTION_PARSE_OPTIONS, VERIFY_PARSE_OPTIONS } from '../src/operations/extract/parse-options.js';

const force = process.argv.includes('--force');
fs.mkdirSync(CACHE_DIR, { recursive: true });
const engine = createEngine({ workers: 1 });
try {
  for (const c of loadExtractCases()) {
    // The first reading, and the verification pass's second reading (delta, high_accuracy_mode).
    for (const [out, options] of [[cachePath(c), EXTRACTION_PARSE_OPTIONS], [cachePath(c, 'verify'), VERIFY_PARSE_OPTIONS]] as const) {
      if (!force && fs.existsSync(out)) continue;
      const t0 = Date.now();
      const job = await engine.parse(c.file, options);
      const res = await engine.waitForJob(job.job_id);
      fs.writeFileSync(out, JSON.stringify({ ...res, parse_ms: Date.now() - t0 }));
      console.log(`${path.basename(out)}: ${res.status} in ${Date.now() - t0} ms`);
    }
  }
} finally {
  await engine.close();
}
