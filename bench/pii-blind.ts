/**
 * PII on the blind set (issue 25 "Done means", PII line), through the product path:
 *   1. engine.detectPii(file, { pii_engine }) for `standard` and `advanced` on every document
 *      of bench/lib/pii-blind-set.ts (born-digital PDFs and page images that need OCR), scored
 *      per severity by bench/lib/pii-match.ts (rule in its header), false positives and misses
 *      listed;
 *   2. detection time per born-digital page after parsing (the shared detector on the parsed
 *      document, CPU and wall, after one warm-up; target ≤ 50 ms per page);
 *   3. blocking: engine.parse(file, { detect_pii, pii_block_severity }) fails exactly when
 *      detectPii reports a finding at or above the severity, and extraction
 *      (engine.submit('extract', …, { detect_pii })) refuses (PiiBlockedError at submission, or
 *      a job that ends failed with pii_blocked for images) exactly then.
 *
 *   npx tsx bench/pii-blind.ts [--seed 1] [--per-template 3] [--images 4] [--no-blocking] [--list 40]
 *
 * The set is generated under bench/.cache/pii-blind/seed-N (git-ignored) and reused.
 * BLIND figures (phase 1: seed 1, 3 documents per template + 4 page images = 28 documents,
 * 31 pages; labels high 91, medium 82, low 269, look-alikes 300), before any change to the
 * detector, `npx tsx bench/pii-blind.ts --seed 1`:
 *   standard  high P 0.988 R 0.901 · medium P 0.941 R 0.976 · low P 0.963 R 0.580
 *   advanced  high P 0.988 R 0.912 · medium P 0.952 R 0.976 · low P 0.976 R 0.907
 *   detection after parsing: standard 1.65 ms CPU/page, advanced 7.00 ms CPU/page (27 pages)
 *   blocking: parse 40/40 and extract 40/40 as detectPii's findings predict
 * High misses: Discover cards (644-649, 65), Amex grouped 4-6-5, one compact SSN (standard),
 * the MRZ of one page image; high FP: an MRZ with a wrong check digit. Medium FPs: part
 * numbers and an ISBN-10 read as phone numbers, digits joined across table cells. Two medium
 * misses are the generator's fault (French numbers "+33 4 0x…" are not valid numbers).
 *
 * Phase 2, each round measured on a seed nobody had looked at before its fixes were made:
 *   round 1 fixes (from seed 1) → seed 2 (28 documents; labels high 68, medium 88, low 252):
 *     standard  high P 1.000 R 0.926 · medium P 0.978 R 1.000 · low P 1.000 R 0.687
 *     advanced  high P 1.000 R 0.897 · medium P 0.978 R 1.000 · low P 0.988 R 0.956
 *   round 2 fixes (from seed 2) → seed 3, `--seed 3 --per-template 4 --images 6` (38 documents,
 *   42 pages; labels high 123, medium 133, low 393, look-alikes 466):
 *     standard  high P 1.000 R 0.837 · medium P 0.959 R 0.699 · low P 1.000 R 0.669
 *     advanced  high P 1.000 R 0.837 · medium P 0.959 R 0.699 · low P 0.997 R 0.939
 *     (misses: bare SSNs in a payroll table's SSN column; every phone in a table row after a
 *     date cell, dropped as "part of a longer digit run"; an OCR'd TD1 MRZ and IBAN)
 *     detection 1.76 / 6.43 ms CPU per page (standard / advanced); blocking 40/40, 40/40.
 *   Then one round per fresh seed (each `--per-template 4 --images 6`, 38 documents, 42 pages),
 *   standard | advanced, precision/recall:
 *     seed 4 (after round 3)  high .947/.969 | .947/.969  medium .981/.963 | .981/.963  low 1.000/.677 | 1.000/.960
 *     seed 5 (after round 4)  high 1.000/.989 | 1.000/.989  medium .956/.987 | .956/.987  low 1.000/.675 | .994/.929
 *     seed 6 (after round 5)  high .989/1.000 | 1.000/1.000  medium .987/.993 | .987/.993  low 1.000/.671 | .997/.953
 *     seed 7 (after round 6)  high .981/.990 | .990/.990  medium .992/.976 | .992/.984  low 1.000/.672 | 1.000/.942
 *   FINAL, seed 8, fixed after round 7 and not looked at before (labels high 155, medium 97,
 *   low 385, look-alikes 438), `npx tsx bench/pii-blind.ts --seed 8 --per-template 4 --images 6`:
 *     standard  high P 1.000 R 0.981 · medium P 0.979 R 0.979 · low P 1.000 R 0.673
 *     advanced  high P 1.000 R 0.981 · medium P 0.979 R 0.979 · low P 0.989 R 0.932
 *     detection after parsing 2.82 / 7.27 ms CPU per page (standard / advanced; target 50 ms)
 *     blocking: parse 40/40, extract 40/40 exactly as detectPii's findings predict
 *     seed 9 (after the OCR-merged-groups card fix)  high 1.000/.979 | 1.000/.979  medium .991/1.000 | .991/1.000  low 1.000/.665 | .995/.945
 *     seed 10 (after the MRZ OCR repairs)  high 1.000/.986 | 1.000/.986  medium .968/.989 | .968/.989  low 1.000/.681 | .994/.962
 *   FINAL CODE (after the MRZ filler 'c' fix), seed 11, never looked at before:
 *   `npx tsx bench/pii-blind.ts --seed 11 --per-template 4 --images 6` (38 documents, 42 pages;
 *   labels high 126, medium 105, low 363, look-alikes 444):
 *     standard  high P 1.000 R 0.968 · medium P 0.991 R 1.000 · low P 1.000 R 0.689
 *     advanced  high P 1.000 R 0.968 · medium P 0.991 R 1.000 · low P 1.000 R 0.956
 *     detection after parsing 1.32 / 5.69 ms CPU per page; blocking parse 40/40, extract 40/40
 *     (the 4 high misses are all on page images: an OCR'd MRZ, three IBANs in an 8-pt table)
 *   What is left: OCR'd MRZs whose document number OCR misreads (O/0), part numbers written
 *   exactly like US phone numbers in running text (medium FPs), UK "+44 76…" numbers the
 *   generator draws from an unallocated range (label errors), names in table cells for the
 *   standard engine (it finds names by labels and honorifics only: low recall ≈ 0.67).
 *   Caveat: each fresh seed is a new sample of the same templates, so context words the
 *   templates use recur; the rules added are general (formats, check digits, table shapes).
 */
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../src/index.js';
import { documentFromParseResult, type ParseResultLike } from '../src/model/document-from-segments.js';
import { detectPiiInDocument } from '../src/pipeline/pii/detect.js';
import { generateBlindSet, labelCounts, type BlindSet } from './lib/pii-blind-set.js';
import { readFinding, score, SEVERITIES, type Finding } from './lib/pii-match.js';

