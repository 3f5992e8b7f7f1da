/**
 * A designed page image (issue 29 item 0): white titles on coloured bands, body text below.
 * Every line comes back through parse, the reversed ones included, and nothing is empty.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words } from '../../bench/lib/text-metrics.js';
import { createEngine, type Engine } from '../../src/index.js';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1700" height="1000"><rect width="100%" height="100%" fill="white"/>
<rect x="0" y="100" width="1700" height="160" fill="#1f4e9c"/>
<text x="120" y="205" font-family="DejaVu Sans" font-size="64" fill="white">Annual Report of the Water Board</text>
<text x="120" y="400" font-family="DejaVu Serif" font-size="36">The board met eleven times during the year and approved</text>
<text x="120" y="460" font-family="DejaVu Serif" font-size="36">the new tariff, the repair plan and the budget for the works.</text>
<rect x="120" y="560" width="700" height="90" fill="#c0392b"/>
<text x="150" y="622" font-family="DejaVu Sans" font-size="44" fill="white">Key figures</text>
</svg>`;
const LINES = ['Annual Report of the Water Board', 'The board met eleven times during the year and approved', 'the new tariff, the repair plan and the budget for the works.', 'Key figures'];

describe('a designed page image', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('reads white text on coloured bands and the body text, through parse', async () => {
    const png = new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
    const r = await engine.waitForJob((await engine.parse({ data: png, fileName: 'designed.png' })).job_id);
    expect(r.status).toBe('Succeeded');
    const text = (r.chunks ?? []).flatMap((c) => (c.segments as unknown as Array<{ content: string }>).map((s) => s.content)).join('\n');
    const got = new Set(words(text));
    for (const line of LINES) for (const w of words(line)) expect(got.has(w), `${w} in ${text}`).toBe(true);
  });
});
