import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadPptx } from '../../src/formats/pptx/load-pptx.js';
import { loadHtml } from '../../src/formats/html/load-html.js';
import { documentMarkdown } from '../../src/render/markdown-pages.js';
import { corpusPath, hasCorpus } from '../helpers.js';

describe('PPTX reader', () => {
  it.skipIf(!hasCorpus)('reads slides as pages: titles, a spanning table, lists, boxes and speaker notes', () => {
    const file = corpusPath('office/docling/tests/data/pptx/sources/powerpoint_sample.pptx');
    const doc = loadPptx(fs.readFileSync(file), 'powerpoint_sample.pptx');
    expect(doc.pages).toHaveLength(3);
    expect(doc.pages[0]).toMatchObject({ unit: 'pt', width: 960, height: 540 }); // 16:9, 12192000 × 6858000 EMU
    expect(doc.items.filter((i) => i.type === 'Title').map((i) => [i.text, i.prov[0]!.pageNumber])).toEqual([
      ['Test Table Slide', 1],
      ['Second slide title', 2],
    ]);
    const table = doc.items.find((i) => i.type === 'Table')!;
    expect(table.table!.cells.some((c) => c.colSpan === 3 && c.text === 'Class1')).toBe(true);
    expect(table.prov[0]!.bbox!.width).toBeGreaterThan(100);
    const ordered = doc.items.filter((i) => i.type === 'ListItem' && i.list!.ordered).map((i) => i.list!.marker);
    expect(ordered.slice(0, 3)).toEqual(['1.', '2.', '3.']);
    expect(doc.metadata!.speaker_notes).toEqual([
      { slide: 2, text: 'Some notes on the second slide.' },
      { slide: 3, text: 'Final notes on the third slide.\nSecond line of notes.' },
    ]);
  });

  it.skipIf(!hasCorpus)('keeps chart series of a chart', () => {
    const doc = loadPptx(fs.readFileSync(corpusPath('office/docling/tests/data/pptx/sources/pptx_chart.pptx')), 'pptx_chart.pptx');
    const chart = doc.items.find((i) => i.chart)!.chart as { series: Array<{ name: string; values: number[] }> };
    expect(chart.series.map((s) => s.name)).toEqual(['Freshwater Ducks', 'Saltwater Ducks']);
    expect(chart.series[0]!.values).toEqual([120, 130, 150, 175]);
  });
});

describe('HTML reader', () => {
  it('parses structure without running scripts or fetching resources', () => {
    const html = `<!doctype html><html><head><title>t</title><script>document.write('INJECTED')</script></head><body>
      <header>Site header</header>
      <h1>Guide</h1><h2>Setup</h2><p>Read the <a href="https://example.org/docs">docs</a> first.<script>alert('x')</script></p>
      <ul><li>alpha<ul><li>beta</li></ul></li><li>gamma</li></ul>
      <ol start="3"><li>three</li><li>four</li></ol>
      <img src="https://example.org/remote.png" alt="A remote chart">
      <table><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></tbody></table>
      <footer>Site footer</footer></body></html>`;
    const doc = loadHtml(new TextEncoder().encode(html), 'guide.html');
    const all = doc.items.map((i) => i.text).join(' ');
    expect(all).not.toMatch(/INJECTED|alert/);
    expect(doc.items.find((i) => i.text === 'Guide')).toMatchObject({ type: 'Title' });
    expect(doc.items.find((i) => i.text === 'Setup')).toMatchObject({ type: 'SectionHeader', level: 2 });
    expect(doc.items.find((i) => i.text.startsWith('Read the'))!.links).toEqual([{ text: 'docs', href: 'https://example.org/docs' }]);
    expect(doc.items.filter((i) => i.type === 'ListItem').map((i) => [i.text, i.list!.depth, i.list!.marker])).toEqual([
      ['alpha', 0, '•'],
      ['beta', 1, '•'],
      ['gamma', 0, '•'],
      ['three', 0, '3.'],
      ['four', 0, '4.'],
    ]);
    expect(doc.items.find((i) => i.type === 'Picture')).toMatchObject({ text: 'A remote chart' });
    const t = doc.items.find((i) => i.type === 'Table')!.table!;
    expect(t).toMatchObject({ rowCount: 3, colCount: 2, headerRows: 1 });
    expect(t.cells.find((c) => c.text === 'a')).toMatchObject({ rowSpan: 2 });
    expect(t.cells.find((c) => c.text === 'c')).toMatchObject({ row: 2, col: 1 });
    expect(doc.items.filter((i) => i.furniture).map((i) => i.type)).toEqual(['PageHeader', 'PageFooter']);
    expect(documentMarkdown(doc)).not.toContain('Site header');
  });
});
