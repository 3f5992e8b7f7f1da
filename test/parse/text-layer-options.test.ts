/**
 * The spec's text-layer options (issue 27 item 5) on a generated PDF that has what each
 * reads: coloured words (transfer_text_color), a URI link annotation over two words of a
 * sentence (attach_hyperlinks), a word crossed out by a line through its middle and another
 * only underlined (preserve_strikethrough), and content_source filling `content` from the
 * segment's HTML or markdown. A default parse of the same PDF carries none of these marks.
 */
import { PDFDocument, PDFName, PDFString, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import type { OcrEntry, Segment } from '../../src/model/document.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const URL = 'https://example.org/manual';

async function markedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const size = 12;
  // Line 1: "Read the user manual for details." with "user manual" linked.
  const before = 'Read the ';
  const linked = 'user manual';
  const x0 = 72;
  const y1 = 760;
  page.drawText(`${before}${linked} for details about every option.`, { x: x0, y: y1, size, font });
  const lx = x0 + font.widthOfTextAtSize(before, size);
  const lw = font.widthOfTextAtSize(linked, size);
  const annot = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [lx, y1 - 3, lx + lw, y1 + size],
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(URL) },
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(annot)]));
  // Line 2: red and blue words among black ones.
  const y2 = 720;
  let x = x0;
  for (const [w, c] of [['Status:', rgb(0, 0, 0)], ['overdue', rgb(1, 0, 0)], ['since', rgb(0, 0, 0)], ['March', rgb(0, 0, 1)]] as const) {
    page.drawText(w, { x, y: y2, size, font, color: c });
    x += font.widthOfTextAtSize(w + ' ', size);
  }
  // Line 3: "The price was 40 dollars, now 30 dollars." with "40 dollars" struck through and
  // "now" underlined (a rule under the baseline is not a strikethrough).
  const y3 = 680;
  const pre = 'The price was ';
  const struck = '40 dollars,';
  const rest = ' now 30 dollars after the sale.';
  page.drawText(pre + struck + rest, { x: x0, y: y3, size, font });
  const sx = x0 + font.widthOfTextAtSize(pre, size);
  const sw = font.widthOfTextAtSize(struck, size);
  page.drawLine({ start: { x: sx, y: y3 + size * 0.3 }, end: { x: sx + sw, y: y3 + size * 0.3 }, thickness: 0.8 });
  const ux = sx + sw + font.widthOfTextAtSize(' ', size);
  page.drawLine({ start: { x: ux, y: y3 - 1.5 }, end: { x: ux + font.widthOfTextAtSize('now', size), y: y3 - 1.5 }, thickness: 0.8 });
  return doc.save();
}

function words(segs: Segment[]): OcrEntry[] {
  return segs.flatMap((s) => s.ocr ?? []);
}

