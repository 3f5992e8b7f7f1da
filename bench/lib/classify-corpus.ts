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
import { getOperation, registerOperation } from '../../src/operations/registry.js';
import type { QuireDocument } from '../../src/model/quire-document.js';
import { CORPUS } from './corpus.js';

export const CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.cache/classify-v2');

/**
 * A bench-only operation whose result is the job's neutral document, read exactly as the
 * classify and split operations read it (ctx.parseDocument, no crops).
 */
export function registerDocumentOperation(): void {
  if (getOperation('bench_document')) return;
  registerOperation({
    name: 'bench_document',
    description: 'bench: the neutral document of the input',
    genericType: 'bench',
    family: 'bench',
    validate: (raw) => ({ page_range: typeof raw.page_range === 'string' ? raw.page_range : null }),
    publicConfig: (o) => o,
    run: (ctx) => ctx.parseDocument({ output_fields: '{"image":false}', ...(ctx.options.page_range ? { page_range: ctx.options.page_range } : {}) }),
    views: {
      created: (job) => ({ job_id: job.id }),
      status: (job) => ({ state: job.state, message: job.message, document: job.result }),
      succeeded: (v: any) => v.state === 'succeeded',
      failure: (v: any) => v.message,
    },
  });
}

/** The neutral document of a file through a (warm) engine. */
export async function readCorpusDocument(engine: Engine, file: string, pageRange: string | null): Promise<QuireDocument> {
  registerDocumentOperation();
  const job = await engine.submit<{ job_id: string }>('bench_document', file, pageRange ? { page_range: pageRange } : {});
  const res = await engine.wait<{ state: string; message: string | null; document: QuireDocument }>(job.job_id);
  if (res.state !== 'succeeded') throw new Error(`${file}: ${res.message}`);
  return res.document;
}

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
  const doc = await readCorpusDocument(engine(), path.join(CORPUS, rel), pageRange);
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(doc));
  return doc;
}

/** Lazily created engine shared by one bench run. */
export function lazyEngine(workers = 1): { get: () => Engine; close: () => Promise<void> } {
  let e: Engine | undefined;
  return { get: () => (e ??= createEngine({ workers, taskTimeoutMs: 300_000 })), close: async () => e?.close() };
}
