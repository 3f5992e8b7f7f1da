/**
 * Restart recovery: which jobs of a durable store were left queued or running by a
 * process that died, and how to run each again (its operation, its submitted options
 * validated anew, its kept input). The engine queues what this finds (Engine.recover); a job
 * whose input or options cannot be had again is reported with the reason, to end Failed.
 */
import { fileURLToPath } from 'node:url';
import { errorMessage } from '../errors.js';
import { describeInput, type InputDescriptor, type InputLimits } from '../input/resolve-input.js';
import type { Operation } from '../operations/operation.js';
import { getOperation } from '../operations/registry.js';
import type { JobStore } from './job-store.js';

export type Unfinished = { id: string; op: Operation; options: unknown; input: InputDescriptor } | { id: string; error: string };

export async function findUnfinished(store: JobStore, limits: InputLimits): Promise<Unfinished[]> {
  const out: Unfinished[] = [];
  for (const rec of await store.list({ states: ['starting', 'processing'] })) {
    const op = getOperation(rec.operation);
    const source = rec.location?.startsWith('file:') ? fileURLToPath(rec.location) : rec.location;
    if (!op || !rec.request || !source) {
      out.push({ id: rec.id, error: 'The job was interrupted by a restart and its input was not kept.' });
      continue;
    }
    try {
      const input = describeInput(/^[a-z][a-z0-9+.-]*:\/\//i.test(source) ? { url: source } : { path: source }, limits, rec.fileName);
      out.push({ id: rec.id, op, options: op.validate(rec.request.options), input });
    } catch (err) {
      out.push({ id: rec.id, error: errorMessage(err) });
    }
  }
  return out;
}
