/**
 * Where finished jobs' results are kept: the last few in memory, the others in the blob
 * store (`<id>/result.json`, the record then holds `resultKey`). A result is written to the
 * blob store only when it leaves memory, so a run of one job (the CLI) never pays for
 * serializing its result twice — freeculture's result is tens of MB of JSON — while memory
 * holds at most `capacity` results however many jobs finish (issue 21 item 5). `writeThrough`
 * writes every result through before its job is marked succeeded: an engine over a durable
 * store (the server) must not lose a finished job's result to a restart; it still keeps the
 * last `capacity` in memory, which saved the server 2 reads and parses of the result per job
 * (bench/server-vs-library). A written-through result's `chunks` are serialized on their own
 * and their bytes kept beside it (storedChunksJson): the server answers reads whose view shows
 * the chunks as stored with them instead of serializing them again (server/stored-chunks.ts).
 *
 * A result over `resultFileChars` never comes here as an object: the operation writes it to
 * the job's result file (resultFileTarget; render/chunk-lines.ts) and hands on a reference,
 * which is recorded as is; reads give an object whose `chunks` stay in the file until touched.
 */
import { randomUUID } from 'node:crypto';
import type { JobRecord } from '../model/job.js';
import { isResultFileRef, type ResultFileTarget } from '../model/result-file.js';
import { lazyChunkedResult, readChunkLinesHeader } from '../render/chunk-lines.js';
import type { BlobStore } from './blob-store.js';
import type { JobStore } from './job-store.js';
import { markPhase } from '../runtime/phase-marks.js';

/** Stands for the chunks while the rest of a result is serialized (no result holds this string). */
const CHUNKS_HOLE = `quire-result-chunks-${randomUUID()}`;

/** What keeping a result adds to the job's finishing record, and the result's write. */
export interface KeptResult {
  patch: Pick<JobRecord, 'resultKey'>;
  /**
   * Serializes and writes the result; the finishing record's `after` (JobStore
   * UpdateOptions): the file store calls it once that record's fsync is under way, so the
   * serialization (3 ms of this thread for the sample's half megabyte) overlaps the fsync.
   */
  write?: () => Promise<void>;
}

function resultKeyFor(id: string): string {
  return `${id}/result.json`;
}

/** Where a job's operation may write a large result itself (RunContext.resultFile). */
export function resultFileTarget(blobs: BlobStore, id: string, minChars: number): ResultFileTarget {
  return { path: blobs.localPath(resultKeyFor(id)), minChars };
}

