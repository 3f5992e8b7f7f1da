/**
 * Redaction over the corpus: `npx tsx bench/redaction.ts [--pages 2] [--per-page 3] [--files N]`
 * (--files: the first N of the list only; --only S: the files whose path contains S; --pdfium: PDFium's
 * redaction only, no surgery, as before the surgery existed; --others N: instead of the list,
 * N other corpus PDFs under 3 MB, evenly spaced in path order; --verbose: details on passing
 * files too). Each line says
 * which way the edit went: content-stream surgery, or PDFium's redaction (and why). Totals include input and output bytes.
 * For each PDF of bench/redaction-corpus.txt (one per producer found in the corpus, plus every
 * rotated-page, Type 3 and OCR-text-layer file; chosen by that rule, not by results), boxes
 * are drawn around words `pdftotext -bbox` finds, the PDF is edited (replacement "QZ<n>"), and
 * poppler checks the result (test/edit/redaction-harness.ts). The edit is the library's whole path
 * (edit-pdf.ts: surgery, re-read leak check, page guard); a PDF whose edit is refused by those
 * checks is counted as REFUSED. Prints one line per PDF and totals.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { editPdf } from '../src/formats/pdf/edit/edit-pdf.js';
import { checkRedaction, chooseTargets, popplerWords, writeTemp } from '../test/edit/redaction-harness.js';
import { corpusPath } from './lib/corpus.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const maxPages = opt('--pages', 2);
const perPage = opt('--per-page', 3);
/** --others N: N PDFs (< 3 MB) of the corpus NOT in the list, evenly spaced in path order: files nobody chose. */
function others(n: number, listed: string[]): string[] {
  const all: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(corpusPath(dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else if (/\.pdf$/i.test(e.name) && statSync(corpusPath(rel)).size < 3 << 20 && !listed.includes(rel)) all.push(rel);
    }
  };
  walk('');
  all.sort();
  return Array.from({ length: Math.min(n, all.length) }, (_, k) => all[Math.floor(((k + 0.5) * all.length) / Math.min(n, all.length))]);
}
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : '';
const listed = readFileSync(new URL('./redaction-corpus.txt', import.meta.url), 'utf8').split('\n').filter(Boolean);
const list = (args.includes('--others') ? others(opt('--others', 50), listed) : listed).filter((f) => !only || f.includes(only)).slice(0, opt('--files', Infinity));
const totals = { files: 0, passed: 0, surgery: 0, refused: 0, passedButRaster01pct: 0, boxes: 0, leaked: 0, missing: 0, outside: 0, changed: 0, diffPx: 0, px: 0, errors: 0, inBytes: 0, outBytes: 0 };
for (const rel of list) {
  const file = corpusPath(rel);
  try {
    const { words, pages } = popplerWords(file, maxPages);
    const n = Math.min(maxPages, pages.length);
    const targets = chooseTargets(words, n, perPage);
    if (targets.length === 0) {
      console.log(`SKIP ${rel}: no word to box`);
      continue;
    }
    const rep = (i: number) => `QZ${i}`;
    const t0 = performance.now();
    let out: { bytes: Uint8Array; path: string; fallbackReason?: string };
    try {
      out = await editPdf({ data: readFileSync(file), edits: targets.map((t, i) => ({ kind: 'text' as const, pageNumber: t.box.page, box: t.box, text: rep(i) })), method: args.includes('--pdfium') ? 'pdfium' : 'auto' });
    } catch (err) {
      // Refused by the edit's own checks: no damaged PDF was returned.
      totals.files++;
      totals.refused++;
      console.log(`REFUSED ${rel}: ${(err as Error).message}`);
      continue;
    }
    const ms = performance.now() - t0;
    totals.inBytes += readFileSync(file).length;
    totals.outBytes += out.bytes.length;
    const c = checkRedaction(file, writeTemp(out.bytes, 'edited.pdf'), n, targets, rep);
    const ok = c.leaked.length === 0 && c.missingReplacement === 0 && c.changedOutside.length === 0 && c.rasterDiffPixels <= 1e-4 * c.rasterPixels;
    totals.files++;
    totals.passed += ok ? 1 : 0;
    totals.surgery += out.path === 'surgery' ? 1 : 0;
    // Text checks all pass and the raster differs on at most 0.1 % of the pixels.
    if (!ok && c.leaked.length === 0 && c.missingReplacement === 0 && c.changedOutside.length === 0 && c.rasterDiffPixels <= 1e-3 * c.rasterPixels) totals.passedButRaster01pct++;
    totals.boxes += c.targets;
    totals.leaked += c.leaked.length;
    totals.missing += c.missingReplacement;
    totals.outside += c.outsideWords;
    totals.changed += c.changedOutside.length;
    totals.diffPx += c.rasterDiffPixels;
    totals.px += c.rasterPixels;
    console.log(
      `${ok ? 'PASS' : 'FAIL'} ${rel} path=${out.path === 'surgery' ? 'surgery' : `pdfium(${out.fallbackReason})`} ${ms.toFixed(0)} ms ${(readFileSync(file).length / 1024).toFixed(0)}→${(out.bytes.length / 1024).toFixed(0)} KB boxes=${c.targets} leaked=${c.leaked.length} missing_replacement=${c.missingReplacement} outside_changed=${c.changedOutside.length}/${c.outsideWords} raster_diff=${c.rasterDiffPixels}/${c.rasterPixels}` +
        (ok && !args.includes('--verbose') ? '' : ` ${JSON.stringify({ leaked: c.leaked.slice(0, 3), changed: c.changedOutside.slice(0, 3), at: c.rasterDiffAt.slice(0, 3) })}`),
    );
  } catch (err) {
    totals.errors++;
    console.log(`ERROR ${rel}: ${(err as Error).message}`);
  }
}
console.log(JSON.stringify(totals));