const args = process.argv.slice(2);
const arg = (name: string, def: string): string => { const i = args.indexOf(name); return i >= 0 ? args[i + 1]! : def; };
const seed = Number(arg('--seed', '1'));
const perTemplate = Number(arg('--per-template', '3'));
const images = Number(arg('--images', '4'));
const listMax = Number(arg('--list', '40'));
const engines = arg('--engines', 'standard,advanced').split(',');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '.cache/pii-blind');
const dir = path.join(root, `seed-${seed}`);

const RANK: Record<string, number> = { high: 3, medium: 2, low: 1 };
const THRESH: Record<string, number> = { high: 3, medium: 2, low: 1, any: 1 };

const set: BlindSet = await generateBlindSet(seed, dir, { perTemplate, images });
const counts = labelCounts(set);
const n = (s: string) => Object.values(counts[s] ?? {}).reduce((a, b) => a + b, 0);
console.log(`blind set seed ${seed}: ${set.docs.length} documents (${set.docs.filter((d) => d.type === 'png').length} page images), ${set.docs.reduce((a, d) => a + d.pages, 0)} pages; labels high ${n('high')}, medium ${n('medium')}, low ${n('low')}, look-alikes ${n('none')}`);
for (const s of ['high', 'medium', 'low', 'none']) console.log(`  ${s}: ${Object.entries(counts[s] ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')}`);

const engine = createEngine({ workers: 1 });
const findingsBy: Record<string, Finding[]> = {};
try {
  for (const pe of engines) {
    const all: Finding[] = [];
    for (const d of set.docs) {
      const res = await engine.detectPii(path.join(dir, d.file), { pii_engine: pe });
      for (const f of res.findings) all.push(readFinding(d.file, f as unknown as Record<string, unknown>));
    }
    findingsBy[pe] = all;
    if (all[0] && pe === engines[0]) console.log(`\nfinding shape: ${JSON.stringify(all[0])}`);
    report(pe, all);
  }
  await timing();
  if (!args.includes('--no-blocking')) await blocking();
} finally {
  await engine.close();
}

function report(pe: string, findings: Finding[]): void {
  const sc = score(set.labels, findings);
  console.log(`\n=== pii_engine ${pe}: ${findings.length} findings ===`);
  for (const s of SEVERITIES) {
    const p = sc.perSeverity[s];
    console.log(`  ${s.padEnd(6)} precision ${p.precision.toFixed(3)}  recall ${p.recall.toFixed(3)}  (labels ${p.labels}, matched ${p.matched}, false positives ${p.fp})`);
  }
  console.log(`  kind disagreements within a severity: ${sc.kindMismatches.length}; lower-severity findings on higher labels (not scored): ${sc.ignored}; masked values consistent with the label: ${sc.maskedChecked.consistent}/${sc.maskedChecked.total}`);
  for (const s of SEVERITIES) {
    const fps = sc.falsePositives.filter((x) => x.f.severity === s);
    if (fps.length) console.log(`  false positives ${s} (${fps.length}):`);
    for (const x of fps.slice(0, listMax)) console.log(`    ${x.f.doc} p${x.f.page} ${x.f.type} ${JSON.stringify(x.f.masked)} on ${x.on}`);
    const ms = sc.misses.filter((l) => l.severity === s);
    if (ms.length) console.log(`  misses ${s} (${ms.length}):`);
    for (const l of ms.slice(0, listMax)) console.log(`    ${l.doc} p${l.page} ${l.kind} ${JSON.stringify(l.value)}`);
  }
  for (const k of sc.kindMismatches.slice(0, 12)) console.log(`  kind: label ${k.label.kind} "${k.label.value.split('\n')[0]}" reported as ${k.type}`);
  fs.writeFileSync(path.join(root, `result-seed-${seed}-${pe}.json`), JSON.stringify({ perSeverity: sc.perSeverity, falsePositives: sc.falsePositives, misses: sc.misses }, null, 1));
}

