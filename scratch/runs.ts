import fs from 'node:fs';
import { openPdf } from '../src/formats/pdf/open-document.js';
import { extractPageContent } from '../src/formats/pdf/page-content.js';
const doc = await openPdf(new Uint8Array(fs.readFileSync(process.argv[2]!)));
const pc = await extractPageContent(await doc.getPage(+process.argv[3]! || 1));
const pat = process.argv[4] ? new RegExp(process.argv[4]) : null;
for (const r of pc.runs.filter(r => !pat || pat.test(r.text)).slice(0, 30)) console.log(JSON.stringify(r.text), r.bbox.left.toFixed(1), r.bbox.top.toFixed(1), r.bbox.width.toFixed(1), r.bbox.height.toFixed(1), r.fontSize.toFixed(1), r.fontName);
