/**
 * Deterministic ids: the same document and options give the same segment, chunk and table
 * ids, so results can be compared and cached. In model/ because every floor names things
 * (assembly, chunking, the tables operation, loaders of other formats).
 */
import { hash } from 'node:crypto';

/** A UUID-shaped (version 5 layout) id hashed from the parts. */
export function stableId(...parts: Array<string | number>): string {
  const h = hash('sha1', parts.join('|'), 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}
