/**
 * Extraction accuracy through the user's path: `quire extract FILE --schema_data @schema`
 * (the built CLI, a fresh process per document, default gamma tier) on the receipts of the
 * fixed split's eval part (bench/lib/extract-cases.ts), scored by the official SROIE exact
 * match after whitespace normalisation — the same rule as bench/extract.ts, which scores the
 * extraction function over cached parses instead. Then the part's invoice2data invoices with
 * bench/extract-schemas/invoice.json: scalar fields right and line-item F1, as bench/extract.ts.
 *   npm run build && npx tsx bench/extract-cli.ts [--part eval|dev|all]
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadExtractCases, partOf } from './lib/extract-cases.js';
import { f1, INVOICE_SCALARS, invoiceEqual, LINE_KEYS, lineItemCounts, sroieEqual, type PRF } from './lib/extract-metrics.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const i = process.argv.indexOf('--part');
const part = i > 0 ? process.argv[i + 1]! : 'eval';
const all = loadExtractCases();
const cases = all.filter((c) => c.set === 'sroie' && (part === 'all' || partOf(c, all) === part));
const cli = path.join(repoRoot, 'dist/cli/main.js');
const schema = path.join(repoRoot, 'bench/extract-schemas/receipt.json');
let right = 0, predicted = 0, expected = 0;
for (const c of cases) {
  const out = execFileSync(process.execPath, [cli, 'extract', c.file, '--schema_data', `@${schema}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });
  const job = JSON.parse(out) as { status: string; result?: Record<string, { value: unknown }> };
  const row: string[] = [];
  for (const [field, want] of Object.entries(c.expected)) {
    const got = job.result?.[field]?.value ?? null;
    expected++;
    if (got !== null && got !== '') predicted++;
    const ok = sroieEqual(got, want);
    if (ok) right++;
    row.push(`${field} ${ok ? 'ok' : `✗ (${JSON.stringify(got)} vs ${JSON.stringify(want)})`}`);
  }
  console.log(`${c.name} [${job.status}]: ${row.join('; ')}`);
}
const p = predicted ? right / predicted : 0, r = expected ? right / expected : 0;
console.log(`\n${part}: ${cases.length} receipts, ${right}/${expected} fields right; precision ${p.toFixed(3)}, recall ${r.toFixed(3)}, F1 ${(p + r ? (2 * p * r) / (p + r) : 0).toFixed(3)}`);

// invoice2data through the same CLI, scored as bench/extract.ts scores them.
const invoices = all.filter((c) => c.set === 'invoice2data' && (part === 'all' || partOf(c, all) === part));
const invoiceSchema = path.join(repoRoot, 'bench/extract-schemas/invoice.json');
let scalarsRight = 0, scalars = 0;
const items: PRF = { tp: 0, predicted: 0, expected: 0 };
for (const c of invoices) {
  const out = execFileSync(process.execPath, [cli, 'extract', c.file, '--schema_data', `@${invoiceSchema}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });
  const job = JSON.parse(out) as { status: string; result?: Record<string, { value: unknown }> };
  const row: string[] = [];
  for (const k of INVOICE_SCALARS) {
    if (!(k in c.expected)) continue;
    const got = job.result?.[k]?.value ?? null;
    const ok = invoiceEqual(k, got, c.expected[k]);
    scalars++;
    if (ok) scalarsRight++;
    row.push(`${k} ${ok ? 'ok' : `✗ (${JSON.stringify(got)} vs ${JSON.stringify(c.expected[k])})`}`);
  }
  const want = c.expected.lines as Record<string, unknown>[] | undefined;
  if (want) {
    const got = ((job.result?.lines?.value as Record<string, { value: unknown }>[] | null) ?? []).map((r) => Object.fromEntries(Object.entries(r).map(([k, f]) => [k, f.value])));
    const n = lineItemCounts(got, want, LINE_KEYS);
    items.tp += n.tp;
    items.predicted += n.predicted;
    items.expected += n.expected;
  }
  console.log(`${c.name} [${job.status}]: ${row.join('; ')}`);
}
if (invoices.length > 0) {
  console.log(`\n${part}: ${invoices.length} invoices, scalar fields right ${scalarsRight}/${scalars} (${((100 * scalarsRight) / Math.max(1, scalars)).toFixed(1)}%); line items F1 ${f1(items).f1.toFixed(3)}`);
}
