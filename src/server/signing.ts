/**
 * HMAC-signed, expiring URLs for what this server hands out: stored files (`/files/...`)
 * and presigned upload PUTs. The secret is random, made once and kept in the data dir, so
 * URLs stay valid across restarts until they expire, and every server sharing the data dir
 * (cluster mode) signs and verifies with the same one: it is created with create-once
 * semantics, so servers starting together on a fresh data dir still end up with one secret. A URL carries only what the server
 * itself put in it; a changed byte fails the signature (403).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createFileOnce } from './shared-state/create-once.js';

export class Signer {
  private constructor(private readonly secret: Buffer) {}

  static async open(dataDir: string): Promise<Signer> {
    const file = path.join(dataDir, 'url-secret');
    try {
      return new Signer(Buffer.from(await fs.readFile(file, 'utf8'), 'base64url'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const secret = randomBytes(32);
    if (await createFileOnce(file, secret.toString('base64url'))) return new Signer(secret);
    return Signer.open(dataDir); // another server created it first: use that one
  }

  sign(...parts: string[]): string {
    return createHmac('sha256', this.secret).update(parts.join('\n')).digest('base64url');
  }

  verify(sig: unknown, ...parts: string[]): boolean {
    if (typeof sig !== 'string') return false;
    const want = Buffer.from(this.sign(...parts));
    const got = Buffer.from(sig);
    return got.length === want.length && timingSafeEqual(got, want);
  }
}

/** Seconds since the epoch, as URLs carry it. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);
