/**
 * Views of a table extraction job (`POST /tables`, `GET /jobs/{id}/results`): `queued`
 * until it ends, then `completed` with `results`, or `failed`.
 */
import type { JobRecord } from '../../model/job.js';
import type { TablesResult } from './run-tables.js';

export interface TablesCreationResponse {
  job_id: string;
  status: 'queued';
  message: string;
  quota_remaining: number;
}

export interface TablesJobView {
  job_id: string;
  status: 'queued' | 'completed' | 'failed';
  results?: TablesResult;
  error?: string;
}

export function tablesCreationResponse(jobId: string, quotaRemaining: number): TablesCreationResponse {
  return {
    job_id: jobId,
    status: 'queued',
    message: 'Table extraction job queued. Poll getTablesJob(job_id) (GET /jobs/{job_id}/results) until the status is completed or failed.',
    quota_remaining: quotaRemaining,
  };
}

export function tablesJobView(rec: JobRecord): TablesJobView {
  if (rec.state === 'succeeded') return { job_id: rec.id, status: 'completed', results: rec.result as TablesResult };
  if (rec.state === 'failed' || rec.state === 'cancelled') return { job_id: rec.id, status: 'failed', error: rec.message ?? 'Failed' };
  return { job_id: rec.id, status: 'queued' };
}

export const tablesViews = {
  created: (job: JobRecord, _o: unknown, quotaRemaining: number) => tablesCreationResponse(job.id, quotaRemaining),
  status: (job: JobRecord) => tablesJobView(job),
  succeeded: (v: TablesJobView) => v.status === 'completed',
  failure: (v: TablesJobView) => `job failed: ${v.error ?? 'unknown reason'}`,
};
