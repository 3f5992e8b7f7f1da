/** The raster rule finder on drawn images (no corpus needed). */
import { describe, expect, it } from 'vitest';
import { findRasterLines, otsuThreshold } from '../../src/pipeline/tables/raster-lines.js';

function canvas(width: number, height: number) {
  const data = new Uint8Array(width * height).fill(250);
  const fill = (x0: number, y0: number, x1: number, y1: number, v = 10) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * width + x] = v;
  };
  return { raster: { width, height, data, dpi: 200 }, fill };
}

describe('raster rule finder', () => {
  it('finds the rules of a drawn grid, not the glyph-like marks inside it', () => {
    const { raster, fill } = canvas(600, 400);
    for (const y of [50, 150, 250, 350]) fill(50, y, 550, y + 2);
    for (const x of [50, 300, 548]) fill(x, 50, x + 2, 352);
    // "Text": short strokes and blobs in the cells.
    for (let k = 0; k < 12; k++) fill(70 + k * 15, 90, 78 + k * 15, 104);
    fill(320, 190, 360, 192); // a dash, 40 px: shorter than a quarter inch at 200 dpi
    const lines = findRasterLines(raster);
    const h = lines.filter((l) => l.y0 === l.y1).sort((a, b) => a.y0 - b.y0);
    const v = lines.filter((l) => l.x0 === l.x1).sort((a, b) => a.x0 - b.x0);
    expect(h.map((l) => Math.round(l.y0))).toEqual([51, 151, 251, 351]);
    expect(v.map((l) => Math.round(l.x0))).toEqual([51, 301, 549]);
    expect(h[0]!.x0).toBeLessThanOrEqual(50);
    expect(h[0]!.x1).toBeGreaterThanOrEqual(550);
    expect(h[0]!.width).toBe(2);
  });

  it('bridges small breaks in a rule and scales to page units', () => {
    const { raster, fill } = canvas(600, 200);
    fill(50, 100, 200, 102);
    fill(202, 100, 400, 102); // a 2-pixel dropout
    const lines = findRasterLines(raster, 0.36);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.x0).toBeCloseTo(50 * 0.36, 5);
    expect(lines[0]!.x1).toBeCloseTo(400 * 0.36, 5);
  });

  it('ignores filled areas and the gaps between letters of white text on them', () => {
    const { raster, fill } = canvas(600, 300);
    fill(50, 50, 550, 110); // a dark title bar
    for (let k = 0; k < 20; k++) fill(70 + k * 22, 70, 84 + k * 22, 90, 250); // white letters
    fill(50, 200, 550, 202); // one real rule below
    const lines = findRasterLines(raster);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.y0).toBeCloseTo(201, 0);
  });

  it('separates ink from paper with Otsu', () => {
    const data = new Uint8Array(1000).fill(240);
    data.fill(20, 0, 100);
    const t = otsuThreshold(data);
    expect(t).toBeGreaterThanOrEqual(20);
    expect(t).toBeLessThan(240);
  });
});
