/**
 * `xml_citation` (issue 27 item 5): bibliography entries found after the References heading,
 * in-text citations linked to them in markdown, structured citation data in the job's
 * metadata. On a generated paper page (bracket citations, a numbered list whose entries
 * wrap over lines, an array index "x[2]" that is not a citation, "[0, 1]" that names no
 * entry), on author-year segments, and on the corpus's tracemonkey.pdf, whose template cites
 * in parentheses ("Psyco (16)").
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import type { Segment } from '../../src/model/document.js';
import { linkCitations } from '../../src/pipeline/bibliography/link-citations.js';
import { corpusPath, hasCorpus } from '../helpers.js';

async function paperPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const page = doc.addPage([595, 842]);
  let y = 780;
  const line = (t: string, f = font, size = 11, x = 72) => {
    page.drawText(t, { x, y, size, font: f });
    y -= size * 1.45;
  };
  line('1 Introduction', bold, 14);
  line('Trace compilation was proposed for dynamic languages [2] and later extended');
  line('to whole programs [1, 3]. Values are read as x[2] in the code, and the unit');
  line('interval [0, 1] is not a reference. Earlier work [4] is not in the list either.');
  y -= 20;
  line('References', bold, 14);
  line('[1] A. Gal and M. Franz. Incremental dynamic code generation with trace trees.');
  line('Technical report, University of California, Irvine, 2006.', font, 11, 90);
  line('[2] M. Bebenita, F. Brandner, M. Fahndrich. SPUR: a trace-based JIT compiler');
  line('for CIL. In OOPSLA, pages 708-725, 2010. https://doi.org/10.1145/1869459.1869517', font, 11, 90);
  line('[3] C. Chambers. The Design and Implementation of the SELF Compiler. 1992.');
  return doc.save();
}

describe('xml_citation', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(async () => {
    await engine.close();
  });
  const parse = async (input: Uint8Array | string, options: Record<string, unknown>) => {
    const job = await engine.parse(input, options as never);
    return (await engine.waitForJob(job.job_id)) as unknown as { status: string; metadata: Record<string, any>; chunks: Array<{ segments: Segment[] }> };
  };

  it('links bracket citations to the entries and reports them in metadata', async () => {
    const pdf = await paperPdf();
    const plain = await parse(pdf, {});
    expect(plain.metadata.citations).toBeUndefined();
    const res = await parse(pdf, { xml_citation: true });
    expect(res.status).toBe('Succeeded');
    const c = res.metadata.citations;
    expect(c.style).toBe('numeric');
    expect(c.bibliography.map((e: { label: string }) => e.label)).toEqual(['1', '2', '3']);
    const e2 = c.bibliography[1];
    expect(e2.text).toContain('SPUR');
    expect(e2.text).toContain('2010'); // the wrapped second line belongs to the entry
    expect(e2.doi).toBe('10.1145/1869459.1869517');
    expect(e2.year).toBe('2010');
    expect(c.bibliography[0].first_author).toBe('Gal');
    expect(c.in_text.map((t: { text: string }) => t.text)).toEqual(['[2]', '[1, 3]']);
    expect(c.in_text[1].references).toEqual(['ref-1', 'ref-3']);
    const segs = res.chunks.flatMap((ch) => ch.segments);
    const md = segs.map((s) => s.markdown).join('\n');
    expect(md).toContain('languages \\[[2](#ref-2)\\]');
    expect(md).toContain('\\[[1](#ref-1), [3](#ref-3)\\]');
    expect(md).toContain('x[2]'); // an array index stays as written
    expect(md).toContain('[0, 1]');
    expect(md).toContain('[4]');
    for (const id of ['ref-1', 'ref-2', 'ref-3']) expect(md).toContain(`<a id="${id}"></a>`);
    // content stays the text as read
    const plainContent = plain.chunks.flatMap((ch) => ch.segments).map((s) => s.content);
    expect(segs.map((s) => s.content)).toEqual(plainContent);
  });

  it('links author-year citations by surname and year', () => {
    const seg = (id: string, type: string, content: string): Segment => ({ segment_id: id, segment_type: type, content, markdown: content, html: '', page_number: 1 }) as unknown as Segment;
    const { segments, metadata } = linkCitations([
      seg('a', 'Text', 'Layout models improved (Smith et al., 2020; Lee 2019b) as Brown (2018) showed, unlike (Nobody 2001).'),
      seg('h', 'SectionHeader', 'Bibliography'),
      seg('b', 'Text', 'Brown, T. Language models. 2018.\nLee, K. Parsing one. 2019a.\nLee, K. Parsing two. 2019b.\nSmith, J., Doe, A. Layout. In ICDAR,\n2020.'),
    ]);
    expect(metadata?.style).toBe('author-year');
    expect(metadata?.bibliography.map((e) => e.label)).toEqual(['Brown 2018', 'Lee 2019a', 'Lee 2019b', 'Smith 2020']);
    const md = segments[0]!.markdown;
    expect(md).toContain('[Smith et al., 2020](#ref-4)');
    expect(md).toContain('[Lee 2019b](#ref-3)');
    expect(md).toContain('[Brown (2018)](#ref-1)');
    expect(md).toContain('(Nobody 2001)');
    expect(metadata?.in_text).toHaveLength(2);
  });

  it.skipIf(!hasCorpus)('tracemonkey.pdf: parenthesised numeric citations', async () => {
    const res = await parse(corpusPath('robustness/pdf.js/test/pdfs/tracemonkey.pdf'), { xml_citation: true });
    const c = res.metadata.citations;
    expect(c.bibliography).toHaveLength(19);
    expect(c.bibliography.map((e: { label: string }) => Number(e.label))).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    const cited = new Set(c.in_text.flatMap((t: { references: string[] }) => t.references));
    expect(cited.size).toBeGreaterThanOrEqual(15);
    // "(81)" names no entry; figure and equation numbers are not citations
    expect(c.in_text.some((t: { text: string }) => t.text === '(81)')).toBe(false);
    const md = res.chunks.flatMap((ch) => ch.segments).map((s) => s.markdown).join('\n');
    expect(md).toMatch(/Psyco \(\[16\]\(#ref-16\)\)/);
  }, 120_000);
});
