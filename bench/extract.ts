/**
 * Extraction benchmark (issue 23): `npx tsx bench/extract.ts [--tier gamma|all] [--verbose]`.
 * `--part dev|eval|all` (default all): the fixed development / evaluation split of
 * bench/lib/extract-cases.ts (develop on dev, report eval).
 * Reads the parse cache written by bench/extract-cache.ts (run it first), extracts with the
 * schemas of bench/extract-schemas/ (field names and a one-line description each: what a user
 * writes; no per-document rule), and prints:
 * - SROIE open receipts: field P/R/F1 by the task-3 exact match after whitespace normalisation;
 * - invoice2data: share of expected scalar fields right, line items F1 (one-to-one matching);
 * - citations: share of non-null values whose cited box holds the value's words;
 * - reliability: score band → share correct (scalar fields with ground truth);
 * - review raised where a required field is missing; extraction time per document and field.
 */
import fs from 'node:fs';
import path from 'node:path';
import { documentFromParseResult } from '../src/model/document-from-segments.js';
import { extractFromDocument } from '../src/pipeline/extract/extract-document.js';
import { tokenizeDocument } from '../src/pipeline/extract/tokens.js';
import { needsReview, renderResult, type FieldA } from '../src/operations/extract/result.js';
import { MODELS, type ModelTier } from '../src/operations/extract/options.js';
import { rereadsLines, TIER_STRATEGY, verifies } from '../src/operations/extract/tiers.js';
import { canReread, rereadLinesAndExtract } from '../src/operations/extract/line-reread.js';
import { rereadWordsAndExtract } from '../src/operations/extract/word-reread.js';
import { rereadLines } from '../src/pipeline/ocr/reread-lines.js';
import { terminateOcrEngines } from '../src/engines/ocr/factory.js';
import { sniff } from '../src/input/sniff.js';
import { reextractUncertain } from '../src/operations/extract/run.js';
import { parseExtractionSchema } from '../src/operations/extract/schema.js';
import { cachePath, loadExtractCases, partOf, SPLIT_SEED, type Part } from './lib/extract-cases.js';
import { band, citationHolds, f1, INVOICE_SCALARS, invoiceEqual, LINE_KEYS, lineItemCounts, sroieEqual, type PRF } from './lib/extract-metrics.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
// --no-reread: without the line re-read of scanned images (for the comparison in the README).
const noReread = args.includes('--no-reread');
// --no-word-reread: the line re-read without the word re-read that follows it.
const noWordReread = args.includes('--no-word-reread');
const tierArg = args[args.indexOf('--tier') + 1];
const tiers: ModelTier[] = args.includes('--tier') ? (tierArg === 'all' ? [...MODELS] : [tierArg as ModelTier]) : ['gamma'];
const schemaDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'extract-schemas');
const receipt = parseExtractionSchema(fs.readFileSync(path.join(schemaDir, 'receipt.json'), 'utf8'));
const invoice = parseExtractionSchema(fs.readFileSync(path.join(schemaDir, 'invoice.json'), 'utf8'));
const SCALARS = INVOICE_SCALARS;
const pct = (v: number) => `${(100 * v).toFixed(1)}%`;

const partArg = args.includes('--part') ? (args[args.indexOf('--part') + 1] as Part | 'all') : 'all';
const allCases = loadExtractCases();
const cases = allCases.filter((c) => fs.existsSync(cachePath(c)) && (partArg === 'all' || partOf(c, allCases) === partArg));
console.log(`split (seed ${SPLIT_SEED}): ${['dev', 'eval'].map((p) => `${p} = ${allCases.filter((c) => partOf(c, allCases) === p).map((c) => `${c.set}/${c.name}`).join(' ')}`).join('; ')}`);
console.log(`reading part: ${partArg}`);
if (cases.length === 0) {
  console.error('extract bench: no cached parses; run `npx tsx bench/extract-cache.ts` first (needs the corpus)');
  process.exit(1);
}

