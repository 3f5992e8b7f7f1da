/** How a page that needs OCR is rendered: a first look at 150 DPI only for coarse images. */
import { describe, expect, it } from 'vitest';
import { ocrRenderPlan } from '../../src/pipeline/pages/page-ocr.js';
import type { PageContent, PlacedImage } from '../../src/model/page.js';

const page = (images: PlacedImage[]): PageContent => ({ pageNumber: 1, width: 612, height: 792, runs: [], rules: [], rects: [], images, graphics: [], textSource: 'none' });
const full = (ppi?: number): PlacedImage => ({ left: 0, top: 0, width: 612, height: 792, ...(ppi ? { ppi } : {}) });

describe('ocrRenderPlan', () => {
  it('takes a first look at 150 DPI when the page is a coarser image than 300 DPI', () => {
    expect(ocrRenderPlan(page([full(201)]), false)).toEqual({ dpi: 150, sharperDpi: 300 });
    expect(ocrRenderPlan(page([full(96)]), false)).toEqual({ dpi: 150, sharperDpi: 300 });
  });

  it('renders 300-ppi scans, pages without a dominant image and unknown resolutions at 300 DPI', () => {
    expect(ocrRenderPlan(page([full(300)]), false)).toEqual({ dpi: 300 });
    expect(ocrRenderPlan(page([full(600)]), false)).toEqual({ dpi: 300 });
    expect(ocrRenderPlan(page([]), false)).toEqual({ dpi: 300 });
    expect(ocrRenderPlan(page([full()]), false)).toEqual({ dpi: 300 });
    // A small coarse picture on a page of vector text: the page is not that image.
    expect(ocrRenderPlan(page([{ left: 100, top: 100, width: 200, height: 200, ppi: 72 }]), false)).toEqual({ dpi: 300 });
  });

  it('keeps use_high_resolution at 400 DPI', () => {
    expect(ocrRenderPlan(page([full(201)]), true)).toEqual({ dpi: 400 });
  });
});
