/**
 * Forms (issue 29 item 5): with advanced_layout_detection, a printed label and its field
 * become one KeyValuePair segment whose html keeps key and value apart. Forms drawn with
 * pdf-lib (bench/lib/forms-generator.ts): AcroForm text fields and checkboxes, numbered
 * lines with dot leaders, a printed form with fill-in lines and drawn squares. The default
 * layout (smart_layout_detection) makes no KeyValuePair.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { generateForm, type GeneratedForm } from '../../bench/lib/forms-generator.js';

interface Seg { segment_type: string; content: string; html: string; markdown: string; bbox: { left: number; top: number; width: number; height: number } }

const iou = (s: Seg['bbox'], b: [number, number, number, number]) => {
  const [l, t, r, bt] = [Math.max(s.left, b[0]), Math.max(s.top, b[1]), Math.min(s.left + s.width, b[2]), Math.min(s.top + s.height, b[3])];
  const i = Math.max(0, r - l) * Math.max(0, bt - t);
  return i / (s.width * s.height + (b[2] - b[0]) * (b[3] - b[1]) - i);
};

describe('form key-value pairs', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());
  const parse = async (data: Uint8Array, advanced = true): Promise<Seg[]> => {
    const r = await engine.waitForJob((await engine.parse({ data, fileName: 'form.pdf' }, advanced ? { segmentation_method: 'advanced_layout_detection' } : {})).job_id);
    expect(r.status).toBe('Succeeded');
    return (r.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
  };
  /** The KeyValuePair segment boxing a generated pair (IoU ≥ 0.5 with key ∪ value). */
  const segmentOf = (segs: Seg[], p: GeneratedForm['pairs'][number]) => {
    const u: [number, number, number, number] = [Math.min(p.keyBox[0], p.valueBox[0]), Math.min(p.keyBox[1], p.valueBox[1]), Math.max(p.keyBox[2], p.valueBox[2]), Math.max(p.keyBox[3], p.valueBox[3])];
    return segs.find((s) => s.segment_type === 'KeyValuePair' && iou(s.bbox, u) >= 0.5);
  };

  it('pairs AcroForm fields with their labels, key and value apart; line numbers stay; leaders go', async () => {
    const form = await generateForm('application', 5);
    const segs = await parse(form.bytes);
    for (const p of form.pairs) {
      const s = segmentOf(segs, p);
      expect(s, p.key).toBeDefined();
      const dl = /^<dl><dt>(.*)<\/dt><dd>(.*)<\/dd><\/dl>$/.exec(s!.html);
      expect(dl, s!.html).not.toBeNull();
      expect(dl![1]).toBe(p.key);
      if (p.kind === 'checkbox') {
        expect(dl![2]).toContain(p.value === 'checked' ? '☒' : '☐');
        expect(s!.markdown).toBe(`- [${p.value === 'checked' ? 'x' : ' '}] ${p.key}`);
      } else {
        expect(dl![2]).toBe(p.value);
      }
    }
    // "7a Wages, salaries and tips": the line number is in the key, not a segment alone.
    expect(segs.some((s) => s.segment_type === 'KeyValuePair' && s.html.startsWith('<dl><dt>7a Wages'))).toBe(true);
    expect(segs.filter((s) => /^\s*(7a|7b|8)\s*$/.test(s.content))).toEqual([]);
    // Dot leaders are not text anywhere.
    expect(segs.filter((s) => /\. \. \./.test(s.content))).toEqual([]);
  });

  it('reads a printed form: fill-in lines with typed values, drawn checkboxes', async () => {
    const form = await generateForm('printed', 7);
    const segs = await parse(form.bytes);
    for (const p of form.pairs) {
      const s = segmentOf(segs, p);
      expect(s, p.key).toBeDefined();
      expect(s!.html).toContain(`<dt>${p.key}</dt>`);
      if (p.kind === 'text') expect(s!.html).toContain(`<dd>${p.value}</dd>`);
      else expect(s!.html).toContain(p.value === 'checked' ? 'checked> ☒' : '> ☐');
    }
  });

  it('takes labels above empty fields and under signature lines', async () => {
    for (const [style, seed] of [['stacked', 6], ['under', 8]] as const) {
      const form = await generateForm(style, seed);
      const segs = await parse(form.bytes);
      for (const p of form.pairs) expect(segmentOf(segs, p)?.html, `${style}: ${p.key}`).toContain(`<dt>${p.key}</dt>`);
    }
  });

  it('makes no KeyValuePair under the default layout', async () => {
    const form = await generateForm('application', 9);
    const segs = await parse(form.bytes, false);
    expect(segs.length).toBeGreaterThan(0);
    expect(segs.filter((s) => s.segment_type === 'KeyValuePair')).toEqual([]);
  });
});