for (const tier of tiers) {
  const sroie: PRF = { tp: 0, predicted: 0, expected: 0 };
  let sroieCaseless = 0;
  const perField = new Map<string, { right: number; total: number }>();
  let i2dRight = 0;
  let i2dTotal = 0;
  const lines: PRF = { tp: 0, predicted: 0, expected: 0 };
  let cited = 0;
  let citable = 0;
  const bands = new Map<string, { right: number; total: number }>();
  let reviewWhenMissing = 0;
  let missingDocs = 0;
  const times: number[] = [];
  // CPU of this process (tesseract.js threads of the re-reads included), parse excluded.
  const cpuTimes: { set: string; ms: number }[] = [];
  const parseTimes: { set: string; ms: number }[] = [];
  let fieldCount = 0;
  for (const c of cases) {
    const parsed = JSON.parse(fs.readFileSync(cachePath(c), 'utf8'));
    parseTimes.push({ set: c.set, ms: parsed.parse_ms });
    const schema = c.set === 'sroie' ? receipt : invoice;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    let doc = tokenizeDocument(documentFromParseResult(parsed));
    const firstDoc = doc;
    const outcomes = extractFromDocument(doc, schema, TIER_STRATEGY[tier]);
    if (rereadsLines(tier) && !noReread) {
      const bytes = new Uint8Array(fs.readFileSync(c.file));
      if (canReread({ type: sniff(bytes) })) {
        const r = await rereadLinesAndExtract(doc, schema, outcomes, TIER_STRATEGY[tier], (page, lines) => rereadLines({ data: bytes, kind: sniff(bytes) === 'pdf' ? 'pdf' : 'image', page, lines }));
        if (r) doc = r.doc;
        if (!noWordReread) {
          const w = await rereadWordsAndExtract([doc, firstDoc], schema, outcomes, TIER_STRATEGY[tier], (page, lines, enlarge) => rereadLines({ data: bytes, kind: sniff(bytes) === 'pdf' ? 'pdf' : 'image', page, lines, enlarge }));
          if (w) doc = w.doc;
        }
      }
    }
    if (verifies(tier, false) && fs.existsSync(cachePath(c, 'verify'))) {
      const second = JSON.parse(fs.readFileSync(cachePath(c, 'verify'), 'utf8'));
      const textLayer = documentFromParseResult(parsed).pages.some((p) => p.textSource === 'text-layer');
      reextractUncertain(outcomes, tokenizeDocument(documentFromParseResult(second)), schema, tier, textLayer);
    }
    const result = renderResult(outcomes, doc, tier, true);
    times.push(performance.now() - t0);
    const cu = process.cpuUsage(c0);
    cpuTimes.push({ set: c.set, ms: (cu.user + cu.system) / 1000 });
    fieldCount += Object.keys(schema.properties!).length;
    const review = needsReview(result, schema);
    const missing = (schema.required ?? []).some((k) => result[k]!.value === null);
    if (missing) {
      missingDocs++;
      if (review) reviewWhenMissing++;
    }
    const judge = (key: string, got: FieldA, want: unknown, right: boolean) => {
      const f = perField.get(`${c.set}.${key}`) ?? { right: 0, total: 0 };
      f.total++;
      if (right) f.right++;
      perField.set(`${c.set}.${key}`, f);
      if (got.value !== null) {
        const b = bands.get(band(got.score.extraction_score ?? 0)) ?? { right: 0, total: 0 };
        b.total++;
        if (right) b.right++;
        bands.set(band(got.score.extraction_score ?? 0), b);
      }
      if (verbose && !right) console.log(`  ${c.set}/${c.name} ${key}: got ${JSON.stringify(got.value)} (${got.score.extraction_score}) want ${JSON.stringify(want)}`);
    };
    const checkCitations = (fields: Record<string, FieldA>) => {
      for (const [k, f] of Object.entries(fields)) {
        if (f.value === null) continue;
        if (Array.isArray(f.value)) {
          for (const row of f.value as Record<string, FieldA>[]) checkCitations(row);
          continue;
        }
        citable++;
        if (citationHolds(f.value, f.citation ?? null, doc) || citationHolds(f.value, f.citation ?? null, firstDoc)) cited++;
        else if (verbose) console.log(`  ${c.set}/${c.name} ${k}: citation ${JSON.stringify(f.citation)} does not hold ${JSON.stringify(f.value)}`);
      }
    };
    checkCitations(result as Record<string, FieldA>);
    if (c.set === 'sroie') {
      for (const [k, want] of Object.entries(c.expected)) {
        const got = result[k] as FieldA;
        const right = sroieEqual(got.value, want);
        sroie.expected++;
        if (got.value !== null) sroie.predicted++;
        if (right) sroie.tp++;
        if (got.value !== null && String(got.value).replace(/\s+/g, ' ').trim().toUpperCase() === String(want).replace(/\s+/g, ' ').trim().toUpperCase()) sroieCaseless++;
        judge(k, got, want, right);
      }
    } else {
      for (const k of SCALARS) {
        if (!(k in c.expected)) continue;
        const got = result[k] as FieldA;
        const right = invoiceEqual(k, got.value, c.expected[k]);
        i2dTotal++;
        if (right) i2dRight++;
        judge(k, got, c.expected[k], right);
      }
      const want = c.expected.lines as Record<string, unknown>[] | undefined;
      if (want) {
        const got = ((result.lines as FieldA).value as Record<string, FieldA>[] | null) ?? [];
        const flat = got.map((r) => Object.fromEntries(Object.entries(r).map(([k, f]) => [k, f.value])));
        const n = lineItemCounts(flat, want, LINE_KEYS);
        lines.tp += n.tp;
        lines.predicted += n.predicted;
        lines.expected += n.expected;
        if (verbose) console.log(`  ${c.name} lines: ${JSON.stringify(flat)}`);
      }
    }
  }
  const s = f1(sroie);
  const l = f1(lines);
  console.log(`\n== tier ${tier} (${cases.length} open documents, part ${partArg}) ==`);
  console.log(`SROIE fields: P ${pct(s.precision)} R ${pct(s.recall)} F1 ${s.f1.toFixed(3)} (${sroie.tp}/${sroie.expected})`);
  const sc = f1({ ...sroie, tp: sroieCaseless });
  console.log(`SROIE fields, case-insensitive (for information): F1 ${sc.f1.toFixed(3)} (${sroieCaseless}/${sroie.expected})`);
  console.log(`invoice2data scalar fields right: ${pct(i2dRight / Math.max(1, i2dTotal))} (${i2dRight}/${i2dTotal})`);
  console.log(`invoice2data line items (docs with \`lines\` GT): P ${pct(l.precision)} R ${pct(l.recall)} F1 ${l.f1.toFixed(3)}`);
  console.log(`citations holding the value's words: ${pct(cited / Math.max(1, citable))} (${cited}/${citable})`);
  console.log(`review raised where a required field is missing: ${reviewWhenMissing}/${missingDocs}`);
  console.log('per field:', [...perField.entries()].map(([k, v]) => `${k} ${v.right}/${v.total}`).join(', '));
  console.log('reliability (extraction_score band → share correct):');
  for (const b of ['0.9-1.0', '0.8-0.9', '0.7-0.8', '0.6-0.7', '<0.6']) {
    const v = bands.get(b);
    console.log(`  ${b.padEnd(8)} ${v ? `${pct(v.right / v.total)} (${v.right}/${v.total})` : '-'}`);
  }
  const med = (v: number[]) => v.slice().sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
  console.log(`extraction time (parse excluded): median ${med(times).toFixed(1)} ms/document, ${(times.reduce((a, b) => a + b, 0) / fieldCount).toFixed(2)} ms/field`);
  for (const set of ['sroie', 'invoice2data']) console.log(`extraction CPU ${set} (parse excluded): median ${med(cpuTimes.filter((p) => p.set === set).map((p) => p.ms)).toFixed(0)} ms/document, total ${cpuTimes.filter((p) => p.set === set).reduce((a, p) => a + p.ms, 0).toFixed(0)} ms`);
  for (const set of ['sroie', 'invoice2data']) console.log(`cached parse time ${set}: median ${med(parseTimes.filter((p) => p.set === set).map((p) => p.ms))} ms`);
}
await terminateOcrEngines();
