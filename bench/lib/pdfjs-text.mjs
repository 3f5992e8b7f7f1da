// Baseline: raw pdf.js getTextContent over every page, single thread (bench only).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
const require = createRequire(import.meta.url);
const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
const doc = await getDocument({
  data: new Uint8Array(fs.readFileSync(process.argv[2])),
  standardFontDataUrl: path.join(root, 'standard_fonts') + path.sep,
  cMapUrl: path.join(root, 'cmaps') + path.sep,
  isEvalSupported: false,
  disableFontFace: true,
  verbosity: 0,
}).promise;
let chars = 0;
for (let i = 1; i <= doc.numPages; i++) {
  const page = await doc.getPage(i);
  const tc = await page.getTextContent();
  for (const it of tc.items) chars += it.str?.length ?? 0;
  page.cleanup();
}
await doc.destroy();
process.stdout.write(`${chars}\n`);
