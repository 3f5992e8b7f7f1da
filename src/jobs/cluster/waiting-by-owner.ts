/**
 * Waiting jobs per owner (API key) as a cluster server sees them: a scan of BullMQ's waiting
 * list, taken twice a second, plus the submissions this server accepted since. Kept apart
 * from the engine because the merge is where a count goes wrong: a job is enqueued and its
 * owner written before its acceptance is counted, so a scan that runs in between already
 * holds it, and adding the acceptance too counted it twice (a key with one job waiting got
 * 429 at a limit of 2: the cluster test's backpressure case under load). Acceptances are
 * therefore kept by job id, and an id is counted once whichever saw it first.
 */

interface Accepted {
  owner: string;
  at: number;
}

export class WaitingByOwner {
  private counts = new Map<string, number>();
  /** Ids in the last scan: an acceptance of one of them is already counted. */
  private scanned = new Set<string>();
  /** Acceptances not yet certain to be in a scan (accepted after the last scan began). */
  private recent = new Map<string, Accepted>();

  count(owner: string): number {
    return this.counts.get(owner) ?? 0;
  }

  /** A submission by `owner` was accepted as job `id` (its queue entry and owner already written). */
  accepted(owner: string, id: string, at = Date.now()): void {
    if (this.recent.has(id)) return;
    this.recent.set(id, { owner, at });
    if (!this.scanned.has(id)) this.counts.set(owner, this.count(owner) + 1);
  }

  /**
   * A scan begun at `startedAt` found `waiting` (ids with the owner their records held; an
   * owner may be '' when read before it was written). An acceptance from before the scan
   * began was enqueued before it, so the scan holds it if it still waits; one from after is
   * added unless the scan holds it already.
   */
  scan(startedAt: number, waiting: { id: string; owner: string }[]): void {
    const counts = new Map<string, number>();
    const scanned = new Set<string>();
    for (const { id, owner } of waiting) {
      scanned.add(id);
      const o = owner || this.recent.get(id)?.owner;
      if (o) counts.set(o, (counts.get(o) ?? 0) + 1);
    }
    for (const [id, a] of this.recent) {
      if (a.at < startedAt) this.recent.delete(id);
      else if (!scanned.has(id)) counts.set(a.owner, (counts.get(a.owner) ?? 0) + 1);
    }
    this.counts = counts;
    this.scanned = scanned;
  }
}
