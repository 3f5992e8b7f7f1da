/**
 * Word boundaries against pdftotext (issue 27: "words glued in some PDFs where the glyph gaps
 * say there is a space", and words split where they say there is none). On the first pages of
 * the corpus's born-digital PDFs (the list of bench/text-fidelity.ts), parse's text and
 * pdftotext's are cut into words (NFKC, lower case, letters and digits); then:
 *  - a *split*: two adjacent words of parse that are one word of pdftotext ("homep" "age"),
 *  - a *glue*: two adjacent words of pdftotext that are one word of parse ("aneconomist"),
 * each counted once per document, and only where the counts agree (parse has more of each
 * half and fewer of the whole than pdftotext, or the reverse). pdftotext is not always right
 * (it splits subscripts, "x1", and letter-spaced headings), so the totals are read with the
 * examples (`--verbose`), not as a score. Table and Picture segments are left out (a table's
 * cells are joined by tabs; a chart's labels are not running text).
 * Usage: npx tsx bench/word-boundaries.ts [--pages N] [--filter SUBSTR] [--verbose]
 */
import { execFileSync } from 'node:child_process';
import { createEngine } from '../src/index.js';
import { CORPUS, corpusPath } from './lib/corpus.js';
import { bornDigitalPdfs } from './lib/born-digital.js';

const args = process.argv.slice(2);
const pages = args.includes('--pages') ? Number(args[args.indexOf('--pages') + 1]) : 3;
const filter = args.includes('--filter') ? args[args.indexOf('--filter') + 1]! : '';
const verbose = args.includes('--verbose');

interface Seg { segment_type: string; content: string }

const tokens = (s: string) => s.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
function counts(ws: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const w of ws) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

/** Adjacent pairs of `a` that are one word of `b`, where the counts agree that `a` cut a word of `b`. */
function cutWords(a: readonly string[], b: readonly string[]): string[] {
  const ca = counts(a);
  const cb = counts(b);
  const n = (m: Map<string, number>, w: string) => m.get(w) ?? 0;
  const found = new Set<string>();
  for (let i = 0; i + 1 < a.length; i++) {
    const x = a[i]!, y = a[i + 1]!;
    const whole = x + y;
    if (n(cb, whole) > n(ca, whole) && n(ca, x) > n(cb, x) && n(ca, y) > n(cb, y)) found.add(`${x}|${y}`);
  }
  return [...found];
}

execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
const files = bornDigitalPdfs(700, filter);
console.log(`corpus ${CORPUS}: ${files.length} born-digital PDFs, pages 1-${pages}`);
const engine = createEngine();
let splits = 0, glues = 0, docs = 0;
for (const rel of files) {
  const file = corpusPath(rel);
  const res = await engine.waitForJob((await engine.parse(file, { page_range: `1-${pages}` })).job_id);
  if (res.status !== 'Succeeded') continue;
  let reference: string;
  try {
    reference = execFileSync('pdftotext', ['-f', '1', '-l', String(pages), file, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 28 });
  } catch {
    continue;
  }
  docs++;
  const segs = (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]).filter((s) => s.segment_type !== 'Table' && s.segment_type !== 'Picture');
  const ours = tokens(segs.map((s) => s.content).join('\n'));
  const theirs = tokens(reference.replace(/-\n/g, ''));
  const split = cutWords(ours, theirs);
  const glued = cutWords(theirs, ours);
  splits += split.length;
  glues += glued.length;
  if (verbose && split.length + glued.length > 0) {
    console.log(`${rel}\n  split: ${split.join('  ')}\n  glued: ${glued.join('  ')}`);
  }
}
await engine.close();
console.log(`\nover ${docs} documents: parse splits ${splits} pdftotext words, glues ${glues} pairs of them`);
