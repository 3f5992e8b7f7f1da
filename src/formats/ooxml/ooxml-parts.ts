/**
 * Finding parts inside an xlsx package: which sheet part belongs to which sheet name,
 * and where a part's relationships point. SheetJS CE does not expose drawings, data
 * validations or font colours, so those few parts are read here with small, tolerant
 * regex scanners (the XML was already size-checked by the zip guard).
 */
import type { ZipPackage } from './zip-extract.js';

const decoder = new TextDecoder('utf-8');

export function partText(pkg: ZipPackage, path: string): string | null {
  const data = pkg.files.get(path);
  return data ? decoder.decode(data) : null;
}

export function decodeXmlEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    switch (e) {
      case 'amp':
        return '&';
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default: {
        const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : '';
      }
    }
  });
}

/** Attributes of one start tag (namespace prefixes stripped from the names). */
export function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    const name = m[1]!.includes(':') ? m[1]!.slice(m[1]!.indexOf(':') + 1) : m[1]!;
    out[name] = decodeXmlEntities(m[3] ?? m[4] ?? '');
  }
  return out;
}

/** Resolves a relationship target against the directory of the part that owns it. */
export function resolveTarget(ownerPart: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = ownerPart.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

export interface Relationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
}

/** Relationships of a part, from `<dir>/_rels/<file>.rels`. */
export function relationships(pkg: ZipPackage, ownerPart: string): Map<string, Relationship> {
  const slash = ownerPart.lastIndexOf('/');
  const relsPath = `${ownerPart.slice(0, slash + 1)}_rels/${ownerPart.slice(slash + 1)}.rels`;
  const xml = partText(pkg, relsPath);
  const out = new Map<string, Relationship>();
  if (!xml) return out;
  for (const m of xml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const a = attributes(m[0]);
    if (!a.Id || !a.Target) continue;
    const external = a.TargetMode === 'External';
    out.set(a.Id, { id: a.Id, type: a.Type ?? '', target: external ? a.Target : resolveTarget(ownerPart, a.Target), external });
  }
  return out;
}

export function workbookPartPath(pkg: ZipPackage): string {
  const rootRels = relationships(pkg, '');
  for (const rel of rootRels.values()) if (/officeDocument$/.test(rel.type)) return rel.target;
  return pkg.files.has('xl/workbook.bin') ? 'xl/workbook.bin' : 'xl/workbook.xml';
}

/** Sheet name → sheet part path, in workbook order. */
export function sheetPartPaths(pkg: ZipPackage): Map<string, string> {
  const wbPath = workbookPartPath(pkg);
  const xml = partText(pkg, wbPath);
  const out = new Map<string, string>();
  if (!xml || wbPath.endsWith('.bin')) return out;
  const rels = relationships(pkg, wbPath);
  for (const m of xml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const a = attributes(m[0]);
    const rel = a.id ? rels.get(a.id) : undefined;
    if (a.name && rel) out.set(a.name, rel.target);
  }
  return out;
}
