/**
 * Every DOC/PPT/DOCX/PPTX/HTML file of the office corpus through `engine.parse`: each must
 * end Succeeded or Failed with a clear message (never hang or crash). Prints one line per
 * file (status, pages, segment counts by kind, or the message) and a summary.
 *   npx tsx bench/office-corpus.ts [REGEX]    (LibreOffice used where installed; REGEX filters paths)
 *   QUIRE_SOFFICE=none npx tsx bench/office-corpus.ts
 * Not run by `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createEngine } from '../src/index.js';
import { corpusPath } from './lib/corpus.js';

const filter = new RegExp(process.argv[2] ?? '');
function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(docx?|pptx?|html?)$/i.test(e.name) && filter.test(p)) out.push(p);
  }
  return out;
}

const root = corpusPath('office');
const files = walk(root).sort();
const engine = createEngine({ workers: 2 });
const tally = new Map<string, number>();
try {
  for (const f of files) {
    const t0 = performance.now();
    const done = await engine.waitForJob((await engine.parse(f)).job_id, { timeoutMs: 300_000 });
    const ms = performance.now() - t0;
    tally.set(done.status, (tally.get(done.status) ?? 0) + 1);
    const rel = path.relative(root, f);
    if (done.status === 'Succeeded') {
      const segs = (done.chunks ?? []).flatMap((c) => c.segments as Array<{ segment_type: string }>);
      const n = (t: string) => segs.filter((s) => s.segment_type === t).length;
      console.log(`ok    ${rel}  pages=${done.page_count} segs=${segs.length} head=${n('Title') + n('SectionHeader')} list=${n('ListItem')} table=${n('Table')} pic=${n('Picture')} ${ms.toFixed(0)}ms`);
    } else console.log(`FAIL  ${rel}  ${done.message}  ${ms.toFixed(0)}ms`);
  }
} finally {
  await engine.close();
}
console.log(`\n${files.length} files: ${[...tally].map(([k, v]) => `${k} ${v}`).join(', ')}`);
