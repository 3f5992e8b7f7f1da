import { createEngine } from '../src/index.js';
const e = createEngine({ workers: 1 });
const c = await e.parse(process.argv[2]!, JSON.parse(process.argv[3] ?? '{}'));
const r = await e.waitForJob(c.job_id);
for (const ch of r.chunks ?? []) for (const s of ch.segments as any[]) if (!process.argv[4] || s.page_number === +process.argv[4]) console.log(s.page_number, s.segment_type, JSON.stringify(s.bbox), JSON.stringify(s.content.slice(0, 80)));
await e.close();
