import { createEngine } from '../src/index.js';
import { quirePages, pdftotextPages } from '../bench/lib/fidelity.js';
const e = createEngine({ workers: 1 });
const f = process.argv[2]!; const page = Number(process.argv[3] ?? 1);
const ours = await quirePages(e, f);
console.log('--- QUIRE\n' + (ours.get(page) ?? '').slice(0, +(process.argv[4] ?? 1500)));
console.log('--- PDFTOTEXT\n' + pdftotextPages(f)[page - 1]!.slice(0, +(process.argv[4] ?? 1500)));
await e.close();
