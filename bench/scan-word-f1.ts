/**
 * Word F1 and glued words of `engine.parse` on the corpus's scans with ground-truth text,
 * for this build and any other builds named on the command line (issue 29: "the scanned
 * pages of the corpus with ground-truth text: word F1 unchanged or better, and no line
 * glued"). A test (test/ocr/ocr-spacing.test.ts) guards the glued words; whether F1 held
 * against an earlier build is a comparison, so it lives here.
 *
 * Each build is loaded from its `dist/index.js` (build it first); the text of a result is
 * its segments' content in order. Scans: the OCRmyPDF linn family (straight, skewed,
 * turned and skewed, the PNG) and docling's OCR test page, with full_ocr and the default
 * auto_ocr.
 *
 * Run: npm run build && npx tsx bench/scan-word-f1.ts [OTHER_BUILD_DIR ...]
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { countGluedWords } from './lib/glued-words.js';
import { bagOfWords, f1, words } from './lib/text-metrics.js';

const CORPUS = process.env.QUIRE_CORPUS ?? path.resolve('../shared/corpus');
if (!fs.existsSync(CORPUS)) {
  console.error('scan-word-f1: needs the corpus (QUIRE_CORPUS or ../shared/corpus)');
  process.exit(1);
}
const LINN_GT = 'ocr/OCRmyPDF/tests/resources/linn.txt';
const SCANS: Array<[string, string]> = [
  ['ocr/OCRmyPDF/tests/resources/linn.pdf', LINN_GT],
  ['ocr/OCRmyPDF/tests/resources/skew.pdf', LINN_GT],
  ['ocr/OCRmyPDF/tests/resources/rotated_skew.pdf', LINN_GT],
  ['ocr/OCRmyPDF/tests/resources/linn.png', LINN_GT],
  ['layout/docling/tests/data/ocr/sources/ocr_test.pdf', 'layout/docling/tests/data/ocr/groundtruth/tesseract/full_page/ocr_test.tesseract.full_page.md'],
];
const MODES = ['full_ocr', 'auto_ocr'];

interface Segmentish { content?: string }
interface Resultish { status: string; chunks?: Array<{ segments?: Segmentish[] }> }

function textOf(r: Resultish): string {
  return (r.chunks ?? []).flatMap((c) => c.segments ?? []).map((s) => s.content ?? '').join('\n');
}

async function measure(buildDir: string): Promise<Map<string, { f1: number; glued: number; tokens: number }>> {
  const mod = await import(pathToFileURL(path.join(buildDir, 'dist/index.js')).href);
  const engine = mod.createEngine({ workers: 1 });
  const out = new Map<string, { f1: number; glued: number; tokens: number }>();
  try {
    for (const [file, gt] of SCANS) {
      const reference = fs.readFileSync(path.join(CORPUS, gt), 'utf8');
      for (const ocr_mode of MODES) {
        const job = await engine.parse(path.join(CORPUS, file), { ocr_mode });
        const r: Resultish = await engine.waitForJob(job.job_id);
        const text = r.status === 'Succeeded' ? textOf(r) : '';
        const g = countGluedWords(text, reference);
        out.set(`${path.basename(file)} ${ocr_mode}`, { f1: f1(bagOfWords(words(text), words(reference))), glued: g.glued.length, tokens: g.tokens });
      }
    }
  } finally {
    await engine.close();
  }
  return out;
}

const builds = [path.resolve('.'), ...process.argv.slice(2).map((d) => path.resolve(d))];
const results: Array<Map<string, { f1: number; glued: number; tokens: number }>> = [];
for (const b of builds) results.push(await measure(b));
console.log(['scan mode', ...builds.map((b) => `F1/glued ${path.basename(b)}`)].join(' | '));
const sums = builds.map(() => 0);
for (const key of results[0]!.keys()) {
  console.log([key, ...results.map((r, i) => {
    const m = r.get(key)!;
    sums[i]! += m.f1;
    return `${m.f1.toFixed(3)} / ${m.glued}`;
  })].join(' | '));
}
console.log(['mean F1', ...sums.map((s) => (s / results[0]!.size).toFixed(3))].join(' | '));
