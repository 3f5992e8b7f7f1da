/**
 * The generic job view (`GET /jobs/{job_id}`), the same for every operation: the
 * operation's registry entry gives its `type`. Each operation's own shapes live in its
 * folder (operations/<op>/views.ts); they are re-exported here for existing importers.
 */
import type { JobRecord, JobState } from '../model/job.js';
import { getOperation } from '../operations/registry.js';

export type { ReadOptions } from '../model/job.js';
export type { CreationResponse, ParseJobView, ParseStatus } from '../render/v1-status.js';
export type { TablesCreationResponse, TablesJobView } from '../operations/tables/views.js';

const GENERIC_STATUS: Record<JobState, string> = {
  starting: 'queued',
  processing: 'PROCESSING',
  succeeded: 'COMPLETED',
  failed: 'FAILED',
  cancelled: 'FAILED',
};

export interface GenericJobView {
  id: string;
  status: string;
  type: string;
  created_at: string;
  updated_at: string;
  pdf_name: string;
  pdf_hash: string | null;
  user_id: null;
  error?: string;
}

export function genericJobView(rec: JobRecord): GenericJobView {
  const v: GenericJobView = {
    id: rec.id,
    status: GENERIC_STATUS[rec.state],
    type: getOperation(rec.operation)?.genericType ?? rec.operation,
    created_at: rec.createdAt,
    updated_at: rec.finishedAt ?? rec.startedAt ?? rec.createdAt,
    pdf_name: rec.fileName,
    pdf_hash: rec.inputHash,
    user_id: null,
  };
  if (rec.state === 'failed' || rec.state === 'cancelled') v.error = rec.message ?? 'Failed';
  return v;
}
