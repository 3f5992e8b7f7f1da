/**
 * The extraction engine's pieces on documents built word by word (the neutral document as a
 * loader would produce it): labels in several languages and forms, value recognisers, layout
 * relations, arrays, and grounding text back to the words.
 */
import { describe, expect, it } from 'vitest';
import type { QuireDocument } from '../../src/model/quire-document.js';
import { groundText } from '../../src/pipeline/citations/cite.js';
import { extractFromDocument } from '../../src/pipeline/extract/extract-document.js';
import { profileField, splitName } from '../../src/pipeline/extract/labels.js';
import { tokenizeDocument } from '../../src/pipeline/extract/tokens.js';
import { FULL_STRATEGY, LABEL_ONLY_STRATEGY, type FieldSchema } from '../../src/pipeline/extract/types.js';
import { parseAmount } from '../../src/pipeline/extract/values.js';

/** A one-page document from [text, x, y] runs (text-layer runs, 10 pt high, 6 pt per character). */
function doc(runs: [string, number, number][]): QuireDocument {
  return {
    source: { fileName: 't.pdf', mimeType: 'application/pdf' },
    pages: [{ pageNumber: 1, width: 600, height: 800, unit: 'pt', textSource: 'text-layer' }],
    items: runs.map(([text, x, y], i) => ({
      id: `i${i}`,
      type: 'Text' as const,
      text,
      prov: [{ pageNumber: 1, bbox: { left: x, top: y, width: text.length * 6, height: 10 } }],
      confidence: null,
      words: [{ text, bbox: { left: x, top: y, width: text.length * 6, height: 10 }, confidence: null }],
    })),
    warnings: [],
  };
}

const schemaOf = (props: Record<string, FieldSchema>): FieldSchema => ({ type: 'object', properties: props, required: [] });
function valueOf(d: QuireDocument, props: Record<string, FieldSchema>, strategy = FULL_STRATEGY): Record<string, unknown> {
  const out = extractFromDocument(tokenizeDocument(d), schemaOf(props), strategy);
  return Object.fromEntries(Object.entries(out).map(([k, o]) => [k, o.kind === 'scalar' ? (o.candidate?.value ?? null) : o]));
}

describe('labels', () => {
  it('splits snake, camel and spaced names', () => {
    expect(splitName('invoice_number')).toEqual(['invoice', 'number']);
    expect(splitName('invoiceNumber')).toEqual(['invoice', 'number']);
    expect(splitName('Total Amount')).toEqual(['total', 'amount']);
    expect(splitName('VATRate')).toEqual(['vat', 'rate']);
  });

  it('builds abbreviations and business labels in several languages', () => {
    const labels = profileField('invoice_number', 'Invoice number').labels.map((l) => l.words.join(' '));
    for (const l of ['invoice number', 'inv no', 'invoice #', 'rechnungsnummer', 'numero de facture', 'factuurnummer']) expect(labels).toContain(l);
    expect(profileField('quantity', 'Quantity').labels.map((l) => l.words.join(' '))).toContain('qty');
  });
});

