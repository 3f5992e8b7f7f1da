/**
 * The cluster's blob store: job results up to `maxRedisBytes` (default 64 KB) are kept in
 * Redis (`quire:blob:<key>`), so reading a small job's result needs no shared filesystem
 * round trip and survives with the records; larger results, inputs and crops are files
 * under the shared data folder (FsBlobStore), as workers write crops there directly.
 * Reads try Redis first, then the file; deleting a job's prefix removes both.
 */
import type { Readable } from 'node:stream';
import type { Redis } from 'ioredis';
import { FsBlobStore, type BlobStore } from '../blob-store.js';
import { PREFIX } from './redis-connection.js';

const RESULT = /\/result\.json$/;

export class RedisBlobStore implements BlobStore {
  private readonly files: FsBlobStore;

  constructor(
    private readonly redis: Redis,
    root: string,
    private readonly maxRedisBytes = 64 * 1024,
  ) {
    this.files = new FsBlobStore(root);
  }

  private key(key: string): string {
    this.files.localPath(key); // validates the key
    return `${PREFIX}:blob:${key}`;
  }

  async put(key: string, data: Uint8Array | string | Readable): Promise<void> {
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data instanceof Uint8Array ? data.length : Infinity;
    if (RESULT.test(key) && size <= this.maxRedisBytes) {
      await this.redis.set(this.key(key), typeof data === 'string' ? data : Buffer.from(data as Uint8Array));
      return;
    }
    await this.files.put(key, data);
  }

  async get(key: string): Promise<Uint8Array> {
    const v = RESULT.test(key) ? await this.redis.getBuffer(this.key(key)) : null;
    if (v) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    return this.files.get(key);
  }

  url(key: string): Promise<string> {
    return this.files.url(key);
  }

  localPath(key: string): string {
    return this.files.localPath(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    await this.redis.del(this.key(`${prefix}/result.json`));
    await this.files.deletePrefix(prefix);
  }

  prefixes(): Promise<Array<{ prefix: string; modifiedMs: number }>> {
    return this.files.prefixes();
  }
}