describe('text-layer options', () => {
  let engine: Engine;
  let pdf: Uint8Array;
  const parse = async (options: Record<string, unknown>): Promise<Segment[]> => {
    const job = await engine.parse(pdf, options as never);
    const res = (await engine.waitForJob(job.job_id)) as unknown as { status: string; chunks: Array<{ segments: Segment[] }> };
    expect(res.status).toBe('Succeeded');
    return res.chunks.flatMap((c) => c.segments);
  };
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    pdf = await markedPdf();
  });
  afterAll(async () => {
    await engine.close();
  });

  it('a default parse carries no colour, link or strikethrough', async () => {
    const segs = await parse({});
    for (const w of words(segs)) expect(Object.keys(w).sort()).toEqual(['bbox', 'confidence', 'text']);
    for (const s of segs) {
      expect(s.html).not.toMatch(/<a |<del>/);
      expect(s.markdown).not.toContain('~~');
    }
  });

  it('transfer_text_color gives each OCR entry its fill colour', async () => {
    const ws = words(await parse({ transfer_text_color: true }));
    const colour = (t: string) => ws.find((w) => w.text.includes(t))?.text_color;
    expect(colour('overdue')).toBe('#ff0000');
    expect(colour('March')).toBe('#0000ff');
    expect(colour('Status')).toBe('#000000');
    expect(colour('price')).toBe('#000000');
  });

  it('attach_hyperlinks links exactly the annotated words, in ocr, html and markdown', async () => {
    const segs = await parse({ attach_hyperlinks: true });
    const ws = words(segs);
    const linked = ws.filter((w) => w.hyperlink).map((w) => w.text).join(' ');
    expect(linked).toBe('user manual');
    expect(ws.every((w) => !w.hyperlink || w.hyperlink === URL)).toBe(true);
    const seg = segs.find((s) => s.content.includes('user manual'))!;
    expect(seg.html).toContain(`<a href="${URL}">user manual</a>`);
    expect(seg.markdown).toContain(`[user manual](${URL})`);
    expect(seg.content).toContain('Read the user manual for details');
  });

  it('preserve_strikethrough keeps struck words, not underlined ones', async () => {
    const segs = await parse({ preserve_strikethrough: true });
    const seg = segs.find((s) => s.content.includes('price'))!;
    expect(seg.markdown).toContain('~~40 dollars,~~');
    expect(seg.html).toContain('<del>40 dollars,</del>');
    expect(seg.markdown).not.toContain('~~now');
    const struck = words(segs).filter((w) => w.strikethrough).map((w) => w.text).join(' ');
    expect(struck).toBe('40 dollars,');
  });

  it('content_source fills content from the HTML or the markdown', async () => {
    const segs = await parse({ attach_hyperlinks: true, segment_processing: { Text: { content_source: 'Markdown' } } });
    const seg = segs.find((s) => s.content.includes('manual'))!;
    expect(seg.content).toBe(seg.markdown);
    expect(seg.content).toContain(`[user manual](${URL})`);
    const html = await parse({ segment_processing: { Text: { content_source: 'HTML' } } });
    for (const s of html.filter((x) => x.segment_type === 'Text')) expect(s.content).toBe(s.html);
  });

  it.skipIf(!hasCorpus)('attach_hyperlinks on a real page (pdf.js test file pdfjs_wikipedia.pdf)', async () => {
    const job = await engine.parse(corpusPath('robustness/pdf.js/test/pdfs/pdfjs_wikipedia.pdf'), { attach_hyperlinks: true, page_range: '1' } as never);
    const res = (await engine.waitForJob(job.job_id)) as unknown as { chunks: Array<{ segments: Segment[] }> };
    const segs = res.chunks.flatMap((c) => c.segments);
    const md = segs.map((s) => s.markdown).join('\n');
    expect(md).toContain('[JavaScript library](https://en.wikipedia.org/wiki/JavaScript_library)');
    expect(md).toContain('[Portable Document Format](https://en.wikipedia.org/wiki/Portable_Document_Format)');
    // Words outside link areas stay unlinked.
    expect(words(segs).find((w) => w.text === 'renders')?.hyperlink).toBeUndefined();
  }, 60_000);

  it('transfer_text_color carries the text layer colours to OCR words (full_ocr)', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.HelveticaBold);
    const page = doc.addPage([400, 200]);
    page.drawText('Invoice', { x: 40, y: 130, size: 28, font, color: rgb(0.8, 0, 0) });
    page.drawText('overdue', { x: 200, y: 130, size: 28, font, color: rgb(0, 0, 0.8) });
    page.drawText('payment', { x: 40, y: 70, size: 28, font });
    const job = await engine.parse(await doc.save(), { ocr_mode: 'full_ocr', transfer_text_color: true } as never);
    const res = (await engine.waitForJob(job.job_id)) as unknown as { chunks: Array<{ segments: Segment[] }> };
    const ws = words(res.chunks.flatMap((c) => c.segments));
    expect(ws.length).toBeGreaterThan(0);
    expect(ws.every((w) => w.confidence !== null)).toBe(true); // OCR words, not the text layer
    const colour = (t: string) => ws.find((w) => w.text.toLowerCase().includes(t))?.text_color;
    expect(colour('invoice')).toBe('#cc0000');
    expect(colour('overdue')).toBe('#0000cc');
    expect(colour('payment')).toBe('#000000');
  }, 60_000);
});
