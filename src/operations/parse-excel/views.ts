/**
 * Views of a parse excel job: the same v1 creation and status shapes as parse
 * (render/v1-status.ts), every output field shown (parse excel has no output_fields option).
 */
import type { JobRecord, ReadOptions } from '../../model/job.js';
import { v1CreationResponse, v1StatusView, type CreationResponse, type ParseJobView } from '../../render/v1-status.js';

export const parseExcelViews = {
  created: (job: JobRecord, _o: unknown, quotaRemaining: number): CreationResponse => v1CreationResponse(job, quotaRemaining, false),
  status: (job: JobRecord, _o: unknown, read: ReadOptions): ParseJobView => v1StatusView(job, read),
  succeeded: (v: ParseJobView) => v.status === 'Succeeded',
  failure: (v: ParseJobView) => `job ${v.status.toLowerCase()}: ${v.message ?? 'unknown reason'}`,
};
