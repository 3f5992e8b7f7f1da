/** Unit tests of the table detectors on hand-made pages (no corpus needed). */
import { describe, expect, it } from 'vitest';
import type { TableGrid } from '../../src/model/table.js';
import { detectTables } from '../../src/pipeline/tables/detect-tables.js';
import { tableHtml } from '../../src/render/table.js';
import { hRule, page, run, textRows, vRule } from './support/synthetic-page.js';

const cell = (g: TableGrid, row: number, col: number) => g.cells.find((c) => c.row === row && c.col === col);

describe('ruled grids', () => {
  // Columns at 50 | 150 | 250 | 350, rows at 100 | 120 | 140 | 160 | 180.
  const xs = [50, 150, 250, 350];
  const ys = [100, 120, 140, 160, 180];
  const rules = [
    ...ys.map((y, i) => (i === 1 ? hRule(150, 350, y) : hRule(50, 350, y))), // "Name" spans rows 0-1
    vRule(50, 100, 180),
    vRule(350, 100, 180),
    vRule(150, 100, 180),
    vRule(250, 120, 180), // "Score" spans columns 1-2 in row 0
  ];

  it('finds cells with row and column spans and a two-row header', () => {
    const runs = [
      run('Name', 55, 104, { bold: true }),
      run('Score', 180, 104, { bold: true }),
      run('Math', 155, 124, { bold: true }),
      run('Art', 255, 124, { bold: true }),
      ...textRows(
        [
          ['Ann', '12', '15'],
          ['Bob', '9', '11'],
        ],
        xs.map((x) => x + 5),
        144,
        20,
      ),
    ];
    const [t, ...more] = detectTables(page(runs, rules));
    expect(more).toHaveLength(0);
    const g = t!.grid;
    expect(g.method).toBe('ruled');
    expect([g.rowCount, g.colCount]).toEqual([4, 3]);
    expect(cell(g, 0, 0)).toMatchObject({ text: 'Name', rowSpan: 2, colSpan: 1 });
    expect(cell(g, 0, 1)).toMatchObject({ text: 'Score', rowSpan: 1, colSpan: 2 });
    expect(cell(g, 1, 2)!.text).toBe('Art');
    expect(cell(g, 3, 2)!.text).toBe('11');
    expect(g.headerRows).toBe(2);
    expect(t!.runIndices).toHaveLength(runs.length);
    const html = tableHtml(g);
    expect(html).toContain('<thead><tr><th rowspan="2">Name</th><th colspan="2">Score</th></tr>');
    expect(html).toContain('<tbody><tr><td>Ann</td><td>12</td><td>15</td></tr>');
  });

  it('splits a run that crosses a column rule, by characters', () => {
    // One string "12   15" drawn across the rule at x = 250.
    const runs = [run('Name', 55, 104), run('Score', 180, 104), run('Math', 155, 124), run('Art', 255, 124), run('Ann', 55, 144), run('12   15', 205, 144, { width: 90 }), run('Bob', 55, 164), run('9', 155, 164), run('11', 255, 164)];
    const g = detectTables(page(runs, rules))[0]!.grid;
    expect(cell(g, 2, 1)!.text).toBe('12');
    expect(cell(g, 2, 2)!.text).toBe('15');
  });

  it('orders the lines of a cell top to bottom whatever the run order', () => {
    const runs = [run('Name', 55, 104), run('Score', 180, 104), run('Math', 155, 124), run('Art', 255, 124), run('Ann', 55, 144), run('Bob', 55, 164), run('9', 155, 164), run('11', 255, 164)];
    // A cell in row 2 with two lines, given bottom line first.
    const twoLines = [run('second', 155, 150, { size: 6 }), run('first', 155, 143, { size: 6 })];
    const g = detectTables(page([...runs, ...twoLines], rules))[0]!.grid;
    expect(cell(g, 2, 1)!.text).toBe('first\nsecond');
  });

  it('does not take a frame around a paragraph for a table', () => {
    const text = 'This paragraph sits in a box drawn with four rules around it and nothing else at all';
    const runs = [run(text.slice(0, 44), 60, 110), run(text.slice(45), 60, 124)];
    const box = [hRule(50, 350, 100), hRule(50, 350, 140), vRule(50, 100, 140), vRule(350, 100, 140)];
    expect(detectTables(page(runs, box))).toHaveLength(0);
  });
});

