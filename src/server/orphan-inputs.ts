/**
 * At start, before the server listens: deletes what in `data/inputs/` nothing needs any
 * more. Every upload copy belongs to a job that has not ended (its ledger entry, its engine
 * record, a parked upload ticket, an unfinished v3 job, a v3 upload not yet submitted, a
 * batch file not yet submitted) and is deleted when that ends; what is left over was cut off
 * by a kill (a body half streamed in, a submission killed between its upload and its job) or
 * written by an older build. Only top-level entries of `inputs/` are considered, each kept if
 * any reference lies inside it. With several servers on one data dir (cluster mode) another
 * server may be streaming a body into `inputs/` right now, not yet referenced anywhere:
 * there only entries untouched for longer than a request may last are removed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServerContext } from './context.js';

export async function sweepOrphanInputs(ctx: ServerContext): Promise<string[]> {
  const youngest = ctx.state.leases.shared ? Date.now() - ctx.config.requestTimeoutMs - 60_000 : Infinity;
  const inputs = ctx.dirs.inputs;
  let names: string[];
  try {
    names = await fs.readdir(inputs);
  } catch {
    return [];
  }
  const used = [
    ...(await ctx.settlement.inputsInUse()),
    ...[...(await ctx.store.list({ state: 'starting' })), ...(await ctx.store.list({ state: 'processing' }))].filter((r) => r.location).map((r) => r.location!),
    ...(await ctx.tickets.parked()).map((t) => path.join(inputs, `${t.id}.upload`)),
    ...(await ctx.v3.jobs.inputsInUse()),
    ...(await ctx.v3.uploadPaths()),
    ...(await ctx.batches.inputsInUse()),
  ];
  const keep = new Set<string>();
  for (const p of used) {
    const rel = path.relative(inputs, path.resolve(p));
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) keep.add(rel.split(path.sep)[0]!);
  }
  const gone: string[] = [];
  for (const name of names) {
    if (keep.has(name)) continue;
    if (youngest !== Infinity && (await fs.stat(path.join(inputs, name)).catch(() => null))?.mtimeMs! > youngest) continue;
    await fs.rm(path.join(inputs, name), { recursive: true, force: true });
    gone.push(name);
  }
  return gone;
}
