/**
 * API keys: from `--keys FILE` (JSON, see README), else from QUIRE_API_KEYS (comma-separated,
 * default limits), else one key generated on first start and kept in the data dir (printed
 * once). Keys are compared by SHA-256 digest in constant time, so a lookup leaks nothing.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createFileOnce } from './shared-state/create-once.js';

export interface ApiKey {
  /** Stable name: owns jobs, uploads and quota usage. */
  name: string;
  key: string;
  scopes: Array<'v1' | 'v3'>;
  /** Pages this key may use in all (persisted usage counts against it). */
  page_quota: number;
  /** Submissions per second (status endpoints are not limited). */
  requests_per_second: number;
  revoked: boolean;
}

export const KEY_DEFAULTS = { scopes: ['v1', 'v3'] as Array<'v1' | 'v3'>, page_quota: 1_000_000, requests_per_second: 10, revoked: false };

function normalize(raw: Record<string, unknown>, i: number): ApiKey {
  if (typeof raw.key !== 'string' || raw.key.length < 8) throw new Error(`keys file: entry ${i} needs a "key" string of 8 or more characters`);
  const scopes = Array.isArray(raw.scopes) ? (raw.scopes.filter((s) => s === 'v1' || s === 'v3') as Array<'v1' | 'v3'>) : KEY_DEFAULTS.scopes;
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : d);
  return {
    name: typeof raw.name === 'string' && raw.name ? raw.name : `key-${i + 1}`,
    key: raw.key,
    scopes,
    page_quota: num(raw.page_quota, KEY_DEFAULTS.page_quota),
    requests_per_second: num(raw.requests_per_second, KEY_DEFAULTS.requests_per_second),
    revoked: raw.revoked === true,
  };
}

export class KeyRing {
  private readonly byDigest: Array<{ digest: Buffer; key: ApiKey }>;
  constructor(readonly keys: ApiKey[]) {
    const names = new Set(keys.map((k) => k.name));
    if (names.size !== keys.length) throw new Error('API key names must be unique');
    this.byDigest = keys.map((key) => ({ digest: createHash('sha256').update(key.key).digest(), key }));
  }

  find(presented: string): ApiKey | undefined {
    const d = createHash('sha256').update(presented).digest();
    let found: ApiKey | undefined;
    for (const e of this.byDigest) if (timingSafeEqual(e.digest, d)) found = e.key;
    return found;
  }
}

export interface LoadedKeys {
  ring: KeyRing;
  /** Set when a key was generated now: print it once. */
  generated?: string;
}

export async function loadKeys(opts: { keysFile?: string; envKeys?: string; dataDir: string }): Promise<LoadedKeys> {
  if (opts.keysFile) {
    const parsed = JSON.parse(await fs.readFile(opts.keysFile, 'utf8')) as unknown;
    const list = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown }).keys;
    if (!Array.isArray(list) || list.length === 0) throw new Error('keys file: expected {"keys": [ ... ]} with at least one key');
    return { ring: new KeyRing(list.map((k, i) => normalize(k as Record<string, unknown>, i))) };
  }
  if (opts.envKeys && opts.envKeys.trim()) {
    const keys = opts.envKeys.split(',').map((k) => k.trim()).filter(Boolean);
    return { ring: new KeyRing(keys.map((key, i) => normalize({ key, name: `env-${i + 1}` }, i))) };
  }
  const file = path.join(opts.dataDir, 'keys.json');
  try {
    return await loadKeys({ keysFile: file, dataDir: opts.dataDir });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = `qk_${randomBytes(24).toString('base64url')}`;
  await fs.mkdir(opts.dataDir, { recursive: true, mode: 0o700 });
  // Created once: a server starting at the same moment on the same data dir uses this key, or we use its.
  if (!(await createFileOnce(file, JSON.stringify({ keys: [{ name: 'default', key, ...KEY_DEFAULTS }] }, null, 2) + '\n'))) return loadKeys({ keysFile: file, dataDir: opts.dataDir });
  return { ring: new KeyRing([normalize({ name: 'default', key }, 0)]), generated: key };
}