async function timing(): Promise<void> {
  const pdfs = set.docs.filter((d) => d.type === 'pdf');
  const docs = [];
  for (const d of pdfs) {
    const job = await engine.parse(path.join(dir, d.file), {});
    const view = (await engine.waitForJob(job.job_id)) as unknown as ParseResultLike & { status: string };
    docs.push(documentFromParseResult(view));
  }
  const pages = docs.reduce((a, d) => a + d.pages.length, 0);
  console.log('');
  for (const pe of engines) {
    for (const d of docs) await detectPiiInDocument(d, pe as 'standard'); // warm-up (libraries load once)
    const runs = 3;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) for (const d of docs) await detectPiiInDocument(d, pe as 'standard');
    const wall = (performance.now() - t0) / runs / pages;
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1000 / runs / pages;
    console.log(`detection after parsing, ${pe}: ${pages} born-digital pages, ${cpu.toFixed(2)} ms CPU/page, ${wall.toFixed(2)} ms wall/page (target ≤ 50 ms)`);
  }
}


async function blocking(): Promise<void> {
  // One PDF of each template and two page images (OCR'd at parse time).
  const seen = new Set<string>();
  const docs = [...set.docs.filter((d) => d.type === 'pdf' && !seen.has(d.template) && seen.add(d.template)), ...set.docs.filter((d) => d.type === 'png').slice(0, 2)];
  const pe = 'standard';
  const schema_data = { type: 'object', properties: { title: { type: 'string', description: 'Document title' } }, required: ['title'], additionalProperties: false };
  let parseOk = 0, parseN = 0, exOk = 0, exN = 0, gtAgree = 0;
  const wrong: string[] = [];
  for (const d of docs) {
    const fs0 = (findingsBy[pe] ?? []).filter((f) => f.doc === d.file);
    const top = Math.max(0, ...fs0.map((f) => RANK[f.severity] ?? 0));
    const gtTop = Math.max(0, ...set.labels.filter((l) => l.doc === d.file).map((l) => RANK[l.severity] ?? 0));
    for (const sev of ['high', 'medium', 'low', 'any']) {
      const expected = top >= THRESH[sev]!;
      if ((gtTop >= THRESH[sev]!) === expected) gtAgree++;
      const job = await engine.parse(path.join(dir, d.file), { detect_pii: true, pii_block_severity: sev, pii_engine: pe });
      const v = await engine.waitForJob(job.job_id);
      const blocked = v.status === 'Failed' && /personal data|pii/i.test(String(v.message ?? ''));
      parseN++;
      if (blocked === expected) parseOk++;
      else wrong.push(`parse ${d.file} ${sev}: blocked ${blocked}, expected ${expected} (${v.status}: ${String(v.message ?? '').slice(0, 120)})`);
      let exBlocked = false;
      try {
        const ej = (await engine.submit('extract', path.join(dir, d.file), { schema_data, detect_pii: true, pii_block_severity: sev, pii_engine: pe })) as { job_id: string };
        const ev = (await engine.waitForJob(ej.job_id)) as { status: string; message?: string; error?: unknown };
        exBlocked = /failed/i.test(ev.status) && /personal data|pii/i.test(JSON.stringify([ev.message, ev.error]));
      } catch (e) {
        exBlocked = (e as { code?: string }).code === 'pii_blocked' || /pii_blocked/.test(String((e as Error).message));
        if (!exBlocked) wrong.push(`extract ${d.file} ${sev}: threw ${(e as Error).message}`);
      }
      exN++;
      if (exBlocked === expected) exOk++;
      else wrong.push(`extract ${d.file} ${sev}: blocked ${exBlocked}, expected ${expected}`);
    }
  }
  console.log(`\nblocking (${pe}, ${docs.length} documents × 4 severities): parse ${parseOk}/${parseN} as detectPii's findings predict; extract ${exOk}/${exN}; detectPii's top severity agrees with the labels' in ${gtAgree}/${parseN}`);
  for (const w of wrong.slice(0, 30)) console.log(`  ${w}`);
}
