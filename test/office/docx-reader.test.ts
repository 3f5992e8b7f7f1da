import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDocx } from '../../src/formats/docx/load-docx.js';
import { documentMarkdown } from '../../src/render/markdown-pages.js';
import { markdownSimilarity } from '../../bench/lib/markdown-similarity.js';
import { corpusPath, hasCorpus } from '../helpers.js';
import { sampleDocx } from '../../bench/lib/sample-docx.js';

describe('DOCX reader', () => {
  it('reads headings, links, lists with numbering, a spanning table and page breaks', async () => {
    const doc = loadDocx(await sampleDocx(), 'report.docx');
    const types = doc.items.map((i) => i.type);
    expect(doc.items[0]).toMatchObject({ type: 'Title', text: 'Annual Report', level: 0 });
    expect(doc.items.find((i) => i.text === 'Introduction')).toMatchObject({ type: 'SectionHeader', level: 1 });
    expect(doc.items.find((i) => i.text === 'Details')).toMatchObject({ type: 'SectionHeader', level: 2 });
    expect(doc.items.find((i) => i.text.startsWith('See the'))!.links).toEqual([{ text: 'full report', href: 'https://example.org/report' }]);
    const lists = doc.items.filter((i) => i.type === 'ListItem');
    expect(lists.map((l) => [l.text, l.list!.ordered, l.list!.depth, l.list!.marker])).toEqual([
      ['First bullet', false, 0, '•'],
      ['Nested bullet', false, 1, '•'],
      ['Step one', true, 0, '1.'],
      ['Step two', true, 0, '2.'],
    ]);
    const table = doc.items.find((i) => i.type === 'Table')!.table!;
    expect(table).toMatchObject({ rowCount: 3, colCount: 3, headerRows: 1 });
    expect(table.cells.find((c) => c.text === 'Sales')).toMatchObject({ row: 0, col: 1, colSpan: 2, rowSpan: 1 });
    expect(table.cells.find((c) => c.text === 'North')).toMatchObject({ row: 1, col: 0, rowSpan: 2 });
    expect(types).toContain('Text');
    // The explicit page break puts the closing paragraph on page 2; no geometry without a renderer.
    const closing = doc.items.find((i) => i.text.startsWith('Closing'))!;
    expect(closing.prov[0]).toEqual({ pageNumber: 2, bbox: null });
    expect(doc.pages).toHaveLength(2);
    expect(doc.metadata).toMatchObject({ pagination: 'explicit-page-breaks', boxes: 'none' });
    const md = documentMarkdown(doc);
    expect(md).toContain('# Annual Report');
    expect(md).toContain('## Introduction');
    expect(md).toContain('[full report](https://example.org/report)');
    expect(md).toContain('- First bullet\n    - Nested bullet\n1. Step one\n2. Step two');
    expect(md).toContain('| Region | Sales | Sales |');
  });

  it('refuses a damaged package and an XML part with entity declarations', async () => {
    expect(() => loadDocx(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]), 'bad.docx')).toThrow(/not a readable office package/);
    const { zipSync, strToU8 } = await import('fflate');
    const evil = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/document.xml': strToU8('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><w:document><w:body><w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>'),
    });
    expect(() => loadDocx(evil, 'evil.docx')).toThrow(/DOCTYPE/);
    // A part that expands more than 100x past 16 MiB is a zip bomb: refused before inflating.
    const bomb = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    expect(() => loadDocx(bomb, 'bomb.docx')).toThrow(/zip bomb/);
  });

  it.skipIf(!hasCorpus)('matches docling ground truth on word_sample.docx (similarity >= 0.9)', () => {
    const dir = corpusPath('office/docling/tests/data/docx');
    const doc = loadDocx(fs.readFileSync(`${dir}/sources/word_sample.docx`), 'word_sample.docx');
    const gt = fs.readFileSync(`${dir}/groundtruth/word_sample.docx.md`, 'utf8');
    expect(markdownSimilarity(documentMarkdown(doc), gt)).toBeGreaterThanOrEqual(0.9);
    expect(doc.items.filter((i) => i.type === 'Table')).toHaveLength(1);
  });
});
