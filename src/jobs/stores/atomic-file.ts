/**
 * Write a file so that a crash leaves either the old or the new content: write a temporary
 * file beside it, fsync, rename over. Shared by the filesystem job store and the server's
 * small JSON state files (tickets, key usage).
 */
import fs from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';

export async function writeFileAtomic(file: string, data: string | Uint8Array, sync = true): Promise<void> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fh = await fs.open(tmp, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC, 0o600);
  try {
    await fh.writeFile(data);
    if (sync) await fh.sync();
  } finally {
    await fh.close();
  }
  await fs.rename(tmp, file);
}
