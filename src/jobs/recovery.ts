/**
 * Restart recovery on a durable store: the jobs a process that died left queued
 * (`starting`) or running (`processing`). Each is validated again from the options it was
 * submitted with (JobRecord.request), so a record written by an older build still runs with
 * this build's defaults; one that cannot be (no operation, no kept input, options now
 * invalid) is reported with the reason, to end Failed.
 */
import { errorMessage } from '../errors.js';
import { getOperation } from '../operations/registry.js';
import type { JobRecord } from '../model/job.js';
import type { JobStore } from './job-store.js';

export type Unfinished = { rec: JobRecord; options: unknown } | { rec: JobRecord; error: string };

export async function findUnfinished(store: JobStore): Promise<Unfinished[]> {
  const recs = [...(await store.list({ state: 'starting' })), ...(await store.list({ state: 'processing' }))];
  recs.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return recs.map((rec) => {
    const op = getOperation(rec.operation);
    if (!op || (!rec.inputKey && !rec.location)) return { rec, error: 'The job was interrupted by a restart and its input was not kept.' };
    try {
      return { rec, options: rec.request ? op.validate(rec.request.options) : rec.options };
    } catch (err) {
      return { rec, error: errorMessage(err) };
    }
  });
}