describe('borderless and partly ruled tables', () => {
  const xs = [60, 200, 280, 360];
  const body = [
    ['Region', 'Q1', 'Q2', 'Q3'],
    ['North', '10.5', '11.2', '12.0'],
    ['South', '8.1', '8.4', '9.9'],
    ['East', '7.7', '6.5', '7.1'],
    ['West', '12.9', '13.3', '14.8'],
    ['Total', '39.2', '39.4', '43.8'],
  ];

  it('finds columns from alignment and rows from baselines, and leaves prose out', () => {
    const intro = run('The quarterly figures below are given in millions of euros for every region.', 60, 80);
    const runs = [intro, ...textRows(body, xs, 110, 14, { boldRows: 1 })];
    const tables = detectTables(page(runs));
    expect(tables).toHaveLength(1);
    const g = tables[0]!.grid;
    expect(g.method).toBe('stream');
    expect([g.rowCount, g.colCount]).toEqual([6, 4]);
    expect(g.headerRows).toBe(1);
    expect(cell(g, 4, 3)!.text).toBe('14.8');
    expect(tables[0]!.runIndices).not.toContain(0);
    expect(g.bbox.top).toBeGreaterThan(95);
  });

  it('uses horizontal rules for a booktabs table and the midrule for its header', () => {
    const rules = [hRule(55, 400, 106), hRule(55, 400, 123), hRule(55, 400, 196)];
    const g = detectTables(page(textRows(body, xs, 110, 14), rules))[0]!.grid;
    expect(g.method).toBe('hybrid');
    expect([g.rowCount, g.colCount]).toEqual([6, 4]);
    expect(g.headerRows).toBe(1);
    expect(g.bbox.top).toBeCloseTo(106, 0);
  });

  it('joins a wrapped row label and keeps a spanning heading in one cell', () => {
    const runs = [
      run('Population', 220, 96),
      run('Region', 60, 110),
      run('2019', 200, 110),
      run('2020', 280, 110),
      run('Number of member', 60, 124),
      run('1.5', 200, 124),
      run('1.6', 280, 124),
      run('states in the analysis', 60, 136),
      run('Other', 60, 150),
      run('2.5', 200, 150),
      run('2.6', 280, 150),
      run('Rest', 60, 164),
      run('0.5', 200, 164),
      run('0.7', 280, 164),
    ];
    const g = detectTables(page(runs))[0]!.grid;
    expect(g.colCount).toBe(3);
    expect(cell(g, 0, 1)).toMatchObject({ text: 'Population', colSpan: 2 });
    expect(cell(g, 2, 0)!.text).toBe('Number of member\nstates in the analysis');
    expect(cell(g, 2, 2)!.text).toBe('1.6');
    expect(g.rowCount).toBe(5);
  });

  it('does not read two columns of running text as a table', () => {
    const left = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit sed do';
    const right = 'eiusmod tempor incididunt ut labore et dolore magna aliqua ut';
    const runs = Array.from({ length: 20 }, (_, i) => [run(left, 50, 100 + i * 12, { width: 240 }), run(right, 310, 100 + i * 12, { width: 240 })]).flat();
    expect(detectTables(page(runs))).toHaveLength(0);
  });

  it('does not read a bulleted list as a table', () => {
    const runs = Array.from({ length: 6 }, (_, i) => [run('•', 60, 100 + i * 14), run(`Item number ${i} of the list explains one point at length here`, 80, 100 + i * 14)]).flat();
    expect(detectTables(page(runs))).toHaveLength(0);
  });
});
