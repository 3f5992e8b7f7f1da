/**
 * The labelled corpus documents of classification/labels.csv (open rows), each parsed ONCE
 * into the neutral document and cached under bench/.cache/classify/ (git-ignored), so the
 * classifier can be iterated on without parsing again. Parse options match the classify
 * operation's reader (no crops; the first CLASSIFY_PAGE_CAP pages).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createEngine, type Engine } from '../../src/jobs/engine.js';
import { documentFromParseResult } from '../../src/model/document-from-segments.js';
import type { QuireDocument } from '../../src/model/quire-document.js';
import { CORPUS } from './corpus.js';

export const CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.cache/classify');

export interface LabelRow {
  path: string;
  docType: string;
  fineType: string;
}

export function openLabels(): LabelRow[] {
  const text = fs.readFileSync(path.join(CORPUS, 'classification/labels.csv'), 'utf8').replace(/\r/g, '');
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','))
    .filter((c) => c[c.length - 1] === 'open')
    .map((c) => ({ path: c[0]!, docType: c[1]!, fineType: c[2]! }));
}

function cacheFile(rel: string, pageRange: string): string {
  return path.join(CACHE_DIR, createHash('sha1').update(`${rel}#${pageRange}`).digest('hex').slice(0, 16) + '.json');
}

/** The document of a corpus file (cached); parses with `engine` when not cached. */
export async function corpusDocument(engine: () => Engine, rel: string, pageRange = '1-20'): Promise<QuireDocument> {
  const file = cacheFile(rel, pageRange);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as QuireDocument;
  const e = engine();
  const job = await e.parse(path.join(CORPUS, rel), { page_range: pageRange, response_profile: 'custom', output_fields: { image: false } });
  const res = await e.waitForJob(job.job_id);
  if (res.status !== 'Succeeded') throw new Error(`${rel}: ${res.message}`);
  const doc = documentFromParseResult({ chunks: (res as any).chunks ?? (res as any).result?.chunks, file_name: path.basename(rel) });
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(doc));
  return doc;
}

/** Lazily created engine shared by one bench run. */
export function lazyEngine(workers = 1): { get: () => Engine; close: () => Promise<void> } {
  let e: Engine | undefined;
  return { get: () => (e ??= createEngine({ workers })), close: async () => e?.close() };
}
