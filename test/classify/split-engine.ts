/**
 * One engine per test file for the split tests that run generated PDFs through the engine's
 * split operation (identity-cues, layout-cues): its set-up and the call that returns each
 * output file's pages were written twice.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import type { SplitResult } from '../../src/operations/split/run-split.js';
import type { SplitJobView } from '../../src/operations/split/views.js';

/** Registers the engine's start and close with the calling file; returns splitPages. */
export function useSplitEngine(): (data: Uint8Array) => Promise<number[][]> {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(async () => {
    await engine.close();
  });
  return async (data) => {
    const created = await engine.submit<{ job_id: string }>('split', { data, fileName: 'bundle.pdf' }, { classes: 'report,letter' });
    const res = await engine.wait<SplitJobView>(created.job_id, { timeoutMs: 120_000 });
    expect(res.status).toBe('completed');
    return (res.result as SplitResult).files.map((f) => f.pages);
  };
}
