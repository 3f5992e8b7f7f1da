/**
 * PPTX: slide comments (classic list with its authors), pictures that draw nothing (no blip,
 * a dangling relationship, a part typed as text, a file-linked image) left out, and a row
 * of side-by-side shapes read left to right though their tops differ by a point or two.
 */
import fs from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadPptx } from '../../src/formats/pptx/load-pptx.js';
import { documentMarkdown } from '../../src/render/markdown-pages.js';
import { corpusPath, hasCorpus } from '../helpers.js';

const pptx = (name: string) => loadPptx(fs.readFileSync(corpusPath(`office/docling/tests/data/pptx/sources/${name}`)), name);

describe.skipIf(!hasCorpus)('PPTX comments, broken pictures and rows', () => {
  it('keeps slide comments with author, initials and time after the slide content', () => {
    const doc = pptx('powerpoint_comments.pptx');
    const comments = doc.items.filter((i) => i.comment);
    expect(comments.map((c) => [c.prov[0]!.pageNumber, c.comment!.author, c.text])).toEqual([
      [1, 'John Reviewer', 'This is a sample reviewer comment'],
      [1, 'Jane Smith', 'This is a sample response'],
      [3, 'Jane Smith', 'This is a cool feature'],
      [3, 'Jane Smith', 'I need to try this out!'],
    ]);
    // Each follows every content item of its slide.
    for (const c of comments) {
      const at = doc.items.indexOf(c);
      expect(doc.items.slice(at + 1).every((i) => i.comment || i.prov[0]!.pageNumber > c.prov[0]!.pageNumber)).toBe(true);
    }
    expect(documentMarkdown(doc)).toContain('[author: John Reviewer (JR), time: 2026-01-01T00:00:00]: This is a sample reviewer comment');
  });

  it('leaves out pictures whose image part is missing, mistyped or linked, keeps embedded ones', () => {
    expect(pptx('powerpoint_malformed_pictures.pptx').items.filter((i) => i.type === 'Picture')).toHaveLength(0);
    const withImage = pptx('powerpoint_with_image.pptx');
    expect(withImage.items.filter((i) => i.type === 'Picture')).toHaveLength(1);
    expect(withImage.items.some((i) => i.text === 'Image linked to file')).toBe(true);
  });

  it('keeps the slides when a comment part or the content types are damaged', () => {
    const name = 'powerpoint_comments.pptx';
    const parts = unzipSync(new Uint8Array(fs.readFileSync(corpusPath(`office/docling/tests/data/pptx/sources/${name}`))));
    parts['ppt/comments/comment1.xml'] = strToU8('<p:cmLst xmlns:p="x"><p:cm authorId="0"><p:text>cut');
    parts['[Content_Types].xml'] = strToU8('<Types><Default');
    const doc = loadPptx(zipSync(parts), name);
    expect(doc.items.find((i) => i.type === 'Title')?.text).toBe('Test Slide With Comments');
    // The truncated part yields no comment (the XML reader does not validate); slide 3's remain.
    expect(doc.items.filter((i) => i.comment).map((c) => c.text)).toEqual(['This is a cool feature', 'I need to try this out!']);
  });

  it('reads a row of shapes with nearly equal tops left to right', () => {
    const slide3 = pptx('powerpoint_sample.pptx').items.filter((i) => i.prov[0]!.pageNumber === 3 && i.type === 'ListItem');
    const firsts = [...new Set(slide3.map((i) => JSON.stringify(i.prov[0]!.bbox)))].map((b) => JSON.parse(b).left as number);
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
    expect(slide3[slide3.length - 1]!.text.trim()).toBe('l3');
  });
});
