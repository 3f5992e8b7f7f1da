/**
 * The per-key waiting count of a cluster server (waiting-by-owner.ts): scans of the queue and
 * this server's acceptances merged so each waiting job counts once. The interleavings below
 * are the ones a loaded server meets: the first case is the one that gave a key with one job
 * waiting a 429 at a limit of two (cluster.test.ts's backpressure case, once under load).
 */
import { describe, expect, it } from 'vitest';
import { WaitingByOwner } from '../../src/jobs/cluster/waiting-by-owner.js';

describe('waiting jobs per key', () => {
  it('a scan that already holds a job does not count its acceptance again', () => {
    const w = new WaitingByOwner();
    w.scan(1000, [{ id: 'j1', owner: 'main' }]); // enqueued and owned before the scan
    w.accepted('main', 'j1', 1001); // its acceptance counted after the scan ended
    expect(w.count('main')).toBe(1);
    expect(w.count('other')).toBe(0);
  });

  it('an acceptance after a scan began is counted until a scan holds it, and once then', () => {
    const w = new WaitingByOwner();
    w.accepted('main', 'j1', 1000);
    w.scan(999, []); // began just before the job was enqueued
    expect(w.count('main')).toBe(1);
    w.scan(1500, [{ id: 'j1', owner: 'main' }]);
    expect(w.count('main')).toBe(1);
    w.scan(2000, []); // a worker took it
    expect(w.count('main')).toBe(0);
  });

  it("a job whose owner the scan read as not yet written counts for the key that submitted it", () => {
    const w = new WaitingByOwner();
    w.accepted('main', 'j2', 1001);
    w.scan(1000, [{ id: 'j1', owner: 'main' }, { id: 'j2', owner: '' }]);
    expect(w.count('main')).toBe(2);
  });

  it('acceptances between scans add up per key, and a repeated acceptance counts once', () => {
    const w = new WaitingByOwner();
    w.scan(1000, [{ id: 'a', owner: 'main' }]);
    w.accepted('main', 'b', 1100);
    w.accepted('other', 'c', 1200);
    w.accepted('other', 'c', 1200);
    expect([w.count('main'), w.count('other')]).toEqual([2, 1]);
    w.scan(1300, [{ id: 'a', owner: 'main' }, { id: 'b', owner: 'main' }, { id: 'c', owner: 'other' }]);
    expect([w.count('main'), w.count('other')]).toEqual([2, 1]);
  });
});
