/**
 * Write a file so that a crash leaves either the old or the new content: write a temporary
 * file beside it, fsync, rename over. Shared by the filesystem job store and the server's
 * small JSON state files (tickets, key usage).
 */
import fs from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';

/**
 * The first half of writeFileAtomic, for a write whose visibility must wait for something
 * else (the job store's finishing record waits for the job's result file): `ready` resolves
 * once the temporary file is written (and fsynced); `commit` renames it over `file`; `abort`
 * removes it. The slow part (the fsync) thus overlaps the other write instead of following it.
 * `onSyncing` is called once the data is written and its fsync issued (at once without
 * `sync`): from then on the write needs nothing of this thread until it is ready.
 */
export function prepareFileAtomic(file: string, data: string | Uint8Array, sync = true, onSyncing?: () => void): { ready: Promise<void>; commit(): Promise<void>; abort(): Promise<void> } {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const ready = (async () => {
    const fh = await fs.open(tmp, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC, 0o600);
    try {
      await fh.writeFile(data);
      const synced = sync ? fh.sync() : undefined; // issued now, in the thread pool
      onSyncing?.();
      await synced;
    } finally {
      await fh.close();
    }
  })();
  ready.catch(() => undefined); // awaited by commit / abort
  return {
    ready,
    commit: async () => {
      await ready;
      await fs.rename(tmp, file);
    },
    abort: async () => {
      await ready.catch(() => undefined);
      await fs.rm(tmp, { force: true });
    },
  };
}

export async function writeFileAtomic(file: string, data: string | Uint8Array, sync = true): Promise<void> {
  const prepared = prepareFileAtomic(file, data, sync);
  try {
    await prepared.ready;
  } catch (err) {
    await prepared.abort();
    throw err;
  }
  await prepared.commit();
}
