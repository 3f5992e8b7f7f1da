/**
 * Guarded, lazy access to the parts of an OOXML package (docx, pptx). The central
 * directory is read first (formats/xlsx/zip-directory.ts) so entry count, declared sizes
 * and compression ratios are checked before anything is inflated, and inflation is capped
 * at the declared size (a forged header cannot make a part grow). Parts are inflated only
 * when a reader asks for them: media stays compressed unless a picture is exported.
 */
import { inflateRawSync } from 'node:zlib';
import { ProcessingError } from '../../errors.js';
import { entryData, readZipDirectory, ZipEntryLimitError, type ZipEntry } from '../ooxml/zip-directory.js';
import { parseXml, type XmlNode } from './xml-tree.js';

export interface OfficeLimits {
  maxEntries: number;
  maxPartBytes: number;
  maxTotalBytes: number;
  maxCompressionRatio: number;
  ratioCheckMinBytes: number;
}

export const DEFAULT_OFFICE_LIMITS: Readonly<OfficeLimits> = Object.freeze({
  maxEntries: 10_000,
  maxPartBytes: 128 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
  maxCompressionRatio: 100,
  ratioCheckMinBytes: 16 * 1024 * 1024,
});

function mib(n: number): string {
  return `${Math.round(n / (1024 * 1024))} MiB`;
}

export class OfficePackage {
  private readonly entries = new Map<string, ZipEntry>();
  private readonly cache = new Map<string, Uint8Array>();
  private inflatedTotal = 0;
  private contentTypes: { defaults: Map<string, string>; overrides: Map<string, string> } | undefined;

  constructor(
    private readonly bytes: Uint8Array,
    readonly fileName: string,
    private readonly limits: OfficeLimits = DEFAULT_OFFICE_LIMITS,
  ) {
    let list: ZipEntry[];
    try {
      list = readZipDirectory(bytes, limits.maxEntries);
    } catch (err) {
      if (err instanceof ZipEntryLimitError) throw new ProcessingError('too_large', `"${fileName}" lists ${err.count} parts (limit ${limits.maxEntries}).`);
      throw new ProcessingError('corrupt_document', `"${fileName}" is not a readable office package: ${(err as Error).message}`);
    }
    if (list.some((e) => e.flags & 0x1)) throw new ProcessingError('password_required', `"${fileName}" is encrypted; remove the password and resubmit.`);
    for (const e of list) {
      if (e.uncompressedSize > limits.maxPartBytes) throw new ProcessingError('too_large', `Part ${e.name} declares ${mib(e.uncompressedSize)} (limit ${mib(limits.maxPartBytes)}).`);
      if (e.uncompressedSize >= limits.ratioCheckMinBytes && e.uncompressedSize > limits.maxCompressionRatio * Math.max(1, e.compressedSize)) {
        throw new ProcessingError('too_large', `Part ${e.name} expands ${Math.round(e.uncompressedSize / Math.max(1, e.compressedSize))}x, which looks like a zip bomb.`);
      }
      this.entries.set(e.name.replace(/^\/+/, ''), e);
    }
  }

  get names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The part's bytes, or undefined when absent. */
  part(name: string): Uint8Array | undefined {
    const cached = this.cache.get(name);
    if (cached) return cached;
    const e = this.entries.get(name);
    if (!e) return undefined;
    const raw = entryData(this.bytes, e);
    let data: Uint8Array;
    if (e.method === 0) data = raw;
    else if (e.method === 8) {
      try {
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, Math.min(e.uncompressedSize, this.limits.maxPartBytes)) });
      } catch (err) {
        if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw new ProcessingError('too_large', `Part ${name} inflates beyond its declared size (forged sizes, likely a zip bomb).`);
        }
        throw new ProcessingError('corrupt_document', `Part ${name} cannot be inflated: ${(err as Error).message}`);
      }
    } else throw new ProcessingError('corrupt_document', `Part ${name} uses unsupported compression method ${e.method}.`);
    this.inflatedTotal += data.byteLength;
    if (this.inflatedTotal > this.limits.maxTotalBytes) throw new ProcessingError('too_large', `"${this.fileName}" inflates to more than ${mib(this.limits.maxTotalBytes)}.`);
    this.cache.set(name, data);
    return data;
  }

  xml(name: string): XmlNode | undefined {
    const data = this.part(name);
    return data ? parseXml(data, name) : undefined;
  }

  /** The part's declared content type (`[Content_Types].xml`: its override, else its extension's default). */
  contentType(name: string): string | undefined {
    if (!this.contentTypes) {
      let root: ReturnType<OfficePackage['xml']>;
      try {
        root = this.xml('[Content_Types].xml')?.children.find((c) => c.name === 'Types');
      } catch (err) {
        if ((err as { code?: string }).code === 'too_large') throw err;
        root = undefined; // unreadable: no declared types (callers fall back to the extension)
      }
      const defaults = new Map<string, string>();
      const overrides = new Map<string, string>();
      for (const c of root?.children ?? []) {
        if (c.name === 'Default' && c.attrs.Extension) defaults.set(c.attrs.Extension.toLowerCase(), c.attrs.ContentType ?? '');
        else if (c.name === 'Override' && c.attrs.PartName) overrides.set(c.attrs.PartName.replace(/^\/+/, ''), c.attrs.ContentType ?? '');
      }
      this.contentTypes = { defaults, overrides };
    }
    const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    return this.contentTypes.overrides.get(name) ?? this.contentTypes.defaults.get(ext);
  }

  /** Relationships of a part: id → { target (resolved package path or external URL), type, external }. */
  rels(partName: string): Map<string, { target: string; type: string; external: boolean }> {
    const slash = partName.lastIndexOf('/');
    const dir = slash >= 0 ? partName.slice(0, slash) : '';
    const base = slash >= 0 ? partName.slice(slash + 1) : partName;
    const relsName = `${dir ? dir + '/' : ''}_rels/${base}.rels`;
    const out = new Map<string, { target: string; type: string; external: boolean }>();
    const tree = this.xml(relsName);
    if (!tree) return out;
    const root = tree.children.find((c) => c.name === 'Relationships');
    for (const r of root?.children ?? []) {
      if (r.name !== 'Relationship') continue;
      const external = r.attrs.TargetMode === 'External';
      const target = r.attrs.Target ?? '';
      out.set(r.attrs.Id ?? '', { target: external ? target : resolvePath(dir, target), type: r.attrs.Type ?? '', external });
    }
    return out;
  }
}

/** Resolves a relationship target against the source part's folder. */
export function resolvePath(dir: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = dir ? dir.split('/') : [];
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}
