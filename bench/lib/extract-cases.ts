/**
 * The extraction benchmark's cases (open split only) and their parse cache: each document is
 * parsed ONCE with the default parse options and its v1 result kept under bench/.cache/extract
 * (git-ignored), so the extractor can be iterated on without re-running OCR on a shared machine.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS, hasCorpus } from './corpus.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CACHE_DIR = path.join(repoRoot, 'bench/.cache/extract');

export interface ExtractCase {
  set: 'sroie' | 'invoice2data';
  name: string;
  file: string;
  expected: Record<string, unknown>;
}

function openRows(): Set<string> {
  const rows = fs.readFileSync(path.join(CORPUS, 'SPLIT.tsv'), 'utf8').trim().split('\n');
  return new Set(rows.map((l) => l.split('\t')).filter((c) => c[1] === 'open').map((c) => c[0]!));
}

export function loadExtractCases(): ExtractCase[] {
  if (!hasCorpus) return [];
  const open = openRows();
  const out: ExtractCase[] = [];
  const sroie = 'invoices/ICDAR-2019-SROIE/data';
  for (const f of fs.readdirSync(path.join(CORPUS, sroie, 'img')).sort()) {
    const id = f.replace(/\.jpg$/, '');
    const rel = `${sroie}/img/${f}`;
    if (!open.has(rel)) continue;
    const expected = JSON.parse(fs.readFileSync(path.join(CORPUS, sroie, 'key', `${id}.json`), 'utf8'));
    out.push({ set: 'sroie', name: id, file: path.join(CORPUS, rel), expected });
  }
  const i2d = 'invoices/invoice2data/tests/compare';
  for (const f of fs.readdirSync(path.join(CORPUS, i2d)).sort()) {
    if (!f.endsWith('.pdf')) continue;
    const rel = `${i2d}/${f}`;
    if (!open.has(rel)) continue;
    const exp = JSON.parse(fs.readFileSync(path.join(CORPUS, i2d, f.replace(/\.pdf$/, '.json')), 'utf8'));
    out.push({ set: 'invoice2data', name: f.replace(/\.pdf$/, ''), file: path.join(CORPUS, rel), expected: Array.isArray(exp) ? exp[0] : exp });
  }
  return out;
}

export function cachePath(c: ExtractCase, reading: 'first' | 'verify' = 'first'): string {
  return path.join(CACHE_DIR, `${c.set}-${c.name}${reading === 'verify' ? '.verify' : ''}.json`);
}

/**
 * A fixed development / evaluation split of the open cases (issue 23's honesty rule: rules are
 * developed on `dev` only and `eval` is read for the report). Each set is ordered by
 * sha256(SPLIT_SEED + set/name) and its first half (rounded up) is `dev`; the seed is fixed, so
 * the split is the same on every machine and does not depend on results.
 */
export const SPLIT_SEED = 'quire-extract-split-2026-11-25';
export type Part = 'dev' | 'eval';

export function partOf(c: ExtractCase, all: ExtractCase[]): Part {
  const key = (x: ExtractCase) => createHash('sha256').update(`${SPLIT_SEED}:${x.set}/${x.name}`).digest('hex');
  const same = all.filter((x) => x.set === c.set).sort((a, b) => (key(a) < key(b) ? -1 : 1));
  return same.indexOf(c) < Math.ceil(same.length / 2) ? 'dev' : 'eval';
}
