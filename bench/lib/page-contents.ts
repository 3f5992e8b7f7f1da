/**
 * What the per-page CPU benches (analyze-cold.ts, gutter-cpu.ts) share: their command line
 * (other builds, the corpus PDF, rounds, first page) and the pages' contents as this build's
 * text-layer extraction gives them, which each caches in its own form under bench/.cache/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusPath } from './corpus.js';

export interface PageBenchArgs {
  /** The value after `--name`, or `dflt`. */
  arg(name: string, dflt: string): string;
  /** This repository's root (its dist/ is the build measured as "head"). */
  root: string;
  /** The other builds named on the command line. */
  others: string[];
  /** The PDF, relative to the corpus. */
  rel: string;
  rounds: number;
  first: number;
}

export function pageBenchArgs(): PageBenchArgs {
  const argv = process.argv.slice(2);
  const arg = (name: string, dflt: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1]! : dflt);
  return {
    arg,
    root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
    others: argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--')).map((b) => path.resolve(b)),
    rel: arg('--file', 'long/pdf.js/test/pdfs/freeculture.pdf'),
    rounds: Number(arg('--rounds', '5')),
    first: Number(arg('--first', '2')), // freeculture's page 1 is an OCR'd cover
  };
}

/** Each page's content from `first` on, extracted by the build at `root` (its dist/). */
export async function extractPageContents(root: string, rel: string, first: number): Promise<unknown[]> {
  const imp = async (p: string) => (await import(pathToFileURL(path.join(root, 'dist', p)).href)) as Record<string, (...a: unknown[]) => unknown>;
  const { openPdf } = await imp('formats/pdf/open-document.js');
  const { extractPageContent } = await imp('formats/pdf/page-content.js');
  const doc = (await openPdf!(new Uint8Array(fs.readFileSync(corpusPath(rel))))) as { numPages: number; getPage(n: number): Promise<{ cleanup(): void }> };
  const pages: unknown[] = [];
  for (let n = first; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    pages.push(await extractPageContent!(page));
    page.cleanup();
  }
  return pages;
}
