/**
 * A small, ordered element tree over fast-xml-parser, for the OOXML readers (docx, pptx,
 * charts). Word and PowerPoint meaning lives in element ORDER (runs, paragraphs, cells), so
 * the parser runs with `preserveOrder`; names keep their prefix (`w:p`, `a:t`), which OOXML
 * writers use consistently. OOXML never carries a DOCTYPE: a part that does is refused, so
 * no entity expansion (billion laughs) can happen; only the five predefined entities and
 * numeric references are decoded.
 */
import { XMLParser } from 'fast-xml-parser';
import { ProcessingError } from '../../errors.js';

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** Text of a `#text` node (name '#text'); '' for elements. */
  text: string;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
});

type Raw = Record<string, unknown>;

function convert(raw: Raw[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const r of raw) {
    let attrs: Record<string, string> = {};
    for (const key of Object.keys(r)) {
      if (key === ':@') {
        attrs = r[key] as Record<string, string>;
        continue;
      }
      if (key === '#text') {
        out.push({ name: '#text', attrs: {}, children: [], text: String(r[key]) });
        continue;
      }
      if (key.startsWith('?')) continue; // processing instruction
      out.push({ name: key, attrs: {}, children: convert((r[key] as Raw[]) ?? []), text: '' });
    }
    const last = out[out.length - 1];
    if (last && last.name !== '#text' && Object.keys(attrs).length) last.attrs = attrs;
  }
  return out;
}

/** Parses one XML part; throws `corrupt_document` on malformed XML or a DOCTYPE. */
export function parseXml(data: Uint8Array | string, partName: string): XmlNode {
  const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
  if (/<!DOCTYPE/i.test(text.slice(0, 4096)) || /<!ENTITY/i.test(text)) {
    throw new ProcessingError('corrupt_document', `Part ${partName} declares a DOCTYPE or entities, which office documents never do; refused.`);
  }
  let raw: Raw[];
  try {
    raw = parser.parse(text) as Raw[];
  } catch (err) {
    throw new ProcessingError('corrupt_document', `Part ${partName} is not well-formed XML: ${(err as Error).message}`);
  }
  return { name: '#document', attrs: {}, children: convert(raw), text: '' };
}

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}

export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

/** First descendant with the name, depth-first. */
export function find(node: XmlNode | undefined, name: string): XmlNode | undefined {
  if (!node) return undefined;
  for (const c of node.children) {
    if (c.name === name) return c;
    const d = find(c, name);
    if (d) return d;
  }
  return undefined;
}

/** Every descendant with the name, in document order. */
export function findAll(node: XmlNode | undefined, name: string, out: XmlNode[] = []): XmlNode[] {
  if (!node) return out;
  for (const c of node.children) {
    if (c.name === name) out.push(c);
    findAll(c, name, out);
  }
  return out;
}

/** Concatenated `#text` of the node's subtree. */
export function textOf(node: XmlNode | undefined): string {
  if (!node) return '';
  if (node.name === '#text') return node.text;
  let s = '';
  for (const c of node.children) s += textOf(c);
  return s;
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  return node?.attrs[name];
}
