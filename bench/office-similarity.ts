/**
 * Markdown similarity of Quire's DOCX/PPTX reading to docling's ground-truth `.md`
 * (office/docling corpus), per file: normalised text edit similarity
 * 1 - levenshtein(a, b) / max(|a|, |b|) after NFKC, whitespace collapsing and dropping
 * table rule lines (`| --- |` vs `|----|` is a style difference, not content).
 * Also counts headings, list items and tables recognised. Not run by `npm test`.
 *   npx tsx bench/office-similarity.ts [docx|pptx|doc|ppt]
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { loadOfficeDocument } from '../src/formats/office/load-office.js';
import { sofficeAvailable, sofficeConvert } from '../src/engines/soffice/soffice.js';
import { documentMarkdown } from '../src/render/markdown-pages.js';
import { markdownSimilarity as similarity } from './lib/markdown-similarity.js';

const corpus = process.env.QUIRE_CORPUS ?? path.resolve('../shared/corpus');
const root = path.join(corpus, 'office/docling/tests/data');

// Legacy doc/ppt go through LibreOffice first (skipped when it is not installed).
const kinds = process.argv[2] ? [process.argv[2]] : ['docx', 'pptx', ...(sofficeAvailable() ? ['doc', 'ppt'] : [])];
const scores: number[] = [];
for (const kind of kinds) {
  const dir = path.join(root, kind, 'sources');
  if (!existsSync(dir)) continue;
  for (const f of readdirSync(dir).sort()) {
    const gt = path.join(root, kind, 'groundtruth', `${f}.md`);
    if (!existsSync(gt)) continue;
    const t0 = performance.now();
    try {
      let bytes: Uint8Array = readFileSync(path.join(dir, f));
      if (kind === 'doc' || kind === 'ppt') bytes = await sofficeConvert(bytes, kind, `${kind}x`);
      const doc = loadOfficeDocument(bytes, f);
      const md = documentMarkdown(doc);
      const s = similarity(md, readFileSync(gt, 'utf8'));
      scores.push(s);
      const count = (t: string) => doc.items.filter((i) => i.type === t).length;
      console.log(`${s.toFixed(3)}  ${f.padEnd(45)} headings=${count('Title') + count('SectionHeader')} lists=${count('ListItem')} tables=${count('Table')} pictures=${count('Picture')} ${(performance.now() - t0).toFixed(0)}ms`);
    } catch (err) {
      scores.push(0);
      console.log(`FAIL   ${f}: ${(err as Error).message}`);
    }
  }
}
const mean = scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length);
const sorted = [...scores].sort((a, b) => a - b);
console.log(`files=${scores.length} mean=${mean.toFixed(3)} median=${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(3)} >=0.90: ${scores.filter((s) => s >= 0.9).length}`);
