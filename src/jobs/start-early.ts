/**
 * A submitted job's record and its place in the queue. With a process-local queue (the
 * server's in-memory one, MemoryJobQueue) over a store whose records are readable as soon as
 * create() is called and whose create is worth overlapping (FsJobStore: `createVisibleAtOnce`;
 * not the library's MemoryJobStore, whose create is instant), the job is queued
 * and the runner woken at once, while the record's durable write (an fsync of the file store)
 * is still under way; the submission still resolves only once that write has: a job is
 * durable before the server answers 200, and every later write of the job (processing,
 * progress, succeeded) is applied after it by the store's per-job write chain, so nothing on
 * disk can be seen out of order. A shared queue (cluster mode) keeps the old order: another
 * node claims only records that are already durable.
 *
 * Why: the fsync of the accepted record (0.8 ms at best, 5 ms median on this loaded machine,
 * bench/server-phases.ts "upload → job claimed") was the step between an upload and its job
 * starting; it now overlaps the job's first milliseconds (input read, copy, hash).
 */
import type { JobRecord } from '../model/job.js';
import type { JobStore } from './job-store.js';
import type { JobQueue } from './queue.js';

/**
 * Creates the record and queues the job; `wake` starts the runner. On a failed create the
 * job is taken out of the queue again; if the runner had already claimed it (it then stops:
 * its `processing` write finds no record), `claimedAnyway` is called, so the caller can undo
 * the runner's count of a claimed job before undoing its own.
 */
export async function createAndQueue(store: JobStore, queue: JobQueue, rec: JobRecord, wake: () => void, claimedAnyway: () => void): Promise<void> {
  if (!queue.local || !store.createVisibleAtOnce) {
    await store.create(rec);
    await queue.enqueue(rec.id);
    setImmediate(wake);
    return;
  }
  const creating = store.create(rec);
  creating.catch(() => undefined); // awaited below
  await queue.enqueue(rec.id);
  wake();
  try {
    await creating;
  } catch (err) {
    if (!(await queue.remove(rec.id))) claimedAnyway();
    throw err;
  }
}
