/**
 * A slide's comments, in both of PowerPoint's forms: the classic list (`p:cmLst` in
 * ppt/comments/commentN.xml, authors in ppt/commentAuthors.xml by number) and the modern
 * threaded one (`p188:cmLst` in modernComment_*.xml, authors in ppt/authors.xml by id,
 * replies nested in `p188:replyLst`). Comments sit on the slide at a point, not in a shape,
 * so the loader places them after the slide's content, each as an item marked `comment`
 * (the markdown writes `[author: Name (I), time: T]: text`, as docling does).
 */
import type { DocComment } from '../../model/quire-document.js';
import type { OfficePackage } from '../office/office-package.js';
import { findAll, textOf, type XmlNode } from '../office/xml-tree.js';

type Rels = ReturnType<OfficePackage['rels']>;
type Author = { name?: string; initials?: string };

const local = (n: XmlNode) => n.name.slice(n.name.indexOf(':') + 1);

function elements(node: XmlNode | undefined, localName: string, out: XmlNode[] = []): XmlNode[] {
  for (const c of node?.children ?? []) {
    if (local(c) === localName) out.push(c);
    elements(c, localName, out);
  }
  return out;
}

/** Authors of both lists: classic ids are numbers, modern ids GUIDs, so one map holds both. */
export function commentAuthors(pkg: OfficePackage, presRels: Rels): Map<string, Author> {
  const out = new Map<string, Author>();
  for (const r of presRels.values()) {
    if (r.external || !/\/(commentAuthors|authors)$/.test(r.type)) continue;
    for (const a of [...elements(pkg.xml(r.target), 'cmAuthor'), ...elements(pkg.xml(r.target), 'author')]) {
      if (a.attrs.id !== undefined) out.set(a.attrs.id, { name: a.attrs.name, initials: a.attrs.initials });
    }
  }
  return out;
}

function comment(cm: XmlNode, text: string, authors: Map<string, Author>): DocComment {
  const a = authors.get(cm.attrs.authorId ?? '');
  const out: DocComment = { text };
  if (a?.name) out.author = a.name;
  if (a?.initials) out.initials = a.initials;
  const date = cm.attrs.dt ?? cm.attrs.created;
  if (date) out.date = date;
  return out;
}

/** The slide's comments, in the order the file lists them (replies after their comment). */
export function slideComments(pkg: OfficePackage, slideRels: Rels, authors: Map<string, Author>): DocComment[] {
  const out: DocComment[] = [];
  for (const r of slideRels.values()) {
    if (r.external || !/\/comments$/.test(r.type)) continue;
    const tree = pkg.xml(r.target);
    for (const cm of elements(tree, 'cm')) {
      // Classic: <p:text>; modern: <p188:txBody> with a:p/a:t, and replies with their own bodies.
      const classic = cm.children.find((c) => local(c) === 'text');
      const body = (n: XmlNode) => findAll(n.children.find((c) => local(c) === 'txBody'), 'a:p').map((p) => findAll(p, 'a:t').map(textOf).join('')).join('\n').trim();
      const text = classic ? textOf(classic).trim() : body(cm);
      if (text) out.push(comment(cm, text, authors));
      for (const reply of elements(cm, 'reply')) {
        const t = body(reply);
        if (t) out.push(comment(reply, t, authors));
      }
    }
  }
  return out;
}
