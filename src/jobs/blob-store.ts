/**
 * Where a job's files live: its input copy, segment crops, generated files and its result.
 * Keys are `<jobId>/<name>`; the engine deletes a job's files with deletePrefix(jobId). The
 * filesystem store keeps them under the private data folder (data-dir.ts); workers write
 * crops straight into localPath(prefix) (no copy through the main thread). A remote store
 * (S3, …) would implement the same interface with presigned URLs.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Readable } from 'node:stream';

export interface BlobStore {
  put(key: string, data: Uint8Array | string | Readable): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  /** A URL a reader can open: file:// locally; presigned when remote. */
  url(key: string): Promise<string>;
  /** The local file of a key (filesystem stores; workers write crops here). */
  localPath(key: string): string;
  /** Removes every blob under a prefix (a job's folder). */
  deletePrefix(prefix: string): Promise<void>;
  /** The top-level prefixes (job ids) present, with their last change (retention sweeps). */
  prefixes(): Promise<Array<{ prefix: string; modifiedMs: number }>>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export class FsBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  localPath(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`invalid blob key: ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Uint8Array | string | Readable): Promise<void> {
    const file = this.localPath(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    if (typeof data === 'string' || data instanceof Uint8Array) await fs.writeFile(file, data, { mode: 0o600 });
    else await pipeline(data, createWriteStream(file, { mode: 0o600 }));
  }

  async get(key: string): Promise<Uint8Array> {
    const buf = await fs.readFile(this.localPath(key));
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  stream(key: string): Readable {
    return createReadStream(this.localPath(key));
  }

  async url(key: string): Promise<string> {
    return pathToFileURL(this.localPath(key)).href;
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.rm(this.localPath(prefix), { recursive: true, force: true });
  }

  async prefixes(): Promise<Array<{ prefix: string; modifiedMs: number }>> {
    let names: string[];
    try {
      names = await fs.readdir(this.root);
    } catch {
      return [];
    }
    const out: Array<{ prefix: string; modifiedMs: number }> = [];
    for (const name of names) {
      if (!SAFE_KEY.test(name)) continue;
      const st = await fs.lstat(path.join(this.root, name)).catch(() => undefined);
      if (st?.isDirectory()) out.push({ prefix: name, modifiedMs: st.mtimeMs });
    }
    return out;
  }
}
