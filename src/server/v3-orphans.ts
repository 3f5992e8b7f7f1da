/**
 * At start, before the engine queues again what a killed process left: the per-PDF parse
 * jobs of v3 markdown jobs (operation `parse_v3_pages`) belong to markdown jobs of the
 * previous process, which lived in its memory. Every v3 job that had not ended runs again
 * from its own kept input (v3-jobs.ts resume), submitting new per-PDF jobs, so the old ones
 * would only run for nobody (or fail as "unknown operation") and keep their files forever:
 * they are deleted here, finished or not.
 */
import { TERMINAL_STATES } from '../model/job.js';
import { V3_PAGES_OPERATION } from '../operations/parse-v3/pages-operation.js';
import type { ServerContext } from './context.js';

export async function dropOrphanV3Pages(ctx: Pick<ServerContext, 'store' | 'engine'>): Promise<number> {
  let n = 0;
  for (const rec of await ctx.store.list({ operation: V3_PAGES_OPERATION })) {
    if (!TERMINAL_STATES.has(rec.state)) await ctx.store.update(rec.id, { state: 'cancelled', message: 'Dropped at restart: its v3 job runs again.', finishedAt: new Date().toISOString() });
    await ctx.engine.deleteJob(rec.id).catch(() => undefined);
    n++;
  }
  return n;
}
