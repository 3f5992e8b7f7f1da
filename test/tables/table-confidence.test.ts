/**
 * Spans only where proven, and a confidence that measures the structure's evidence
 * (pipeline/tables/table-evidence.ts): with the row rules of the value columns missing, the
 * records still make rows (no span absorbs the values of neighbouring rows); a grid whose
 * spanning cell holds the values of several rows (the corruption issue 27 describes) scores
 * clearly lower than the clean one; a borderless table whose columns line up scores below
 * the fully ruled one.
 */
import { describe, expect, it } from 'vitest';
import { detectTables } from '../../src/pipeline/tables/detect-tables.js';
import { hRule, page, textRows, vRule } from './support/synthetic-page.js';
import type { TableCell, TableGrid } from '../../src/model/table.js';
import { evidenceConfidence, tableEvidence } from '../../src/pipeline/tables/table-evidence.js';
import type { Piece } from '../../src/pipeline/tables/text-pieces.js';

const ROWS = [
  ['Region', 'Sales', 'Margin', 'Growth'],
  ['North', '7.51', '1.61', '0.42'],
  ['South', '6.20', '1.15', '0.37'],
  ['East', '5.94', '0.98', '0.21'],
  ['West', '8.02', '1.77', '0.55'],
];
const XS = [80, 200, 300, 400];
const EDGES = [70, 190, 290, 390, 480];
const Y0 = 100;
const PITCH = 20;

function ruled(rowRulesOverValues: boolean) {
  const runs = textRows(ROWS, XS, Y0 + 4, PITCH);
  const rules = [hRule(70, 480, Y0), hRule(70, 480, Y0 + PITCH), hRule(70, 480, Y0 + ROWS.length * PITCH)];
  for (let r = 2; r < ROWS.length; r++) {
    // Row rules under the first column always; under the value columns only when asked.
    rules.push(hRule(70, rowRulesOverValues ? 480 : 190, Y0 + r * PITCH));
  }
  for (const x of EDGES) rules.push(vRule(x, Y0, Y0 + ROWS.length * PITCH));
  return detectTables(page(runs, rules));
}

/** The clean grid with one value column's body cells merged into one spanning cell. */
function corrupt(grid: TableGrid, col: number): { grid: TableGrid; cellPieces: Piece[][] } {
  const pieceOf = (c: TableCell): Piece[] => (c.text ? [{ text: c.text, x0: XS[c.col]!, x1: XS[c.col]! + c.text.length * 5, top: c.bbox.top + 4, bottom: c.bbox.top + 15, size: 10, bold: false, run: 0 }] : []);
  const body = grid.cells.filter((c) => c.col === col && c.row > 0);
  if (body.length === 0) return { grid, cellPieces: grid.cells.map(pieceOf) };
  const merged: TableCell = { ...body[0]!, rowSpan: body.length, text: body.map((c) => c.text).join('\n'), bbox: { ...body[0]!.bbox, height: body.length * PITCH } };
  const cells = [...grid.cells.filter((c) => !body.includes(c)), merged];
  const cellPieces = cells.map((c) => (c === merged ? body.flatMap(pieceOf) : pieceOf(c)));
  return { grid: { ...grid, cells }, cellPieces };
}

describe('table confidence', () => {
  it('row rules missing under the values: each record stays a row, no span absorbs values', () => {
    const [t] = ruled(false);
    expect(t!.grid.rowCount).toBe(5);
    expect(t!.grid.cells.every((c) => c.rowSpan === 1)).toBe(true);
    expect(t!.grid.cells.find((c) => c.row === 1 && c.col === 1)!.text).toBe('7.51');
    expect(t!.grid.confidence).toBeGreaterThan(0.8);
  });

  it('rows ruled off in pairs (booktabs groups): each record of numbers is its own row', () => {
    const runs = textRows(ROWS, XS, Y0 + 4, PITCH);
    const rules = [Y0, Y0 + PITCH, Y0 + 3 * PITCH, Y0 + 5 * PITCH].map((y) => hRule(70, 480, y));
    const [t] = detectTables(page(runs, rules));
    expect(t!.grid.rowCount).toBe(5);
    expect(t!.grid.cells.find((c) => c.row === 2 && c.col === 1)!.text).toBe('6.20');
    expect(t!.grid.cells.every((c) => !c.text.includes('\n'))).toBe(true);
  });

  it('drops when a spanning cell holds the values of several rows', () => {
    const [clean] = ruled(true);
    expect(clean!.grid.confidence).toBeGreaterThan(0.9);
    const rules = { h: [], v: [] };
    const plain = corrupt(clean!.grid, -1); // nothing merged: the same cells with their pieces
    const bad = corrupt(clean!.grid, 2);
    const good = evidenceConfidence(tableEvidence({ grid: plain.grid, cellPieces: plain.cellPieces, rules }));
    const worse = evidenceConfidence(tableEvidence({ grid: bad.grid, cellPieces: bad.cellPieces, rules }));
    expect(tableEvidence({ grid: bad.grid, cellPieces: bad.cellPieces, rules }).suspicious).toBeGreaterThan(0);
    expect(worse).toBeLessThan(good - 0.15);
  });

  it('rates a borderless table with aligned columns below a ruled one', () => {
    const [clean] = ruled(true);
    const [stream] = detectTables(page(textRows(ROWS, XS, Y0 + 4, PITCH)));
    expect(stream!.grid.colCount).toBe(4);
    expect(stream!.grid.confidence).toBeGreaterThan(0.6);
    expect(stream!.grid.confidence).toBeLessThan(clean!.grid.confidence);
  });
});
