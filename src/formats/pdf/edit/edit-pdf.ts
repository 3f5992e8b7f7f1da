/**
 * The whole edit of one PDF, as a worker task: apply the edits, then read the written file
 * again and refuse it if any replaced text is still extractable inside its box or the page
 * changed outside the boxes. The check re-opens the saved bytes (not the in-memory document),
 * so it sees what a reader of the file will see.
 * Two ways to apply: content-stream surgery first (surgery/: only the show-text operators with
 * glyphs in a box are rewritten, everything else stays byte-identical), and when it cannot
 * take the edit or its result fails a check, PDFium's redaction (apply-edits.ts), which
 * regenerates the edited pages' content. Both go through the same checks.
 */
import { applyEdits, inspectEdited, type AppliedEdit, type PdfEdit } from './apply-edits.js';
import type { PageSnapshot } from './page-guard.js';
import { planSurgery } from './surgery-plan.js';
import { comparePages } from './page-guard.js';
import { dropOrphanFields } from './orphan-fields.js';
import { loadPdfium } from './pdfium.js';
import { compactPdf, shouldCompact } from './compact.js';

export class RedactionLeakError extends Error {}
export class PageDamagedError extends Error {}

export interface EditPdfTask {
  data: Uint8Array;
  edits: PdfEdit[];
  password?: string;
  /** Compare each edited page outside the boxes before and after (default true). */
  guardPages?: boolean;
  /** 'pdfium': skip the surgery and use PDFium's redaction (tests and comparisons); default 'auto'. */
  method?: 'auto' | 'pdfium';
}

export interface EditPdfOutput {
  bytes: Uint8Array;
  pageCount: number;
  itemsProcessed: number;
  /** Which way the edit was applied; for 'pdfium', why the surgery did not take it. */
  path: 'surgery' | 'pdfium';
  fallbackReason?: string;
}


const squeeze = (s: string) => s.replace(/[\s\u0000-\u001f\ufffe\uffff]+/g, '');

/** Longest run of characters `a` and `b` share (texts in one box are short). */
function longestCommonRun(a: string, b: string): number {
  let best = 0;
  const prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const keep = prev[j];
      prev[j] = a[i - 1] === b[j - 1] ? diag + 1 : 0;
      if (prev[j] > best) best = prev[j];
      diag = keep;
    }
  }
  return best;
}

export async function editPdf(task: EditPdfTask): Promise<EditPdfOutput> {
  const m = await loadPdfium();
  const planned = task.method === 'pdfium' ? { refuse: 'method pdfium asked for' } : planSurgery(m, task.data, task.edits, task.password);
  let fallbackReason: string;
  if ('plan' in planned) {
    try {
      const { surgicalEdit } = await import('./surgery/surgery.js');
      const { bytes } = await surgicalEdit(task.data, planned.plan.pages);
      verify(m, task, bytes, planned.plan.applied, planned.plan.before);
      return { bytes, pageCount: planned.plan.pageCount, itemsProcessed: task.edits.length, path: 'surgery' };
    } catch (err) {
      fallbackReason = (err as Error).message;
    }
  } else fallbackReason = planned.refuse;
  const out = await applyEdits(m, task.data, task.edits, task.password);
  // Flattened form fields leave their values in the AcroForm: drop those fields.
  if (out.flattened > 0) {
    // pdf-lib cannot rewrite an encrypted file: refuse rather than leave the fields' values in it.
    if (task.password) throw new RedactionLeakError('form fields inside the boxes were flattened, but their values cannot be removed from an encrypted PDF; decrypt it first (for example `qpdf --decrypt`); the edit was refused');
    out.bytes = (await dropOrphanFields(out.bytes)).bytes;
  }
  if (shouldCompact(task.data.length, out.bytes.length, !!task.password)) out.bytes = await compactPdf(out.bytes);
  verify(m, task, out.bytes, out.applied, out.before);
  return { bytes: out.bytes, pageCount: out.pageCount, itemsProcessed: task.edits.length, path: 'pdfium', fallbackReason };
}

/** Re-reads the written bytes: the page guard outside the boxes, then the leak check inside them. */
function verify(m: Awaited<ReturnType<typeof loadPdfium>>, task: EditPdfTask, bytes: Uint8Array, applied: AppliedEdit[], before: Map<number, PageSnapshot>): void {
  const inspected = inspectEdited(
    m,
    bytes,
    task.edits.map((e, i) => ({ pageNumber: e.pageNumber, rect: applied[i].rect })),
    task.password ?? '',
  );
  const after = inspected.texts;
  if (task.guardPages !== false) {
    for (const [pageNumber, snap] of before) {
      const onPage = task.edits.filter((e) => e.pageNumber === pageNumber);
      const problem = comparePages(snap, inspected.pages.get(pageNumber)!, onPage.map((e) => e.box), onPage.map((e) => (e.kind === 'text' ? (e.text ?? '') : '')));
      if (problem) throw new PageDamagedError(`page ${pageNumber} could not be rewritten faithfully: ${problem}; the edit was refused`);
    }
  }
  task.edits.forEach((e, i) => {
    const removed = squeeze(applied[i].removedText);
    if (!removed) return;
    const replacement = squeeze(e.kind === 'text' ? (e.text ?? '') : '');
    let left = squeeze(after[i]);
    if (replacement) left = left.replace(replacement, '');
    // Removed text still found in the box (a run of 3+ characters, or all of a shorter text,
    // not explained by the replacement) means the redaction did not take.
    if (left && longestCommonRun(left, removed) >= Math.min(3, removed.length)) {
      throw new RedactionLeakError(`items[${i}]: text replaced on page ${e.pageNumber} is still extractable from the edited PDF; the edit was refused`);
    }
  });
}
