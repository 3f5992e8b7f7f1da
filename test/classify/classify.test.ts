/**
 * The classify operation through the engine on real documents: generated born-digital PDFs,
 * corpus documents when the corpus is present, and bad inputs (invalid, empty, duplicate,
 * too many categories; corrupt and encrypted files; blank pages; an image without text).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createEngine, type Engine } from '../../src/index.js';
import type { ClassificationResult } from '../../src/operations/classify/run-classify.js';
import { classificationJobView, type ClassificationJobView } from '../../src/operations/classify/views.js';
import { corpusPath, fixture, hasCorpus } from '../helpers.js';
import { INVOICE_PAGE, LETTER_PAGE, RECIPE_PAGE, makePdf } from './make-pdf.js';

let engine: Engine;
beforeAll(() => {
  engine = createEngine({ workers: 1 });
});
afterAll(async () => {
  await engine.close();
});

const cats = (...names: string[]) => JSON.stringify(names.map((name) => ({ name })));

async function classify(input: Parameters<Engine['submit']>[1], options: Record<string, unknown>) {
  const created = await engine.submit<{ job_id: string }>('classify', input, options);
  return engine.wait<ClassificationJobView>(created.job_id, { timeoutMs: 120_000 });
}

describe('classify: generated documents', () => {
  it('classifies an invoice and a letter, with every category scored and page details', async () => {
    const inv = await classify({ data: await makePdf([INVOICE_PAGE('INV-2024-0042')]), fileName: 'a.pdf' }, { categories: cats('invoice', 'receipt', 'letter', 'resume') });
    expect(inv.status).toBe('completed');
    expect(inv.progress).toBe('Classification completed');
    expect(inv.error).toBeNull();
    const r = inv.result as ClassificationResult;
    expect(r.classification).toBe('invoice');
    expect(Object.keys(r.scores).sort()).toEqual(['invoice', 'letter', 'receipt', 'resume']);
    expect(r.confidence).toBeGreaterThan(0.5);
    expect(['high', 'medium']).toContain(r.band);
    expect(r.pages).toHaveLength(1);
    expect(r.pages[0]).toMatchObject({ page: 1, classification: 'invoice' });

    const letter = await classify({ data: await makePdf([LETTER_PAGE]), fileName: 'b.pdf' }, { categories: cats('invoice', 'receipt', 'letter', 'resume') });
    expect((letter.result as ClassificationResult).classification).toBe('letter');
  });

  it('accepts names outside the lexicon and the older `conditions` list', async () => {
    // "recipe" is in no lexicon entry: WordNet ("directions for making something") and the word itself carry it.
    const res = await classify({ data: await makePdf([RECIPE_PAGE]), fileName: 'c.pdf' }, { conditions: JSON.stringify(['recipe', 'invoice', 'letter']) });
    expect(res.status).toBe('completed');
    expect((res.result as ClassificationResult).classification).toBe('recipe');
  });

  it('weighs the first pages more (x3, x2, x1.5): invoice+letter is an invoice, letter+invoice a letter', async () => {
    const res = await classify({ data: await makePdf([INVOICE_PAGE('A-1'), LETTER_PAGE]), fileName: 'd.pdf' }, { categories: cats('invoice', 'letter') });
    const r = res.result as ClassificationResult;
    expect(r.classification).toBe('invoice');
    expect(r.pages.map((p) => p.classification)).toEqual(['invoice', 'letter']);
    const swapped = await classify({ data: await makePdf([LETTER_PAGE, INVOICE_PAGE('A-1')]), fileName: 'e.pdf' }, { categories: cats('invoice', 'letter') });
    expect((swapped.result as ClassificationResult).classification).toBe('letter');
    // Inconsistent pages lower the confidence below the first page's own.
    expect(r.confidence).toBeLessThan(r.pages[0]!.confidence);
  });

  it('few-shot: example texts decide between names that say nothing', async () => {
    const categories = JSON.stringify([
      // Examples unlike the documents classified below: other letters, other recipes.
      { name: 'type A', examples: ['Dear Mr Brown, thank you for your letter of 3 May. We look forward to meeting you. Yours sincerely, Anna Lee', 'Dear Sir or Madam, I am writing to thank you for your kind support this year. With kind regards and sincerely yours, Tom'] },
      { name: 'type B', examples: ['Pancakes. Ingredients: flour, eggs, milk, butter, sugar. Whisk, then cook for 2 minutes each side. Serves 4. Preparation time 10 minutes.', 'Tomato soup. Ingredients: tomatoes, onion, butter, stock. Cook the onion in butter, add the tomatoes and simmer 20 minutes. Serves 6.'] },
    ]);
    const res = await classify({ data: await makePdf([RECIPE_PAGE]), fileName: 'f.pdf' }, { categories });
    expect((res.result as ClassificationResult).classification).toBe('type B');
    const res2 = await classify({ data: await makePdf([LETTER_PAGE]), fileName: 'g.pdf' }, { categories });
    expect((res2.result as ClassificationResult).classification).toBe('type A');
  });

  it('takes non-ASCII names', async () => {
    const res = await classify({ data: await makePdf([INVOICE_PAGE('F-7')]), fileName: 'e.pdf' }, { categories: cats('facture', 'reçu', '請求書') });
    expect(res.status).toBe('completed');
    expect((res.result as ClassificationResult).classification).toBe('facture');
  });
});

describe('classify: bad input ends in a failed job with a clear error', () => {
  const pdf = () => makePdf([INVOICE_PAGE('X-1')]);
  it.each([
    ['not JSON', '[{"name": ', /valid JSON string/],
    ['not an array', '{"name": "invoice"}', /valid JSON string/],
    ['zero categories', '[]', /at least one category/],
    ['an empty name', cats('invoice', '  '), /empty/],
    ['duplicate names', cats('invoice', 'Invoice '), /Duplicate category name/],
    ['hundreds of categories', cats(...Array.from({ length: 300 }, (_, i) => `type ${i}`)), /Too many categories \(300\)/],
  ])('%s', async (_label, categories, message) => {
    const res = await classify({ data: await pdf(), fileName: 'x.pdf' }, { categories });
    expect(res.status).toBe('failed');
    expect(res.progress).toBe('Classification failed');
    expect(res.error).toMatch(message);
    expect(res.result).toBeNull();
  });

  it('a missing categories field', async () => {
    const res = await classify({ data: await pdf(), fileName: 'x.pdf' }, {});
    expect(res.status).toBe('failed');
    expect(res.error).toMatch(/categories is required/);
  });

  it('a corrupt PDF', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> garbage without xref\n%%EOF');
    const res = await classify({ data: bytes, fileName: 'broken.pdf' }, { categories: cats('invoice', 'letter') });
    expect(res.status).toBe('failed');
    expect(res.progress).toBe('Classification failed');
    expect(res.error).toBeTruthy();
  });

  it('a password-protected PDF without its password, and with it', async () => {
    const res = await classify(fixture('pdf', 'password-1234.pdf'), { categories: cats('scientific paper', 'invoice') });
    expect(res.status).toBe('failed');
    expect(res.progress).toBe('Classification failed');
    expect(res.error).toMatch(/password/i);
    const ok = await classify(fixture('pdf', 'password-1234.pdf'), { categories: cats('scientific paper', 'invoice'), password: '1234' });
    expect(ok.status).toBe('completed');
    expect((ok.result as ClassificationResult).classification).toBe('scientific paper');
  });

  it('blank pages complete with uniform scores and a very low band', async () => {
    const res = await classify({ data: await makePdf([[''], ['']]), fileName: 'blank.pdf' }, { categories: cats('invoice', 'letter') });
    expect(res.status).toBe('completed');
    const r = res.result as ClassificationResult;
    expect(r.scores).toEqual({ invoice: 0.5, letter: 0.5 });
    expect(r.band).toBe('very low');
    expect(r.note).toMatch(/no text/i);
  });

  it('an image with no text completes with a very low band', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png().toBuffer();
    const res = await classify({ data: new Uint8Array(png), fileName: 'white.png' }, { categories: cats('invoice', 'letter', 'passport') });
    expect(res.status).toBe('completed');
    expect((res.result as ClassificationResult).band).toBe('very low');
  });

  it('a 1,000-page PDF: only the first 20 pages are read', async () => {
    const pages = Array.from({ length: 1000 }, (_, i) => (i % 2 ? LETTER_PAGE : INVOICE_PAGE(`N-${i}`)));
    const res = await classify({ data: await makePdf(pages), fileName: 'thousand.pdf' }, { categories: cats('invoice', 'letter') });
    expect(res.status).toBe('completed');
    const r = res.result as ClassificationResult;
    expect(r.pages_considered).toBe(20);
    expect(r.pages).toHaveLength(20);
    expect(r.classification).toBe('invoice');
  });

  it('a file that is neither PDF nor image', async () => {
    const res = await classify({ data: new TextEncoder().encode('just some text, not a document'), fileName: 'notes.txt' }, { categories: cats('invoice') });
    expect(res.status).toBe('failed');
    expect(res.error).toMatch(/Unsupported file type/);
  });
});

describe('classification job view', () => {
  it('reports page progress while processing', () => {
    const view = classificationJobView({ id: 'j', state: 'processing', message: null, result: null, progress: { done: 2, total: 5 } });
    expect(view).toEqual({ job_id: 'j', status: 'processing', progress: 'Classifying page 2 of 5', error: null, result: null });
  });
});

describe.skipIf(!hasCorpus)('classify: corpus documents', () => {
  it('a born-digital invoice and a memo', async () => {
    const names = cats('invoice', 'receipt', 'letter', 'scientific paper', 'form');
    const inv = await classify(corpusPath('invoices/invoice2data/tests/compare/FlipkartInvoice.pdf'), { categories: names });
    expect((inv.result as ClassificationResult).classification).toBe('invoice');
    const memo = await classify(corpusPath('office/unstructured/example-docs/pdf/fake-memo.pdf'), { categories: names });
    expect((memo.result as ClassificationResult).classification).toBe('letter');
    const paper = await classify(corpusPath('robustness/pdf.js/test/pdfs/tracemonkey.pdf'), { categories: names });
    const r = paper.result as ClassificationResult;
    expect(r.classification).toBe('scientific paper');
    expect(r.pages_considered).toBe(14);
  });
});
