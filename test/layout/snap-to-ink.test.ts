/**
 * Box refinement: detector boxes snap to the ink they hold — shrinking loose boxes,
 * growing edges placed just inside the ink, on white or grey paper — and regions without
 * ink keep the detector's box.
 */
import { describe, expect, it } from 'vitest';
import { snapRegionsToInk } from '../../src/engines/layout/snap-to-ink.js';
import type { LayoutRegion } from '../../src/engines/layout/interface.js';

function page(paper: number, inks: Array<[number, number, number, number]>) {
  const width = 200;
  const height = 120;
  const data = new Uint8Array(width * height * 3).fill(paper);
  for (const [l, t, r, b] of inks) {
    for (let y = t; y <= b; y++) for (let x = l; x <= r; x++) data.fill(30, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
  return { data, width, height, channels: 3 as const, dpi: null };
}

const region = (left: number, top: number, width: number, height: number): LayoutRegion => ({ type: 'Text', left, top, width, height, score: 0.8 });

describe('snapRegionsToInk', () => {
  it('shrinks a loose box to the ink and grows an edge placed inside it', () => {
    const img = page(255, [[40, 30, 99, 39], [120, 80, 129, 85]]);
    const [loose, inside] = snapRegionsToInk([region(30, 22, 85, 26), region(121, 81, 8, 4)], img);
    expect(loose).toMatchObject({ left: 40, top: 30, width: 60, height: 10, score: 0.8, type: 'Text' });
    // Edges one pixel inside the ink on every side reach it within the margin.
    expect(inside).toMatchObject({ left: 120, top: 80, width: 10, height: 6 });
  });

  it('works on grey paper and leaves boxes without ink alone', () => {
    const img = page(190, [[10, 10, 19, 14]]);
    const [snapped, blank] = snapRegionsToInk([region(5, 5, 30, 20), region(100, 60, 40, 30)], img);
    expect(snapped).toMatchObject({ left: 10, top: 10, width: 10, height: 5 });
    expect(blank).toMatchObject({ left: 100, top: 60, width: 40, height: 30 });
  });

  it('does not reach ink further away than the margin', () => {
    const img = page(255, [[50, 50, 59, 59]]);
    const [r] = snapRegionsToInk([region(10, 10, 30, 30)], img);
    expect(r).toMatchObject({ left: 10, top: 10, width: 30, height: 30 });
  });
});
