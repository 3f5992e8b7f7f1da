/**
 * The data folder, where jobs keep their input copies, crops and results. It holds users'
 * documents, so it is private: 0700, owned by this user, never reached through a symlink
 * (a symlink planted at a shared temp path must not redirect the copies, issue 21 item 3).
 * The default is per user: `$XDG_RUNTIME_DIR/quire` when that is set (a per-user, 0700
 * tmpfs on systemd machines), else `<os tmpdir>/quire-<uid>`.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { QuireError } from '../errors.js';

export function defaultDataDir(): string {
  const runtime = process.env.XDG_RUNTIME_DIR;
  if (runtime && path.isAbsolute(runtime) && existsSync(runtime)) return path.join(runtime, 'quire');
  const uid = typeof process.getuid === 'function' ? process.getuid() : os.userInfo().username;
  return path.join(os.tmpdir(), `quire-${uid}`);
}

function refuse(dir: string, why: string): never {
  throw new QuireError('unsafe_data_dir', `The data folder ${dir} ${why}; choose another (dataDir / --data-dir).`, 500);
}

/**
 * Creates `dir` (0700) if missing, then checks it with lstat: a real directory (not a
 * symlink), owned by this user; a folder of ours with looser permissions is tightened.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await fs.mkdir(path.dirname(dir), { recursive: true });
  try {
    await fs.mkdir(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const st = await fs.lstat(dir);
  if (st.isSymbolicLink()) refuse(dir, 'is a symbolic link');
  if (!st.isDirectory()) refuse(dir, 'is not a folder');
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) refuse(dir, 'belongs to another user');
  if ((st.mode & 0o077) !== 0) await fs.chmod(dir, 0o700);
}
