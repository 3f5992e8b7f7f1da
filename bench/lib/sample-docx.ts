/** Builds real DOCX files (tests, benches) with the `docx` package: no fixture files needed. */
import { Document, ExternalHyperlink, HeadingLevel, LevelFormat, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun, AlignmentType } from 'docx';

export async function sampleDocx(extraPages = 0): Promise<Uint8Array> {
  const filler = Array.from({ length: extraPages }, (_, i) => [
    new Paragraph({ children: [new PageBreak()] }),
    new Paragraph({ text: `Chapter ${i + 2}`, heading: HeadingLevel.HEADING_1 }),
    ...Array.from({ length: 12 }, (_, k) => new Paragraph(`Paragraph ${k + 1} of chapter ${i + 2}: the quick brown fox jumps over the lazy dog, again and again, to fill a page with ordinary prose.`)),
    new Paragraph({ text: `Point ${i} one`, bullet: { level: 0 } }),
    new Paragraph({ text: `Point ${i} two`, bullet: { level: 1 } }),
  ]).flat();
  const doc = new Document({
    numbering: {
      config: [{ reference: 'steps', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }] }],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Annual Report', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: 'Introduction', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun('See the '), new ExternalHyperlink({ link: 'https://example.org/report', children: [new TextRun('full report')] }), new TextRun(' online.')] }),
          new Paragraph({ text: 'Details', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'First bullet', bullet: { level: 0 } }),
          new Paragraph({ text: 'Nested bullet', bullet: { level: 1 } }),
          new Paragraph({ text: 'Step one', numbering: { reference: 'steps', level: 0 } }),
          new Paragraph({ text: 'Step two', numbering: { reference: 'steps', level: 0 } }),
          new Table({
            rows: [
              new TableRow({ tableHeader: true, children: [new TableCell({ children: [new Paragraph('Region')] }), new TableCell({ columnSpan: 2, children: [new Paragraph('Sales')] })] }),
              new TableRow({ children: [new TableCell({ rowSpan: 2, children: [new Paragraph('North')] }), new TableCell({ children: [new Paragraph('Q1')] }), new TableCell({ children: [new Paragraph('10')] })] }),
              new TableRow({ children: [new TableCell({ children: [new Paragraph('Q2')] }), new TableCell({ children: [new Paragraph('12')] })] }),
            ],
          }),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph('Closing words on the second page.'),
          ...filler,
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}
