import { loadLayoutGt } from './lib/layout-gt.js';
import { pageImage } from './lib/layout-score.js';
import { createEngine } from '../src/index.js';
import fs from 'node:fs';
const e = createEngine({ workers: 1, taskTimeoutMs: 600_000 });
for (const gt of (await loadLayoutGt()).filter((p) => p.name.includes(process.argv[2]!))) {
  const bytes = await pageImage(gt);
  fs.writeFileSync(`/tmp/t29dbg/${gt.name.replace(/\//g, '_')}.png`, bytes);
  const r = await e.waitForJob((await e.parse({ data: new Uint8Array(bytes), fileName: 'p.png' })).job_id);
  const segs = (r.chunks ?? []).flatMap((c: any) => c.segments);
  console.log(gt.name, r.status, segs.length, JSON.stringify((r as any).metadata ?? {}).slice(0, 300));
  for (const s of segs.slice(0, 6)) console.log('  ', s.segment_type, s.confidence, JSON.stringify(s.content.slice(0, 50)));
}
await e.close();
