/**
 * A chart read from a PDF drawing (pipeline/charts: categories once for the chart, series
 * that may have no name) renders in markdown as its table, as office charts (categories per
 * series) already did; before, the PDF shape threw in the markdown writer.
 */
import { describe, expect, it } from 'vitest';
import { itemMarkdown } from '../../src/render/markdown-pages.js';

describe('chart markdown', () => {
  it('writes a vector chart read from a PDF as a table under its kind', () => {
    const chart = { type: 'bar', stacked: false, categories: ['North', 'South'], series: [{ name: '2024', values: [120, 340] }, { name: null, values: [150, null] }], source: 'vector' };
    const md = itemMarkdown({ type: 'Picture', text: '', prov: [], chart } as never);
    expect(md).toContain('Bar chart');
    expect(md).toContain('| North | 120 | 150 |');
    expect(md).toContain('| South | 340 |  |');
  });

  it('still writes an office chart with categories per series', () => {
    const chart = { chart_type: 'lineChart', series: [{ name: 'Sales', categories: ['Q1', 'Q2'], values: [1, 2] }] };
    const md = itemMarkdown({ type: 'Picture', text: '', prov: [], chart } as never);
    expect(md).toContain('Line chart');
    expect(md).toContain('| Q2 | 2 |');
  });
});
