/**
 * The text options of the spec apply to office documents as they do to PDFs: `xml_citation`
 * links a DOCX's in-text citations to its bibliography (markdown anchors, `metadata.citations`)
 * and `segment_processing.<Type>.content_source` fills `content` from the chosen
 * representation. Before, the office path built its segments without either, so both options
 * were silently ignored for DOCX/PPTX/HTML. The DOCX is generated here (docx package).
 */
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import type { Segment } from '../../src/model/document.js';

async function paperDocx(): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Introduction', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('Trace compilation was proposed for dynamic languages [2] and later extended to whole programs [1, 3].'),
          new Paragraph('The unit interval [0, 1] is not a reference.'),
          new Paragraph({ text: 'References', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('[1] A. Gal and M. Franz. Incremental dynamic code generation with trace trees. Technical report, 2006.'),
          new Paragraph('[2] M. Bebenita, F. Brandner. SPUR: a trace-based JIT compiler for CIL. In OOPSLA, 2010.'),
          new Paragraph('[3] C. Chambers. The Design and Implementation of the SELF Compiler. 1992.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

describe('text options on office documents', () => {
  let engine: Engine;
  let docx: Uint8Array;
  beforeAll(async () => {
    engine = createEngine({ workers: 1 });
    docx = await paperDocx();
  });
  afterAll(async () => {
    await engine.close();
  });
  const parse = async (options: Record<string, unknown>) => {
    const job = await engine.parse(docx, { file_name: 'paper.docx', ...options } as never);
    const res = (await engine.waitForJob(job.job_id)) as unknown as { status: string; metadata: Record<string, any>; chunks: Array<{ segments: Segment[] }> };
    expect(res.status).toBe('Succeeded');
    return { res, segs: res.chunks.flatMap((c) => c.segments) };
  };

  it('xml_citation links the citations of a DOCX and reports the bibliography', async () => {
    const plain = await parse({});
    expect(plain.res.metadata.citations).toBeUndefined();
    const { res, segs } = await parse({ xml_citation: true });
    const c = res.metadata.citations;
    expect(c.bibliography.map((e: { label: string }) => e.label)).toEqual(['1', '2', '3']);
    expect(c.in_text.map((t: { text: string }) => t.text)).toEqual(['[2]', '[1, 3]']);
    const md = segs.map((s) => s.markdown).join('\n');
    expect(md).toContain('[2](#ref-2)');
    expect(md).toContain('[0, 1]');
    expect(md).toContain('<a id="ref-1"></a>');
    expect(segs.map((s) => s.content)).toEqual(plain.segs.map((s) => s.content));
  });

  it('content_source Markdown fills content from the markdown, only for the chosen type', async () => {
    const { segs } = await parse({ segment_processing: { SectionHeader: { content_source: 'Markdown' } } });
    const headers = segs.filter((s) => s.segment_type === 'SectionHeader' || s.segment_type === 'Title');
    expect(headers.length).toBeGreaterThan(0);
    for (const s of segs) {
      if (s.segment_type === 'SectionHeader') expect(s.content).toBe(s.markdown);
      else if (s.segment_type === 'Text') expect(s.content).not.toMatch(/^#/);
    }
    expect(segs.some((s) => s.segment_type === 'SectionHeader' && s.content.startsWith('#'))).toBe(true);
  });
});