export class ResultCache {
  private readonly recent = new Map<string, unknown>();
  private readonly writing = new Map<string, Promise<void>>();
  /** The serialized `chunks` of the results in `recent` that were written through (storedChunksJson). */
  private readonly chunkBytes = new Map<string, Buffer>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly store: JobStore,
    private readonly capacity: number,
    /** Write every result through before its job is marked succeeded (a durable store). */
    private readonly writeThrough = capacity === 0,
  ) {}

  /** How many results are held in memory now. */
  get size(): number {
    return this.recent.size;
  }

  /**
   * Keeps a job's result. Returns what the job's record must gain (`resultKey`) when the
   * result is written through, and its write (`write`, not started yet): the runner folds
   * the key into the record write that marks the job succeeded, so a finishing job's record
   * is written once, not twice (the server's sample parse: one atomic rename fewer between
   * the job's end and a poll seeing it), and that record becomes visible only once the
   * write has resolved (its fsync overlaps the result's serialization and write: JobStore
   * UpdateOptions.after).
   */
  add(id: string, result: unknown): KeptResult | void {
    if (isResultFileRef(result)) return this.recordFile(id, result.path);
    if (this.writeThrough) {
      // Kept in memory as well (the reads that follow a job's end at once, e.g. the poll
      // that sees it succeed and the fetch of its result, need not parse it back); already
      // written, so it simply leaves memory when newer results come.
      this.recent.set(id, result);
      for (const old of this.recent.keys()) {
        if (this.recent.size <= this.capacity) break;
        this.drop(old);
      }
      // The job is running, so it cannot have been deleted: no record read first. A failed
      // write fails the job (its record never claims a result that is not on disk).
      const key = resultKeyFor(id);
      let written: Promise<void> | undefined;
      const write = () => {
        if (written) return written;
        written = this.blobs.put(key, this.serialize(id, result));
        markPhase('result-kept', id); // serialized; its write is under way
        this.writing.set(id, written.catch(() => undefined).finally(() => this.writing.delete(id)));
        return written;
      };
      return { patch: { resultKey: key }, write };
    }
    this.recent.set(id, result);
    for (const [old, value] of this.recent) {
      if (this.recent.size <= this.capacity) break;
      this.recent.delete(old);
      this.writing.set(old, this.persist(old, value).finally(() => this.writing.delete(old)));
    }
  }

  /** The result of a succeeded job: from memory, or read back from the blob store. */
  async get(rec: JobRecord): Promise<unknown> {
    if (this.recent.has(rec.id)) return this.recent.get(rec.id);
    await this.writing.get(rec.id);
    const key = rec.resultKey ?? (await this.store.get(rec.id))?.resultKey;
    if (!key) return null;
    const file = this.blobs.localPath(key);
    const lines = readChunkLinesHeader(file);
    if (lines) return lazyChunkedResult(file, lines);
    return JSON.parse(Buffer.from(await this.blobs.get(key)).toString('utf8'));
  }

  drop(id: string): void {
    this.recent.delete(id);
    this.chunkBytes.delete(id);
  }

  /**
   * The UTF-8 JSON of a result's `chunks` as written into its result file, while the result
   * is held in memory (written-through results only): the server answers a read whose view
   * shows the chunks exactly as stored with these bytes (server/view-bytes.ts), instead of
   * serializing and encoding the same half megabyte again as the job ends.
   */
  storedChunksJson(id: string): { chunks: unknown[]; json: Buffer } | undefined {
    const json = this.chunkBytes.get(id);
    const result = this.recent.get(id) as { chunks?: unknown[] } | undefined;
    return json && result && Array.isArray(result.chunks) ? { chunks: result.chunks, json } : undefined;
  }

  /**
   * JSON.stringify(result) as UTF-8, byte for byte, with the `chunks` array serialized and
   * encoded on its own and kept (storedChunksJson): the rest of the result is serialized
   * with a placeholder where the chunks go, which keeps the key order.
   */
  private serialize(id: string, result: unknown): Buffer | string {
    const chunks = (result as { chunks?: unknown } | null)?.chunks;
    if (!Array.isArray(chunks) || typeof result !== 'object') return JSON.stringify(result);
    const json = Buffer.from(JSON.stringify(chunks));
    const hole = JSON.stringify(CHUNKS_HOLE);
    const rest = JSON.stringify({ ...result, chunks: CHUNKS_HOLE });
    const at = rest.indexOf(hole);
    if (at < 0) return JSON.stringify(result); // a toJSON somewhere: no shortcut
    this.chunkBytes.set(id, json);
    return Buffer.concat([Buffer.from(rest.slice(0, at)), json, Buffer.from(rest.slice(at + hole.length))]);
  }

  /** Waits for results being written (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.all(this.writing.values());
  }

  /** A result the operation wrote to the job's result file: recorded (by the runner's finishing write), never read here. */
  private recordFile(id: string, file: string): KeptResult {
    const key = resultKeyFor(id);
    if (file !== this.blobs.localPath(key)) throw new Error(`a result file must be the job's own (${key})`);
    return { patch: { resultKey: key } };
  }

  private async persist(id: string, result: unknown): Promise<void> {
    const key = resultKeyFor(id);
    try {
      if (!(await this.store.get(id))) return; // deleted meanwhile
      await this.blobs.put(key, JSON.stringify(result));
      await this.store.update(id, { resultKey: key });
    } catch {
      // The job was removed while its result was written: leave nothing behind.
      await this.blobs.deletePrefix(id).catch(() => undefined);
    }
  }
}
