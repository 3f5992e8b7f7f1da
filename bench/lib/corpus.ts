/** Locating the shared evaluation corpus (tests skip when it is absent). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const CORPUS = process.env.QUIRE_CORPUS ?? path.resolve(repoRoot, '../shared/corpus');
export const hasCorpus = fs.existsSync(path.join(CORPUS, 'MANIFEST.md'));

export function corpusPath(rel: string): string {
  return path.join(CORPUS, rel);
}

export interface PdfInfoRow {
  path: string;
  pages: number;
  encrypted: boolean;
  status: string;
}

/** poppler's reference table (REFERENCE_pdfinfo.tsv). */
export function pdfInfo(): PdfInfoRow[] {
  const text = fs.readFileSync(path.join(CORPUS, 'REFERENCE_pdfinfo.tsv'), 'utf8');
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .map(([p, _bytes, pages, enc, status]) => ({ path: p!, pages: Number(pages), encrypted: (enc ?? '').startsWith('yes'), status: status ?? '' }));
}
