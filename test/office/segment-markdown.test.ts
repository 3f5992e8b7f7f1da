/**
 * The markdown users get for office documents (`engine.parse` → segment markdown → the
 * `export_format: markdown` file) follows the document markdown's conventions (one renderer,
 * render/markdown-pages.ts's itemMarkdown): pictures `<!-- image -->`, a spanning cell's text
 * repeated over the positions it covers, markdown specials escaped, list items numbered and
 * indented on consecutive lines, charts followed by their series table. The export holds
 * every segment the job returns (page headers and footers included); with `segment_filter`
 * leaving page furniture out it equals the document's own markdown. DOCX and PPTX are generated here (docx package; a PPTX package written with
 * fflate); the chart case reads the corpus's pptx_chart.pptx and skips without the corpus.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { strToU8, zipSync } from 'fflate';
import { AlignmentType, Document, Footer, Header, HeadingLevel, ImageRun, LevelFormat, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { resetSofficeCache } from '../../src/engines/soffice/soffice.js';
import { loadDocx } from '../../src/formats/docx/load-docx.js';
import { loadPptx } from '../../src/formats/pptx/load-pptx.js';
import { mathLatex } from '../../src/formats/docx/omml.js';
import { parseXml } from '../../src/formats/office/xml-tree.js';
import { documentMarkdown } from '../../src/render/markdown-pages.js';
import { chunksMarkdown } from '../../src/operations/parse/export/write-exports.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const read = (url: string) => fs.readFileSync(fileURLToPath(url), 'utf8');

async function conventionsDocx(): Promise<Uint8Array> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();
  const cell = (text: string, extra: Record<string, number> = {}) => new TableCell({ children: [new Paragraph(text)], ...extra });
  const doc = new Document({
    numbering: {
      config: [
        { reference: 'steps', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }] },
        {
          reference: 'outline',
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START },
            { level: 1, format: LevelFormat.DECIMAL, text: '%1.%2.', alignment: AlignmentType.START },
          ],
        },
      ],
    },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Running header text')] }) },
        footers: { default: new Footer({ children: [new Paragraph('Running footer text')] }) },
        children: [
          new Paragraph({ text: 'Quarterly notes', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('The field snake_case_name keeps its *stars* literal.'),
          new Paragraph('Every <w:p> element is a paragraph.'),
          new Paragraph({ text: 'First bullet', bullet: { level: 0 } }),
          new Paragraph({ text: 'Nested bullet', bullet: { level: 1 } }),
          new Paragraph({ text: 'Step one', numbering: { reference: 'steps', level: 0 } }),
          new Paragraph({ text: 'Step two', numbering: { reference: 'steps', level: 0 } }),
          new Paragraph('Outline:'),
          new Paragraph({ text: 'Part one', numbering: { reference: 'outline', level: 0 } }),
          new Paragraph({ text: 'Sub one', numbering: { reference: 'outline', level: 1 } }),
          new Paragraph({ children: [new ImageRun({ type: 'png', data: png, transformation: { width: 40, height: 30 } })] }),
          new Table({
            rows: [
              new TableRow({ children: [cell('Region'), cell('Sales', { columnSpan: 2 })] }),
              new TableRow({ children: [cell('North'), cell('Q1'), cell('10')] }),
            ],
          }),
          new Paragraph('The end.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** A one-slide PPTX: a title placeholder and a body with two bullet levels, then a note. */
function conventionsPptx(): Uint8Array {
  const ns = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
  const rel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  const rels = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`;
  const shape = (id: number, y: number, ph: string, paras: string) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="s${id}"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="${y}"/><a:ext cx="8229600" cy="1143000"/></a:xfrm></p:spPr><p:txBody><a:bodyPr/>${paras}</p:txBody></p:sp>`;
  const bullet = (lvl: number, text: string) => `<a:p><a:pPr lvl="${lvl}"><a:buChar char="•"/></a:pPr><a:r><a:t>${text}</a:t></a:r></a:p>`;
  const slide = `<?xml version="1.0" encoding="UTF-8"?><p:sld ${ns}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(2, 200000, '<p:ph type="title"/>', '<a:p><a:r><a:t>Plan_2026</a:t></a:r></a:p>')}${shape(3, 1600000, '', bullet(0, 'Ship the reader') + bullet(1, 'with tests') + bullet(0, 'Measure it'))}${shape(4, 3200000, '', '<a:p><a:r><a:t>Closing words.</a:t></a:r></a:p>')}</p:spTree></p:cSld></p:sld>`;
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slides/slide1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(rels(rel('rId1', 'officeDocument', 'ppt/presentation.xml'))),
    'ppt/presentation.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><p:presentation ${ns}><p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/></p:presentation>`),
    'ppt/_rels/presentation.xml.rels': strToU8(rels(rel('rId2', 'slide', 'slides/slide1.xml'))),
    'ppt/slides/slide1.xml': strToU8(slide),
  });
}