describe('values', () => {
  it('reads amounts with symbols, thousands separators and decimal commas', () => {
    expect(parseAmount('$1,234.56')!.value).toBe(1234.56);
    expect(parseAmount('1.234,56')!.value).toBe(1234.56);
    expect(parseAmount('€3')!.value).toBe(3);
    expect(parseAmount('RM9.00')!.value).toBe(9);
    expect(parseAmount('(12.00)')!.value).toBe(-12);
    expect(parseAmount('INV-12')).toBeNull();
  });

  it('finds dates in English, French, German and Spanish, as ISO when the schema says format: date', () => {
    const d = doc([
      ['Date de facture : 3 mars 2023', 20, 20],
      ['Rechnungsdatum: 14. Februar 2022', 20, 60],
      ['Fecha: 5 de enero de 2021', 20, 100],
      ['Issued 07/31/2020', 20, 140],
    ]);
    expect(valueOf(d, { date: { type: 'string', format: 'date', description: 'Invoice date' } }).date).toBe('2023-03-03');
    const one = (text: string) => valueOf(doc([[text, 20, 20]]), { date: { type: 'string', format: 'date' } }).date;
    expect(one('Rechnungsdatum: 14. Februar 2022')).toBe('2022-02-14');
    expect(one('Fecha: 5 de enero de 2021')).toBe('2021-01-05');
    expect(one('Date: 07/31/2020')).toBe('2020-07-31');
    expect(one('Date: 25/12/2018 8:13:39 PM')).toBe('2018-12-25');
    // Without format: the date as printed, time left out.
    expect(valueOf(doc([['Date: 25/12/2018 8:13:39 PM', 20, 20]]), { date: { type: 'string' } }).date).toBe('25/12/2018');
  });

  it('finds emails and phone numbers', () => {
    const d = doc([['Contact: Jane <jane.doe@example.org>', 20, 20], ['Tel: +44 20 7946 0958', 20, 40]]);
    const v = valueOf(d, { email: { type: 'string', format: 'email' }, phone: { type: 'string', description: 'Phone number' } });
    expect(v.email).toBe('jane.doe@example.org');
    expect(v.phone).toBe('+44 20 7946 0958');
  });
});

describe('layout relations', () => {
  it('value right of its label, below it, and only the right one on alpha', () => {
    const d = doc([
      ['Order No.', 20, 20],
      ['PO-7781', 200, 20],
      ['Customer ID', 300, 60],
      ['C-0042', 300, 75],
    ]);
    const props = { order_number: { type: 'string', description: 'Order number' }, customer_id: { type: 'string', description: 'Customer identifier' } };
    expect(valueOf(d, props)).toEqual({ order_number: 'PO-7781', customer_id: 'C-0042' });
    expect(valueOf(d, props, LABEL_ONLY_STRATEGY)).toEqual({ order_number: 'PO-7781', customer_id: null });
  });

  it('a receipt total is the largest amount after a total-like label; tax and subtotal stay apart', () => {
    const d = doc([
      ['Subtotal', 20, 100],
      ['20.00', 300, 100],
      ['Tax 6%', 20, 115],
      ['1.20', 300, 115],
      ['Total', 20, 130],
      ['21.20', 300, 130],
      ['Cash', 20, 145],
      ['50.00', 300, 145],
    ]);
    expect(valueOf(d, { total: { type: 'number', description: 'Total paid' }, tax: { type: 'number', description: 'Tax amount' }, subtotal: { type: 'number', description: 'Amount before tax' } })).toEqual({ total: 21.2, tax: 1.2, subtotal: 20 });
  });

  it('nested objects recurse', () => {
    const d = doc([['Invoice No: A-17', 20, 20], ['Total: 99.50', 20, 40]]);
    const out = extractFromDocument(tokenizeDocument(d), schemaOf({ meta: { type: 'object', properties: { invoice_number: { type: 'string' }, total: { type: 'number' } } } }), FULL_STRATEGY);
    const meta = out.meta!;
    expect(meta.kind).toBe('object');
    if (meta.kind === 'object') {
      expect(meta.fields.invoice_number!.kind === 'scalar' && meta.fields.invoice_number!.candidate?.value).toBe('A-17');
      expect(meta.fields.total!.kind === 'scalar' && meta.fields.total!.candidate?.value).toBe(99.5);
    }
  });
});

describe('grounding', () => {
  it('finds a value spelled by the document words, tolerating one OCR slip, and nothing else', () => {
    const t = tokenizeDocument(doc([['Northwind Traders Limited', 20, 20], ['Invoice 42', 20, 40]]));
    const g = groundText(t, 'Northwind Tradors Limited')!;
    expect(g.tokens.map((x) => x.text)).toEqual(['Northwind', 'Traders', 'Limited']);
    expect(g.exact).toBeCloseTo(2 / 3);
    expect(groundText(t, 'Contoso')).toBeNull();
  });
});
