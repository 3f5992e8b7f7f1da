/**
 * Issue 21 item 11: a workbook of one million formulas (half the per-sheet cell limit)
 * parses comfortably within the limits. Generated here as Excel-like XML without a styles
 * part (legal, and what small writers produce): SheetJS then threw and caught a TypeError
 * per cell, about 55 s for this sheet. Now a default stylesheet is supplied and the task's
 * time limit grows with the declared sheet XML, so even with a 10 s base limit it succeeds.
 */
import { describe, expect, it } from 'vitest';
import { formulaWorkbook } from '../../bench/lib/hostile/workbook.js';
import { declaredWorkbookBytes, workbookTaskTimeoutMs } from '../../src/formats/xlsx/declared-work.js';
import { createEngine } from '../../src/index.js';

describe('a million-formula workbook', () => {
  it('parses within a 10 s base task limit, its formulas read', async () => {
    const xlsx = formulaWorkbook(1_000_000);
    const declared = declaredWorkbookBytes(xlsx);
    expect(declared).toBeGreaterThan(40 * 1024 * 1024);
    expect(workbookTaskTimeoutMs(10_000, xlsx)).toBeGreaterThan(50_000);
    const engine = createEngine({ workers: 1, taskTimeoutMs: 10_000 });
    try {
      const job = await engine.parseExcel({ data: xlsx, fileName: 'formulas.xlsx' }, { cell_metadata: true });
      const res = await engine.waitForJob(job.job_id);
      expect(res.message ?? '').toBe('');
      expect(res.status).toBe('Succeeded');
      const text = JSON.stringify(res.chunks?.at(-1));
      expect(text).toMatch(/"value":50018,"display":"50018","formula":"T49999\+1"/); // last row, column T
    } finally {
      await engine.close();
    }
  }, 240_000);
});
