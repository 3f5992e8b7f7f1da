/**
 * Job reads for the routes: ownership (another key's job answers 404, exactly like an
 * unknown id), the parse status view for engine jobs and for upload tickets still waiting
 * for their file, and signed URLs in place of local paths.
 */
import path from 'node:path';
import fs from 'node:fs/promises';
import type { ParseJobView } from '../jobs/views.js';
import type { ServerContext } from './context.js';
import { notFound } from './errors.js';
import { signFile } from './file-urls.js';
import { signView, writeViewFile } from './stream-view.js';
import type { ApiKey } from './keys.js';
import type { Ticket } from './tickets.js';

export interface ParseRead {
  output_file: boolean;
  base64_images: boolean;
  include_chunks: boolean;
}

/** The engine job id behind a client-visible id (a ticket id or a job id), if this key owns it. */
export async function resolveOwned(ctx: ServerContext, key: ApiKey, id: string): Promise<{ jobId?: string; ticket?: Ticket }> {
  const ticket = await ctx.tickets.get(id);
  if (ticket) {
    if (ticket.owner !== key.name) throw notFound();
    return { ticket, jobId: ticket.engineJobId };
  }
  const rec = ctx.store.peek(id);
  if (!rec || rec.owner !== key.name) throw notFound();
  return { jobId: id };
}

function ticketView(t: Ticket): ParseJobView & { upload_status: string } {
  return {
    job_id: t.id,
    status: t.state === 'failed' ? 'Failed' : 'Starting',
    created_at: t.createdAt,
    metadata: {},
    merge_tables: ['true', true, '1'].includes(t.options.merge_tables as string),
    configuration: t.options,
    credit_used: t.reserved,
    file_name: t.fileName,
    mime_type: t.mimeType,
    input_file_url: null,
    record_id: t.id,
    upload_status: t.state,
    ...(t.state === 'failed' ? { message: t.message ?? 'Failed', finished_at: t.finishedAt } : {}),
  };
}

export async function readParseJob(ctx: ServerContext, key: ApiKey, id: string, q: ParseRead): Promise<Record<string, unknown>> {
  const { jobId, ticket } = await resolveOwned(ctx, key, id);
  if (!jobId) return ticketView(ticket!) as unknown as Record<string, unknown>;
  if (ctx.store.peek(jobId)?.operation === 'tables') throw notFound();
  const wantChunks = q.output_file === true || q.include_chunks !== false;
  const view = signView(ctx, await ctx.engine.getParseJob(jobId, { includeChunks: wantChunks, base64Images: q.base64_images === true }));
  view.job_id = id;
  if (!q.output_file || view.status !== 'Succeeded') return view as unknown as Record<string, unknown>;
  // The full-shape result as a file, served through a signed URL.
  const dir = path.join(ctx.dirs.files, jobId);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, 'output.json');
  await writeViewFile(file, view); // in pieces: a huge result's chunks stay in its result file
  const { chunks: _omit, ...rest } = view;
  return { ...rest, output_file: signFile(ctx, file) };
}
