/**
 * JSON text of a value in pieces whose concatenation is `JSON.stringify(value)`: each element
 * of an array member (a long document's chunks) is one piece, so a large result is written
 * without ever being one string (cli/write-json.ts writes files and stdout with it, the server
 * streams responses). Chunks still in a job's result file (render/chunk-lines.ts) are read
 * from it one at a time, never all at once.
 */
import { chunkArrayPieces, chunkSourceOf } from './chunk-lines.js';

/** JSON text of `value` in pieces whose concatenation is `JSON.stringify(value)`. */
export function* jsonPieces(value: unknown): Generator<string> {
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    yield JSON.stringify(value);
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      // JSON.stringify writes undefined, functions and symbols in arrays as null.
      yield JSON.stringify(value[i]) ?? 'null';
    }
    yield ']';
    return;
  }
  // Objects: members in insertion order; undefined, functions and symbols are left out, as
  // JSON.stringify does. Only arrays are split further (the chunks), the rest is one piece each.
  // Chunks still in a job's result file (render/chunk-lines.ts) are streamed from it, one at a time.
  const stored = chunkSourceOf(value);
  yield '{';
  let first = true;
  for (const key of Object.keys(value)) {
    if (stored && key === 'chunks') {
      yield `${first ? '' : ','}"chunks":`;
      first = false;
      yield* chunkArrayPieces(stored);
      continue;
    }
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (Array.isArray(v)) yield* jsonPieces(v);
    else yield JSON.stringify(v);
  }
  yield '}';
}

/**
 * `jsonPieces(value)` gathered into strings of at least `chars` characters (the last may be
 * shorter): fewer, larger writes, each still far below one whole-result string.
 */
export function* jsonBatches(value: unknown, chars: number): Generator<string> {
  let pending: string[] = [];
  let size = 0;
  for (const piece of jsonPieces(value)) {
    pending.push(piece);
    size += piece.length;
    if (size >= chars) {
      yield pending.join('');
      pending = [];
      size = 0;
    }
  }
  if (pending.length > 0) yield pending.join('');
}
