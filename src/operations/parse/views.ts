/**
 * Views of a parse job: the spec's v1 creation and status shapes (render/v1-status.ts),
 * with this job's output_fields, response_profile and segment_naming applied on read.
 */
import type { JobRecord, ReadOptions } from '../../model/job.js';
import { v1CreationResponse, v1StatusView, type CreationResponse, type ParseJobView } from '../../render/v1-status.js';
import type { ParseOptions } from './options.js';

export const parseViews = {
  created: (job: JobRecord, o: ParseOptions, quotaRemaining: number): CreationResponse => v1CreationResponse(job, quotaRemaining, o.merge_tables),
  status: (job: JobRecord, o: ParseOptions, read: ReadOptions): ParseJobView =>
    v1StatusView(job, read, { response_profile: o.response_profile, output_fields: o.output_fields, segment_naming: o.segment_naming }),
  succeeded: (v: ParseJobView) => v.status === 'Succeeded',
  failure: (v: ParseJobView) => `job ${v.status.toLowerCase()}: ${v.message ?? 'unknown reason'}`,
};
