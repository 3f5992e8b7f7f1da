/**
 * DOCX inline formatting read into DocItem.runs and rendered by the markdown and v1 HTML
 * serializers: bold, italic, underline, strikethrough, links, checkbox controls (task-list
 * items) and comments. The DOCX is written by the `docx` package in the test.
 */
import fs from 'node:fs';
import { CheckBox, CommentRangeEnd, CommentRangeStart, CommentReference, Document, ExternalHyperlink, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { loadDocx } from '../../src/formats/docx/load-docx.js';
import { documentMarkdown } from '../../src/render/markdown-pages.js';
import { renderItem } from '../../src/render/segments.js';
import { exportDocx } from '../../src/render/export-docx.js';
import { markdownSimilarity } from '../../bench/lib/markdown-similarity.js';
import { corpusPath, hasCorpus } from '../helpers.js';

async function formattedDocx(): Promise<Uint8Array> {
  const doc = new Document({
    comments: { children: [{ id: 0, author: 'Ann Reviewer', initials: 'AR', date: new Date('2026-01-02T03:04:05Z'), children: [new Paragraph('Check this figure')] }] },
    sections: [
      {
        children: [
          new Paragraph({
            children: [
              new TextRun('Plain '),
              new TextRun({ text: 'bold', bold: true }),
              new TextRun(' and '),
              new TextRun({ text: 'italic words', italics: true }),
              new TextRun(', '),
              new TextRun({ text: 'underlined', underline: {} }),
              new TextRun(', '),
              new TextRun({ text: 'struck', strike: true }),
              new TextRun(' then a '),
              new ExternalHyperlink({ link: 'https://example.org/x', children: [new TextRun({ text: 'bold link', bold: true })] }),
              new TextRun('.'),
            ],
          }),
          new Paragraph({ children: [new CommentRangeStart(0), new TextRun('Revenue grew 4%.'), new CommentRangeEnd(0), new TextRun({ children: [new CommentReference(0)] })] }),
          new Paragraph({ children: [new CheckBox({ checked: true }), new TextRun(' Write the tests')] }),
          new Paragraph({ children: [new CheckBox({ checked: false }), new TextRun(' Ship it')] }),
          new Paragraph('Nothing formatted here.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

describe('DOCX inline formatting', () => {
  it('reads runs with their formatting, checkbox items and comments; renders them', async () => {
    const doc = loadDocx(await formattedDocx(), 'formatted.docx');
    const first = doc.items[0]!;
    expect(first.text).toBe('Plain bold and italic words, underlined, struck then a bold link.');
    // The model's promise: runs join to the item's text exactly.
    expect(first.runs!.map((r) => r.text).join('')).toBe(first.text);
    expect(first.runs).toContainEqual({ text: 'bold', bold: true });
    expect(first.runs).toContainEqual({ text: 'underlined', underline: true });
    expect(first.runs).toContainEqual({ text: 'bold link', bold: true, href: 'https://example.org/x' });

    const md = documentMarkdown(doc);
    expect(md).toContain('Plain **bold** and *italic words*, underlined, ~~struck~~ then a [**bold link**](https://example.org/x).');
    expect(md).toContain('- [x] Write the tests\n- [ ] Ship it');
    expect(md).toContain('Nothing formatted here.');
    expect(doc.items.find((i) => i.text === 'Nothing formatted here.')!.runs).toBeUndefined();

    const html = renderItem(first).html;
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<u>underlined</u>');
    expect(html).toContain('<s>struck</s>');
    expect(html).toContain('<a href="https://example.org/x"><strong>bold link</strong></a>');

    const tasks = doc.items.filter((i) => i.type === 'ListItem');
    expect(tasks.map((t) => [t.text, t.list!.checked])).toEqual([
      ['Write the tests', true],
      ['Ship it', false],
    ]);
    expect(renderItem(tasks[0]!).html).toContain('<input type="checkbox" disabled checked>');

    const commented = doc.items.find((i) => i.text === 'Revenue grew 4%.')!;
    expect(commented.comments).toEqual([{ text: 'Check this figure', author: 'Ann Reviewer', initials: 'AR', date: expect.stringMatching(/^2026-01-02T03:04:05/) }]);
    expect(renderItem(commented).html).toContain('<aside class="comment" data-author="Ann Reviewer"');
    // Comments are annotations, not content: the markdown of the text stays as written.
    expect(md).not.toContain('Check this figure');
  });

  it('keeps the formatting through the DOCX export (the export reopens with the same runs)', async () => {
    const doc = loadDocx(await formattedDocx(), 'formatted.docx');
    const again = loadDocx(await exportDocx(doc), 'exported.docx');
    const first = again.items.find((i) => i.text.startsWith('Plain'))!;
    expect(first.text).toBe(doc.items[0]!.text);
    expect(first.runs).toEqual(expect.arrayContaining([
      { text: 'bold', bold: true },
      { text: 'italic words', italic: true },
      { text: 'underlined', underline: true },
      { text: 'struck', strike: true },
      expect.objectContaining({ text: 'bold link', bold: true, href: 'https://example.org/x' }),
    ]));
    expect(again.items.some((i) => i.text === '☒ Write the tests')).toBe(true);
  });

  it.skipIf(!hasCorpus)('matches docling on its formatting and checkbox files (similarity >= 0.90)', () => {
    for (const name of ['unit_test_formatting.docx', 'docx_checkboxes.docx']) {
      const dir = corpusPath('office/docling/tests/data/docx');
      const doc = loadDocx(fs.readFileSync(`${dir}/sources/${name}`), name);
      const gt = fs.readFileSync(`${dir}/groundtruth/${name}.md`, 'utf8');
      expect(markdownSimilarity(documentMarkdown(doc), gt), name).toBeGreaterThanOrEqual(0.9);
    }
  });
});
