/**
 * What happens to an accepted job's money and files once it ends, kept in a ledger so a
 * restart (even `kill -9`) does not forget it. At submission the server reserves pages from
 * the key's quota (402 when they are not there) and writes one ledger entry per job
 * (`ledger/<job id>.json`: owner, pages reserved, the upload copies in `inputs/`). When the
 * job ends the entry is settled and deleted:
 *
 * - **Succeeded**: the key pays the pages the job actually metered (the engine's page
 *   reservation, `creditUsed`, which the parse family, tables and Excel set once the
 *   document's page count is known); operations that do not meter pages (extraction,
 *   classification, splitting) pay what was reserved. An office file, an image or a URL
 *   reserved 1 page at submission and is reconciled here to its real page count; the
 *   pages beyond the reservation are charged up to what the key has left (the quota never
 *   goes negative; the job already ran).
 * - **Failed or cancelled**: the key pays only the pages processed before the failure
 *   (`progress.done`, 0 for a job that never started); the rest is refunded.
 *
 * The upload copies are then removed: the engine keeps its own copy of every input for the
 * job's life (pdf_url), and a job that ended never reads its upload again.
 * On start, `resume()` settles entries whose job ended while the server was down and
 * watches the rest (the durable engine runs them again).
 *
 * Several servers on one Redis share the ledger (shared-state/): each entry is watched by the
 * server holding its lease (the one that accepted the job, or after its death whichever
 * server's adoption pass takes it), and the entry is taken atomically before the quota
 * moves, so a job is settled exactly once whichever servers watch it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DurableEngine } from '../jobs/durable-engine.js';
import type { JobStore } from '../jobs/job-store.js';
import type { JobRecord } from '../model/job.js';
import type { KeyRing } from './keys.js';
import type { QuotaStore } from './quota.js';
import type { Leases } from './shared-state/leases.js';
import type { RecordBook } from './shared-state/record-book.js';

export interface LedgerEntry {
  job: string;
  owner: string;
  /** Pages deducted from the owner's quota at submission. */
  reserved: number;
  /** Files or folders under `inputs/` that only this job needs. */
  inputs: string[];
}

export interface SettleDeps {
  engine: DurableEngine;
  store: JobStore;
  quota: QuotaStore;
  keys: KeyRing;
  inputsDir: string;
  leases: Leases;
}

/** What an ended job pays, from its record and its reservation (see the file comment). */
export function pagesCharged(rec: Pick<JobRecord, 'state' | 'creditUsed' | 'progress'>, reserved: number): number {
  if (rec.state === 'succeeded') return rec.creditUsed > 0 ? rec.creditUsed : reserved;
  return Math.min(reserved, rec.progress?.done ?? 0);
}

export class Settlement {
  private readonly watching = new Set<string>();
  private readonly settled = new Map<string, Promise<void>>();
  private constructor(private readonly d: SettleDeps, private readonly book: RecordBook<LedgerEntry>) {}

  static async open(book: RecordBook<LedgerEntry>, deps: SettleDeps): Promise<Settlement> {
    return new Settlement(deps, book);
  }

  /**
   * Records a reservation for an accepted job and settles it when the job ends. `recorded`:
   * the submission's own write of the job's owner and credit, made beside the ledger entry;
   * the job is watched only once it is done, so that a job that ended before it (a job
   * starts while its submission is still being made durable: jobs/start-early.ts, and a
   * locked PDF fails in a few ms) is settled from a record that has it, and the settled
   * credit is not overwritten by the submission's.
   */
  async open(entry: LedgerEntry, recorded?: Promise<unknown>): Promise<void> {
    const inputs = entry.inputs.filter((p) => this.isInput(p));
    await Promise.all([this.book.save(entry.job, { ...entry, inputs }), recorded]);
    await this.watch(entry.job);
  }

  /** Entries nobody watches (left by a previous run, or by a server that died): settle the ended jobs' now, watch the others. */
  async resume(): Promise<void> {
    for (const e of await this.book.values()) await this.watch(e.job);
  }

  /** Resolves once job `id`'s entry is settled (tests, shutdown); at once if there is none. */
  whenSettled(id: string): Promise<void> {
    return this.settled.get(id) ?? Promise.resolve();
  }

  /** Upload copies the ledger still needs. */
  async inputsInUse(): Promise<string[]> {
    return (await this.book.values()).flatMap((e) => e.inputs);
  }

  /** Entries not yet settled. */
  async pending(): Promise<number> {
    return (await this.book.values()).length;
  }

  private async watch(id: string): Promise<void> {
    if (this.watching.has(id)) return;
    this.watching.add(id);
    if (!(await this.d.leases.acquire(`ledger:${id}`))) {
      this.watching.delete(id); // a live server watches it
      return;
    }
    const done = this.d.engine
      .ended(id)
      .then((rec) => this.settle(id, rec), () => this.settle(id, null))
      .catch(() => undefined)
      .finally(() => {
        this.watching.delete(id);
        void this.d.leases.release(`ledger:${id}`);
      });
    this.settled.set(id, done);
    void done.finally(() => this.settled.delete(id));
  }

  private async settle(id: string, rec: JobRecord | null): Promise<void> {
    const e = await this.book.get(id);
    if (!e) return;
    // The entry goes before the quota moves, taken by exactly one caller: a crash between the
    // two can only under-refund, and no two servers settle one job.
    if (!(await this.book.take(id))) return;
    await Promise.all(e.inputs.map((p) => fs.rm(p, { recursive: true, force: true }).catch(() => undefined)));
    const key = this.d.keys.keys.find((k) => k.name === e.owner);
    if (!rec) {
      if (key && e.reserved) await this.d.quota.adjust(key, -e.reserved); // the job is gone (deleted before it ran): nothing was processed
      return;
    }
    let charge = pagesCharged(rec, e.reserved);
    if (key && charge > e.reserved) charge = e.reserved + (await this.d.quota.chargeUpTo(key, charge - e.reserved));
    else if (key && charge < e.reserved) await this.d.quota.adjust(key, charge - e.reserved);
    if (rec.creditUsed !== charge) await this.d.store.update(id, { creditUsed: charge }).catch(() => undefined);
  }

  private isInput(p: string): boolean {
    const rel = path.relative(this.d.inputsDir, path.resolve(p));
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  }
}
