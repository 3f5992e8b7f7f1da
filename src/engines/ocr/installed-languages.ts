/**
 * Which OCR languages this installation can read, without the network: npm packages
 * `@tesseract.js-data/<lang>` next to `@tesseract.js-data/eng` (which ships), and
 * `<lang>.traineddata` files in the local tessdata folders. Parse reads every page in
 * English first and turns to the others only for a page English cannot read (another
 * script), so adding a language is installing its package: nothing to configure.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { localTessdataCandidates } from './tessdata.js';

const require = createRequire(import.meta.url);
/** Not languages: orientation/script detection and tesseract's equation data. */
const NOT_LANGUAGES = new Set(['osd', 'equ']);

let cached: string[] | undefined;

/** Installed language codes, sorted, `eng` included when present. */
export function installedLanguages(): string[] {
  if (cached) return cached;
  const found = new Set<string>();
  try {
    const scope = path.dirname(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')));
    for (const name of fs.readdirSync(scope)) {
      if (fs.existsSync(path.join(scope, name, '4.0.0_best_int', `${name}.traineddata.gz`))) found.add(name);
    }
  } catch {
    // No npm language data at all: local folders only.
  }
  for (const dir of localTessdataCandidates()) {
    let names: string[] = [];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const n of names) if (n.endsWith('.traineddata')) found.add(n.slice(0, -'.traineddata'.length));
  }
  cached = [...found].filter((l) => !NOT_LANGUAGES.has(l) && /^[a-z_]+$/i.test(l)).sort();
  return cached;
}
