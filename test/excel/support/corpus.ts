/**
 * Where the evaluation corpus lives: $QUIRE_CORPUS, else `../shared/corpus` next to the
 * repository. Suites that need it use `describe.skipIf(!corpusAvailable())`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const CORPUS_DIR = process.env.QUIRE_CORPUS ?? path.resolve(repoRoot, '..', 'shared', 'corpus');

export function corpusPath(...parts: string[]): string {
  return path.join(CORPUS_DIR, ...parts);
}

export function corpusAvailable(...parts: string[]): boolean {
  return existsSync(corpusPath('office', ...parts));
}

export function readCorpus(...parts: string[]): Uint8Array {
  return new Uint8Array(readFileSync(corpusPath(...parts)));
}

export const FIXTURES_DIR = path.join(repoRoot, 'test', 'fixtures', 'xlsx');

/** Small workbooks copied into the repository (licences in test/fixtures/NOTICE). */
export function readFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(FIXTURES_DIR, name)));
}
