/**
 * Vertical writing in a PDF's text layer (formats/pdf/vertical-text.ts): glyphs of a font
 * with a vertical CMap (Identity-V) advance down the page. Laid out as horizontal text the
 * column ran off the page and was dropped. A PDF is written here by hand (a Type0 font with
 * Identity-V and a ToUnicode map, no font program: the text layer is all that matters),
 * its column of five kana placed so that a horizontal layout would leave the page; and the
 * corpus's pdf.js vertical.pdf, which pdftotext reads, when the corpus is present.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const KANA = ['あ', 'い', 'う', 'え', 'お'];

/** A 200 x 300 pt page: five kana set vertically from (150, 280) in 12-pt type, and one horizontal Helvetica line. */
function verticalPdf(): Uint8Array {
  const toUnicode = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /Test-UCS2 def /CMapType 2 def',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    `${KANA.length} beginbfchar`,
    ...KANA.map((k, i) => `<${(0x41 + i).toString(16).padStart(4, '0')}> <${k.codePointAt(0)!.toString(16).padStart(4, '0')}>`),
    'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const content = ['BT /F1 12 Tf 1 0 0 1 150 280 Tm <00410042004300440045> Tj ET', 'BT /F2 10 Tf 1 0 0 1 20 150 Tm (Horizontal words stay) Tj ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Resources << /Font << /F1 5 0 R /F2 9 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /TestMincho /Encoding /Identity-V /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>',
    '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /TestMincho /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 8 0 R /DW 1000 /CIDToGIDMap /Identity >>',
    `<< /Length ${toUnicode.length} >>\nstream\n${toUnicode}\nendstream`,
    '<< /Type /FontDescriptor /FontName /TestMincho /Flags 4 /FontBBox [0 -120 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

interface Seg {
  content: string;
  bbox: { left: number; top: number; width: number; height: number };
}

let engine: Engine;
beforeAll(() => {
  engine = createEngine({ workers: 1 });
});
afterAll(async () => {
  await engine.close();
});

async function segments(input: string | Uint8Array): Promise<Seg[]> {
  const res = await engine.waitForJob((await engine.parse(input, {})).job_id);
  expect(res.status).toBe('Succeeded');
  return (res.chunks ?? []).flatMap((c) => c.segments as unknown as Seg[]);
}

describe('vertical text in the text layer', () => {
  it('keeps a column of vertical kana, top to bottom, where its glyphs are drawn', async () => {
    const segs = await segments(verticalPdf());
    const kana = segs.find((s) => s.content.includes(KANA.join('')));
    expect(kana, segs.map((s) => s.content).join(' | ')).toBeDefined();
    // One em (12 pt) wide, five ems tall, hanging below the origin (150, 20 from the top), centred on x = 150.
    expect(kana!.bbox.height).toBeGreaterThan(4 * kana!.bbox.width);
    expect(kana!.bbox.left).toBeCloseTo(144, 0);
    expect(kana!.bbox.top).toBeCloseTo(20, 0);
    expect(kana!.bbox.top + kana!.bbox.height).toBeCloseTo(80, 0);
    // Horizontal text beside it is read as before.
    expect(segs.some((s) => s.content.includes('Horizontal words stay'))).toBe(true);
  });

  it.skipIf(!hasCorpus)("reads pdf.js's vertical.pdf as pdftotext does: both vertical strings", async () => {
    const text = (await segments(corpusPath('robustness/pdf.js/test/pdfs/vertical.pdf'))).map((s) => s.content).join('\n');
    expect(text).toContain('あいうえお');
    expect(text).toContain('日本語');
  });
});
