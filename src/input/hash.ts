/**
 * SHA-256 of an input without blocking the event loop: a 300 MB input hashed in one call
 * stalls every other request (status, cancel) for about a second (issue 21 item 8), so the
 * bytes go through the hash in slices with a turn of the event loop between them.
 */
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Bytes hashed per turn of the event loop (a few milliseconds of work). */
export const HASH_SLICE_BYTES = 4 * 1024 * 1024;

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const h = createHash('sha256');
  for (let i = 0; i < bytes.length; i += HASH_SLICE_BYTES) {
    if (i > 0) await nextTurn();
    h.update(bytes.subarray(i, i + HASH_SLICE_BYTES));
  }
  return h.digest('hex');
}
