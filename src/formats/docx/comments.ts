/**
 * Word's comments part (`word/comments.xml`): id → the comment's author, initials, date and
 * text. The body marks where each comment applies (`w:commentRangeStart`,
 * `w:commentReference`, read by runs.ts); the loader attaches a comment to the paragraph
 * its range starts in, so it stays with the words it is about.
 */
import type { DocComment } from '../../model/quire-document.js';
import { child, children, findAll, textOf, type XmlNode } from '../office/xml-tree.js';

export function readComments(tree: XmlNode | undefined): Map<string, DocComment> {
  const out = new Map<string, DocComment>();
  for (const c of children(child(tree, 'w:comments'), 'w:comment')) {
    const id = c.attrs['w:id'];
    if (id === undefined) continue;
    const text = findAll(c, 'w:p')
      .map((p) => findAll(p, 'w:t').map(textOf).join(''))
      .filter((t) => t.trim())
      .join('\n')
      .trim();
    if (!text) continue;
    const comment: DocComment = { text };
    if (c.attrs['w:author']) comment.author = c.attrs['w:author'];
    if (c.attrs['w:initials']) comment.initials = c.attrs['w:initials'];
    if (c.attrs['w:date']) comment.date = c.attrs['w:date'];
    out.set(id, comment);
  }
  return out;
}
