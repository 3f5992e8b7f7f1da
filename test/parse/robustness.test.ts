/**
 * Every file under the corpus's robustness/ folder (corrupt, truncated, fuzzed, encrypted,
 * odd encodings, and the non-PDF files beside them) ends Succeeded or Failed with a clear
 * message, and the engine keeps working afterwards. (Each job's time is bounded by its
 * tasks' limits, tested without wall-clock assertions in test/engine; a job under
 * error_handling Continue with many slow pages legitimately runs longer than one limit.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { corpusPath, fixture, hasCorpus } from '../helpers.js';

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe.skipIf(!hasCorpus)('robustness corpus', () => {
  it('ends every file in a terminal state with a message', { timeout: 900_000 }, async () => {
    const files = filesUnder(corpusPath('robustness'));
    // All submitted at once: the queue must hold them all (maxQueuedJobs now holds exactly).
    const engine = createEngine({ taskTimeoutMs: 50_000, maxQueuedJobs: files.length + 1 });
    try {
      expect(files.length).toBeGreaterThan(150);
      const outcomes = await Promise.all(
        files.map(async (f) => {
          const job = await engine.parse(f);
          const started = Date.now();
          const r = await engine.waitForJob(job.job_id, { timeoutMs: 600_000 });
          return { f, r, waited: Date.now() - started };
        }),
      );
      for (const { f, r } of outcomes) {
        expect(['Succeeded', 'Failed'], f).toContain(r.status);
        if (r.status === 'Failed') expect(r.message, f).toMatch(/\w{4,}/);
      }
      const ok = outcomes.filter((o) => o.r.status === 'Succeeded').length;
      console.log(`robustness: ${ok} succeeded, ${outcomes.length - ok} failed with a message, of ${outcomes.length}`);
      // Encrypted files say so.
      const enc = outcomes.find((o) => o.f.endsWith('encrypted_new.pdf'))!;
      expect(enc.r.message).toMatch(/encrypted/);
      // Still healthy afterwards.
      const after = await engine.waitForJob((await engine.parse(fixture('pdf', 'multi_page.pdf'))).job_id);
      expect(after.status).toBe('Succeeded');
    } finally {
      await engine.close();
    }
  });

  it('opens the corpus PDFs whose passwords are known (PASSWORDS.tsv)', { timeout: 300_000 }, async () => {
    const rows = fs
      .readFileSync(corpusPath('PASSWORDS.tsv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .filter(([p, user]) => p!.endsWith('.pdf') && user && !user.startsWith('('));
    expect(rows.length).toBeGreaterThan(5);
    const engine = createEngine();
    try {
      let opened = 0;
      for (const [p, user] of rows) {
        const r = await engine.waitForJob((await engine.parse(corpusPath(p!), { password: user })).job_id);
        if (r.status === 'Succeeded') opened++;
        else console.log(`not opened: ${p} (${r.message})`);
      }
      expect(opened / rows.length).toBeGreaterThanOrEqual(0.8);
    } finally {
      await engine.close();
    }
  });
});
