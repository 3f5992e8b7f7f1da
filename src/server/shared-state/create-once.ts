/**
 * Creates a file only if it does not exist yet, atomically, so that several servers starting
 * at once on one fresh shared data dir agree on one value (the URL signing secret, the
 * generated API key) instead of each keeping its own: the content is written and fsynced to
 * a temporary file, then hard-linked to the name; link() fails with EEXIST when another
 * process got there first, and that one's content is what everybody reads.
 */
import fs from 'node:fs/promises';
import { writeFileAtomic } from '../../jobs/stores/atomic-file.js';

/** True when this call created `file`; false when it already existed (read it instead). */
export async function createFileOnce(file: string, data: string): Promise<boolean> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.new`;
  await writeFileAtomic(tmp, data);
  try {
    await fs.link(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await fs.rm(tmp, { force: true });
  }
}
