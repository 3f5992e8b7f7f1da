/**
 * The record of a job just submitted: state `starting`, where its input is, the options as
 * validated (read back by views) and as echoed (`configuration`).
 */
import path from 'node:path';
import type { InputDescriptor } from '../input/resolve-input.js';
import type { JobRecord } from '../model/job.js';

export function newJobRecord(id: string, operation: string, desc: InputDescriptor, configuration: Record<string, unknown>, options: unknown, rawOptions?: Record<string, unknown>): JobRecord {
  return {
    id,
    operation,
    state: 'starting',
    fileName: desc.fileName,
    mimeType: null,
    location: desc.kind === 'url' ? desc.url!.href : desc.kind === 'path' ? path.resolve(desc.path!) : null,
    createdAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
    configuration,
    options,
    creditUsed: 0,
    inputHash: null,
    message: null,
    result: null,
    progress: null,
    inputKey: null,
    resultKey: null,
    // The request as submitted, so a durable engine can run the job again after a restart.
    ...(rawOptions ? { request: { options: rawOptions } } : {}),
  };
}
