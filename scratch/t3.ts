import fs from 'node:fs';
import { openPdf } from '../src/formats/pdf/open-document.js';
import { extractPageContent } from '../src/formats/pdf/page-content.js';
const doc = await openPdf(new Uint8Array(fs.readFileSync(process.argv[2])));
const pc = await extractPageContent(await doc.getPage(+process.argv[3] || 1));
console.log(pc.width, pc.height, pc.runs.length, 'rules', pc.rules.length, 'rects', pc.rects.length, 'imgs', pc.images, 'paths', pc.graphics.length);
console.log(pc.runs.slice(0, 6));
