/**
 * A job's final status object as compact JSON, written in pieces: the same bytes as
 * `JSON.stringify(value)`, but each element of the largest array (a long document's chunks)
 * is serialised and written on its own. One `JSON.stringify` of a 350-page result builds a
 * 6 MB string that must then be flattened (two bytes a character once any non-Latin-1
 * character appears) and copied again as UTF-8 before the first byte is written.
 */
import fs from 'node:fs';
import { jsonBatches, jsonPieces } from '../render/json-pieces.js';

export { jsonPieces };

/**
 * Pieces are gathered up to about this many characters before each write: joined, they stay
 * under V8's large-object size (two bytes a character) and so does Node's UTF-8 buffer for
 * the write, so both reuse memory instead of mapping fresh pages for every write (256K
 * characters: 96-126 ms and 4,300 page faults for freeculture's result; 32K: 62-70 ms, 1,400).
 */
const WRITE_CHARS = 1 << 15;

/** Write `value` as compact JSON to `file`, in pieces of about WRITE_CHARS characters. */
export function writeJsonFile(file: string, value: unknown): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const batch of jsonBatches(value, WRITE_CHARS)) fs.writeSync(fd, batch);
  } finally {
    fs.closeSync(fd);
  }
}

/** Write `value` as compact JSON and a newline to a stream (stdout), in the same pieces. */
export function writeJsonStream(stream: NodeJS.WritableStream, value: unknown): void {
  for (const batch of jsonBatches(value, WRITE_CHARS)) stream.write(batch);
  stream.write('\n');
}
