/**
 * Two DOCX constructs read as docling reads them (its ground truth is the corpus's):
 * - drawn shapes (DrawingML text boxes with an outline, connectors, arrows): a paragraph's
 *   shapes are one Picture after its text boxes' text; a shape that draws nothing (no fill,
 *   no outline, no text) is none; a paragraph with a real picture has only that picture;
 * - rich table cells: formatting and checkbox controls in cells reach the markdown
 *   and the v1 segment's HTML (`**Services**`, `- [x] Coffee`, checkbox inputs), while the
 *   cell's text stays plain.
 * The shapes' DOCX is written part by part here (the `docx` package writes no DrawingML
 * shapes); the table's by the `docx` package.
 */
import fs from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { CheckBox, Document, ExternalHyperlink, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { loadDocx } from '../../src/formats/docx/load-docx.js';
import { documentMarkdown } from '../../src/render/markdown-pages.js';
import { renderItem } from '../../src/render/segments.js';
import { markdownSimilarity } from '../../bench/lib/markdown-similarity.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const NS = [
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"',
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"',
].join(' ');

/** One anchored DrawingML shape: `spPr` inner XML and optional text-box paragraphs. */
function shape(id: number, spPr: string, text?: string): string {
  const box = text ? `<wps:txbx><w:txbxContent><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:txbxContent></wps:txbx>` : '';
  return `<w:r><w:drawing><wp:anchor><wp:extent cx="900000" cy="300000"/><wp:docPr id="${id}" name="Shape ${id}"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:spPr>${spPr}</wps:spPr>${box}<wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>`;
}

const picture = `<w:r><w:drawing><wp:inline><wp:extent cx="900000" cy="300000"/><wp:docPr id="9" name="Picture 9" descr="A photo"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:blipFill><a:blip r:embed="rId9"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;

const outlined = '<a:prstGeom prst="rect"/><a:ln w="9525"><a:solidFill><a:srgbClr val="000000"/></a:solidFill></a:ln>';
const arrow = '<a:prstGeom prst="straightConnector1"/><a:ln><a:tailEnd type="triangle"/></a:ln>';
const invisible = '<a:prstGeom prst="rect"/><a:noFill/><a:ln><a:noFill/></a:ln>';

function shapesDocx(): Uint8Array {
  const body = [
    '<w:p><w:r><w:t>Before the flow chart.</w:t></w:r></w:p>',
    `<w:p>${shape(1, outlined, 'Student falls ill')}${shape(2, arrow)}</w:p>`,
    `<w:p>${shape(3, invisible)}</w:p>`,
    `<w:p>${picture}${shape(4, arrow)}</w:p>`,
    '<w:p><w:r><w:t>After it.</w:t></w:r></w:p>',
  ].join('');
  return zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
    '_rels/.rels': strToU8('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
    'word/document.xml': strToU8(`<?xml version="1.0"?><w:document ${NS}><w:body>${body}</w:body></w:document>`),
  });
}

async function richTableDocx(): Promise<Uint8Array> {
  const cell = (...children: Paragraph[]) => new TableCell({ children });
  const doc = new Document({
    sections: [
      {
        children: [
          new Table({
            rows: [
              new TableRow({ children: [cell(new Paragraph({ children: [new TextRun({ text: 'Services', bold: true })] })), cell(new Paragraph('Notes'))] }),
              new TableRow({
                children: [
                  cell(new Paragraph('Pick any:'), new Paragraph({ children: [new CheckBox({ checked: true }), new TextRun(' Coffee')] }), new Paragraph({ children: [new CheckBox({ checked: false }), new TextRun(' Tea')] })),
                  cell(new Paragraph({ children: [new TextRun('See '), new ExternalHyperlink({ link: 'https://example.org/menu', children: [new TextRun('the menu')] })] })),
                ],
              }),
            ],
          }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

describe('DOCX drawn shapes and rich table cells', () => {
  it("gives a paragraph's drawn shapes one picture after its text boxes; nothing for an invisible shape", () => {
    const doc = loadDocx(shapesDocx(), 'shapes.docx');
    expect(doc.items.map((i) => [i.type, i.text])).toEqual([
      ['Text', 'Before the flow chart.'],
      ['Text', 'Student falls ill'],
      ['Picture', ''], // the outlined box and the arrow, drawn together
      ['Picture', 'A photo'], // a real picture stands for its paragraph's drawings
      ['Text', 'After it.'],
    ]);
    expect(documentMarkdown(doc)).toBe('Before the flow chart.\n\nStudent falls ill\n\n<!-- image -->\n\n<!-- image -->\n\nAfter it.');
  });

  it('renders formatting and checkbox controls of table cells in markdown; the cell text stays plain', async () => {
    const doc = loadDocx(await richTableDocx(), 'rich-table.docx');
    const table = doc.items.find((i) => i.type === 'Table')!;
    const picks = table.table!.cells.find((c) => c.text.startsWith('Pick any:'))!;
    expect(picks.text).toBe('Pick any:\n☒ Coffee\n☐ Tea');
    // The model's promise: runs join to the cell's text exactly.
    expect(picks.runs!.map((r) => r.text).join('')).toBe(picks.text);
    const md = documentMarkdown(doc);
    expect(md).toContain('| **Services** | Notes |');
    expect(md).toContain('| Pick any: - [x] Coffee - [ ] Tea | See the menu |');
    // The v1 segment of the table (html, markdown) shows the same, with its own line breaks.
    const seg = renderItem(table);
    expect(seg.html).toContain('<td><strong>Services</strong></td>');
    expect(seg.html).toContain('<td>Pick any:<br><input type="checkbox" disabled checked> Coffee<br><input type="checkbox" disabled> Tea</td>');
    expect(seg.markdown).toContain('| **Services** | Notes |');
    expect(seg.markdown).toContain('| Pick any:<br>- [x] Coffee<br>- [ ] Tea | See the menu |');
  });

  it.skipIf(!hasCorpus)('matches docling on its text box, drawing and checkbox files (similarity >= 0.90)', () => {
    const dir = corpusPath('office/docling/tests/data/docx');
    for (const name of ['textbox.docx', 'drawingml.docx', 'docx_checkboxes.docx', 'docx_rich_cells.docx', 'docx_rich_tables_01.docx']) {
      const doc = loadDocx(fs.readFileSync(`${dir}/sources/${name}`), name);
      const gt = fs.readFileSync(`${dir}/groundtruth/${name}.md`, 'utf8');
      expect(markdownSimilarity(documentMarkdown(doc), gt), name).toBeGreaterThanOrEqual(0.9);
    }
  });
});
