/**
 * A user-supplied YOLO-format layout model, built here: the manifest is validated, class
 * names are mapped (DocLayNet-style lowercase names), the letterbox geometry maps boxes
 * back to the raster, both output layouts ([1, 4+C, N] and [1, N, 4+C]) decode, and NMS
 * keeps the best of overlapping boxes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../src/engines/layout/manifest.js';
import { OnnxLayoutEngine } from '../../src/engines/layout/onnx-layout-engine.js';
import { ValidationError } from '../../src/errors.js';
import { fixedOutputModel } from './onnx-builder.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-layout-'));
const INPUT = { channels: 3, height: 64, width: 48 };
// Candidates (input pixels): a confident table, a weaker overlapping table (suppressed by
// NMS), a text box and one below the score threshold.
const candidates = [
  { cx: 24, cy: 20, w: 20, h: 10, scores: [0.1, 0.9] },
  { cx: 25, cy: 21, w: 20, h: 10, scores: [0.05, 0.6] },
  { cx: 24, cy: 40, w: 30, h: 8, scores: [0.8, 0.1] },
  { cx: 10, cy: 50, w: 4, h: 4, scores: [0.1, 0.1] },
];

function writeModel(name: string, transposed: boolean, manifest: Record<string, unknown> = {}): string {
  const n = candidates.length;
  const attrs = 6;
  const data = new Float32Array(attrs * n);
  candidates.forEach((c, i) => {
    const v = [c.cx, c.cy, c.w, c.h, ...c.scores];
    v.forEach((x, k) => (data[transposed ? i * attrs + k : k * n + i] = x));
  });
  fs.writeFileSync(path.join(dir, `${name}.onnx`), fixedOutputModel(INPUT, transposed ? [1, n, attrs] : [1, attrs, n], data));
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ model: `${name}.onnx`, input_width: 48, input_height: 64, channels: 3, mean: [0], std: [1], pad_value: 114, letterbox: 'center', output_format: 'yolo', classes: ['text', 'table'], score_threshold: 0.3, iou_threshold: 0.5, ...manifest }),
  );
  return file;
}

// A 96 × 96 raster: letterboxed into 48 × 64 at scale 0.5 with 8 px bands above and below.
const raster = { data: new Uint8Array(96 * 96 * 3).fill(200), width: 96, height: 96, channels: 3 as const, dpi: null };

describe('layout model loader (user-supplied YOLO format)', () => {
  for (const transposed of [false, true]) {
    it(`decodes ${transposed ? '[1, N, 4+C]' : '[1, 4+C, N]'} output back to raster pixels`, async () => {
      const engine = await OnnxLayoutEngine.create(loadManifest(writeModel(`m${transposed}`, transposed)));
      const regions = (await engine.detect(raster)).sort((a, b) => a.top - b.top);
      await engine.close();
      expect(regions.map((r) => r.type)).toEqual(['Table', 'Text']);
      const [table, text] = regions;
      // input box (14..34, 15..25) → raster ((x - 0) / 0.5, (y - 8) / 0.5)
      expect(table!.left).toBeCloseTo(28, 5);
      expect(table!.top).toBeCloseTo(14, 5);
      expect(table!.width).toBeCloseTo(40, 5);
      expect(table!.height).toBeCloseTo(20, 5);
      expect(table!.score).toBeCloseTo(0.9, 5);
      expect(text!.top).toBeCloseTo((36 - 8) / 0.5, 5);
    });
  }

  it('snaps boxes to the ink they hold unless the manifest says refine_boxes: none', async () => {
    // Ink under the table box (raster 28..68 × 14..34), narrower than the box.
    const inked = { ...raster, data: raster.data.slice() };
    for (let y = 16; y <= 30; y++) inked.data.fill(20, (y * 96 + 32) * 3, (y * 96 + 61) * 3);
    for (const [refine, want] of [
      ['ink', { left: 32, top: 16, width: 29, height: 15 }],
      ['none', { left: 28, top: 14, width: 40, height: 20 }],
    ] as const) {
      const engine = await OnnxLayoutEngine.create(loadManifest(writeModel(`refine-${refine}`, false, { refine_boxes: refine })));
      const table = (await engine.detect(inked)).find((r) => r.type === 'Table')!;
      await engine.close();
      for (const k of ['left', 'top', 'width', 'height'] as const) expect(table[k]).toBeCloseTo(want[k], 5);
    }
  });

  it('maps or drops classes with class_map', async () => {
    const engine = await OnnxLayoutEngine.create(loadManifest(writeModel('mapped', false, { class_map: { text: null, table: 'Picture' } })));
    const regions = await engine.detect(raster);
    await engine.close();
    expect(regions.map((r) => r.type)).toEqual(['Picture']);
  });

  it('rejects a broken manifest with the reason', () => {
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ model: 'missing.onnx', input_width: 48, input_height: 64, channels: 3, mean: [0], std: [1], output_format: 'yolo', classes: ['text'] }));
    expect(() => loadManifest(bad)).toThrow(/does not exist/);
    fs.writeFileSync(bad, JSON.stringify({ model: 'mfalse.onnx', input_width: 48, input_height: 64, channels: 2, mean: [0], std: [1], output_format: 'yolo', classes: ['text'] }));
    expect(() => loadManifest(bad)).toThrow(ValidationError);
    fs.writeFileSync(bad, JSON.stringify({ model: 'mfalse.onnx', input_width: 48, input_height: 64, channels: 3, mean: [0], std: [1], output_format: 'yolo', classes: ['gizmo'] }));
    expect(() => loadManifest(bad)).toThrow(/class_map/);
  });
});