describe('office segment markdown and the markdown export', () => {
  let engine: Engine;
  beforeAll(() => {
    process.env.QUIRE_SOFFICE = 'none';
    resetSofficeCache();
    engine = createEngine({ workers: 1 });
  });
  afterAll(async () => {
    await engine.close();
    delete process.env.QUIRE_SOFFICE;
    resetSofficeCache();
  });

  async function parse(data: Uint8Array, fileName: string, options: Record<string, string> = {}) {
    const done = await engine.waitForJob((await engine.parse({ data, fileName }, { export_format: '["markdown"]', ...options })).job_id);
    expect(done.status).toBe('Succeeded');
    const segments = done.chunks!.flatMap((c) => c.segments as Array<{ segment_type: string; markdown: string; content: string }>);
    return { segments, exported: read(done.exports!.markdown!), chunks: done.chunks };
  }

  it('DOCX: pictures, spans, escapes, lists and furniture follow the document markdown', async () => {
    const bytes = await conventionsDocx();
    const { segments, exported, chunks } = await parse(bytes, 'notes.docx');
    const md = (type: string) => segments.filter((s) => s.segment_type === type).map((s) => s.markdown);
    expect(md('Picture')).toEqual(['<!-- image -->']);
    expect(md('Table')[0]).toBe('| Region | Sales | Sales |\n| --- | --- | --- |\n| North | Q1 | 10 |');
    expect(md('Text')).toContain('The field snake\\_case\\_name keeps its \\*stars\\* literal.');
    // Angle brackets as entities, or a markdown renderer hides `<w:p>` as an HTML tag.
    expect(md('Text')).toContain('Every &lt;w:p&gt; element is a paragraph.');
    expect(segments.find((s) => s.content.startsWith('Every'))!.content).toBe('Every <w:p> element is a paragraph.');
    expect(md('SectionHeader')).toEqual(['## Quarterly notes']);
    // Headers and footers are segments (content and markdown), and so in the export.
    expect(md('PageHeader')).toEqual(['Running header text']);
    expect(md('PageFooter')).toEqual(['Running footer text']);
    expect(exported).toContain('Running header text');
    expect(exported).toContain('Running footer text');
    expect(exported).toContain('- First bullet\n    - Nested bullet\n1. Step one\n2. Step two');
    // `1.1.` is no markdown list number: the label stays, as the text of a bullet item.
    expect(exported).toContain('1. Part one\n    - 1.1. Sub one');
    expect(exported).toBe(chunksMarkdown(chunks as never));
    // The export is every segment's markdown, in order, and nothing else.
    expect(exported.replace(/\s+/g, '')).toBe(segments.map((s) => s.markdown).join('').replace(/\s+/g, ''));
    // One renderer: with page furniture filtered out, the export is the document's own markdown.
    const body = await parse(bytes, 'notes.docx', { segment_filter: 'title,sectionheader,text,listitem,table,picture,caption,footnote,formula' });
    expect(body.exported).not.toContain('Running');
    expect(body.exported).toBe(documentMarkdown(loadDocx(bytes, 'notes.docx')));
  });

  it('PPTX: title, escaped text and bullet levels on consecutive lines', async () => {
    const bytes = conventionsPptx();
    const { segments, exported } = await parse(bytes, 'plan.pptx');
    expect(segments.map((s) => [s.segment_type, s.markdown])).toEqual([
      ['Title', '# Plan\\_2026'],
      ['ListItem', '- Ship the reader'],
      ['ListItem', '    - with tests'],
      ['ListItem', '- Measure it'],
      ['Text', 'Closing words.'],
    ]);
    expect(exported).toBe('# Plan\\_2026\n\n- Ship the reader\n    - with tests\n- Measure it\n\nClosing words.');
    expect(exported).toBe(documentMarkdown(loadPptx(bytes, 'plan.pptx')));
  });

  it.skipIf(!hasCorpus)('PPTX chart: the picture segment carries its series as a table', async () => {
    const bytes = new Uint8Array(fs.readFileSync(corpusPath('office/docling/tests/data/pptx/sources/pptx_chart.pptx')));
    const { segments, exported } = await parse(bytes, 'pptx_chart.pptx');
    const chart = segments.find((s) => s.segment_type === 'Picture' && s.markdown.includes('| --- |'))!;
    expect(chart.markdown).toMatch(/<!-- image -->\n\n\w+ chart\n\n\| {2}\| Freshwater Ducks \| Saltwater Ducks \|/);
    expect(exported).toBe(documentMarkdown(loadPptx(bytes, 'pptx_chart.pptx')));
  });
});

describe('OMML symbols', () => {
  const math = (body: string) => mathLatex(parseXml(`<m:oMath xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math">${body}</m:oMath>`, 'eq.xml').children.find((c) => c.name === 'm:oMath')!);
  const r = (t: string) => `<m:r><m:t>${t}</m:t></m:r>`;
  it('writes set operators, ellipses and n-ary operators as LaTeX commands', () => {
    expect(math(r('A∩B∪C…'))).toBe('A \\cap B \\cup C \\ldots');
    expect(math(`<m:nary><m:naryPr><m:chr m:val="⋀"/></m:naryPr><m:sub/><m:sup/><m:e>${r('x')}</m:e></m:nary>`)).toBe('\\bigwedge x');
    expect(math(`<m:nary><m:naryPr><m:chr m:val="∯"/></m:naryPr><m:sub>${r('0')}</m:sub><m:sup/><m:e>${r('y')}</m:e></m:nary>`)).toBe('\\oiint_{0}y');
  });
  it('writes a fraction without a bar as a stacked pair and a linear one with a slash', () => {
    const f = (type: string) => math(`<m:f><m:fPr><m:type m:val="${type}"/></m:fPr><m:num>${r('n')}</m:num><m:den>${r('k')}</m:den></m:f>`);
    expect(f('noBar')).toBe('\\genfrac{}{}{0pt}{}{n}{k}');
    expect(f('lin')).toBe('n/k');
    expect(f('bar')).toBe('\\frac{n}{k}');
  });
});
