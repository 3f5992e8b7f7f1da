/**
 * An invoice printed from HTML by Chromium (test/fixtures/pdf/printed-html/invoice.pdf, its
 * HTML beside it), issue 27 item 7. Three faults a reader of invoices meets:
 *  - each address lost its last lines to a block of their own: its lines end short, so the
 *    paragraph-end rule cut after "22 Castle Mews" (build-blocks.ts: a paragraph ends where a
 *    short line closes its sentence or the next runs on to the edge);
 *  - the totals under the item table, "Subtotal" over "VAT 20%" between the last row rule
 *    and the rule over "Total due", were one row, two labels and two sums to a cell
 *    (band-rows.ts: two lines filling the same columns, a figure in one on both, are two);
 *  - the bold key "Due date", set apart from "20 Dec 2026" on its baseline, was a
 *    SectionHeader (field-lines.ts: a label beside its value is no heading).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { fixture, parsedSegments } from '../helpers.js';

interface Seg { segment_type: string; content: string; html: string }

const rows = (html: string) => [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1]!));

describe('an invoice printed from HTML', () => {
  let engine: Engine;
  let segs: Seg[];
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    segs = await parsedSegments<Seg>(engine, fixture('pdf', 'printed-html', 'invoice.pdf'));
  });
  afterAll(() => engine.close());

  const shown = () => JSON.stringify(segs.map((s) => [s.segment_type, s.content.slice(0, 40)]));

  it('keeps each address in one segment', () => {
    const bill = segs.find((s) => s.content.startsWith('Okonkwo & Hale Architects\nAttn'));
    expect(bill?.content.split('\n'), shown()).toEqual(['Okonkwo & Hale Architects', 'Attn: Accounts Payable', '22 Castle Mews', 'Cardiff CF10 1BT']);
    const ship = segs.find((s) => s.content.startsWith('Okonkwo & Hale Architects\nSite'));
    expect(ship?.content.split('\n'), shown()).toEqual(['Okonkwo & Hale Architects', 'Site office, Plot 7', 'Ocean Way', 'Cardiff CF24 5TF']);
  });

  it('reads each total under the item table as a row of its own', () => {
    const table = segs.find((s) => s.segment_type === 'Table');
    const grid = rows(table!.html);
    expect(grid[0]).toEqual(['#', 'Description', 'Qty', 'Unit price', 'VAT', 'Amount']);
    const sums = grid.map((r) => r.filter((c) => c.trim()));
    expect(sums).toContainEqual(['Subtotal', '8,194.00']);
    expect(sums).toContainEqual(['VAT 20%', '1,608.00']);
    expect(table!.html).not.toContain('Subtotal<br>');
  });

  it('types a key beside its value as no heading', () => {
    const due = segs.find((s) => s.content === 'Due date');
    expect(due?.segment_type, shown()).toBe('Text');
    expect(segs.filter((s) => s.segment_type === 'SectionHeader').map((s) => s.content)).not.toContain('Due date');
  });
});
