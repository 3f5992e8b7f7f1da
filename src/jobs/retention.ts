/**
 * The retention policy, on by default: a finished job's files (input copy, crops, result)
 * and its record are removed once it has been finished for `retentionMs`, and beyond
 * `maxFinishedJobs` finished jobs the oldest go first, so neither the disk nor the memory
 * store grows without bound (issue 21 items 3 and 5). Folders left by a process that died
 * (no record) are removed once older than the retention time.
 */
import type { JobRecord } from '../model/job.js';
import { TERMINAL_STATES } from '../model/job.js';
import type { BlobStore } from './blob-store.js';
import type { JobStore } from './job-store.js';

export interface RetentionPolicy {
  /** Milliseconds a finished job is kept; 0: until deleted. */
  retentionMs: number;
  /** Finished jobs kept at most (oldest removed first). */
  maxFinishedJobs: number;
}

const finishedAt = (r: JobRecord) => Date.parse(r.finishedAt ?? r.createdAt);

/** Removes what the policy says has expired at `now`; returns the ids of the jobs removed. */
export async function sweep(store: JobStore, blobs: BlobStore, policy: RetentionPolicy, now: number): Promise<string[]> {
  // Nothing can expire (the server keeps parse jobs until deleted): no listing of every record,
  // which the engine would otherwise do after each job's end, O(jobs kept) on the main thread.
  if (policy.retentionMs <= 0 && policy.maxFinishedJobs >= Number.MAX_SAFE_INTEGER) return [];
  const all = await store.list();
  const finished = all.filter((r) => TERMINAL_STATES.has(r.state)).sort((a, b) => finishedAt(a) - finishedAt(b));
  const remove = new Set<string>();
  if (policy.retentionMs > 0) for (const r of finished) if (now - finishedAt(r) > policy.retentionMs) remove.add(r.id);
  for (const r of finished.slice(0, Math.max(0, finished.length - policy.maxFinishedJobs))) remove.add(r.id);
  for (const id of remove) {
    await blobs.deletePrefix(id);
    await store.delete(id);
  }
  if (policy.retentionMs > 0) {
    const known = new Set(all.map((r) => r.id));
    for (const p of await blobs.prefixes()) {
      if (!known.has(p.prefix) && now - p.modifiedMs > policy.retentionMs) await blobs.deletePrefix(p.prefix);
    }
  }
  return [...remove];
}
