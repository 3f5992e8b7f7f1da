/**
 * Pool worker entry: dispatches `{ kind, payload }` to the task registry. Errors come back
 * as data (`{ error }`) because structured cloning drops the typed fields of Error objects.
 */
import { ProcessingError, errorMessage } from '../errors.js';
import { taskHandlers, type TaskKind } from './tasks.js';
import { loadPdfJs } from '../formats/pdf/open-document.js';
import { applyV8Tuning } from '../runtime/v8-tuning.js';
import { useNativeGuard } from '../workers/native-guard.js';

applyV8Tuning();

// Load pdf.js while the worker waits for its first task, not during it; then, where the engine
// asks (EngineConfig.warmPdfEditor: the server), the PDF editor (PDFium: ~45 ms CPU, ~16 MB per
// worker) so that a fresh engine's first edit pays no load.
void loadPdfJs()
  .catch(() => undefined)
  .then(() => (process.env.QUIRE_WARM_PDF_EDITOR === '1' ? import('../formats/pdf/edit/warm.js').then((w) => w.warmPdfEditor()) : undefined))
  .catch(() => undefined);

import type { WorkerReply } from '../workers/pool.js';

export type { WorkerReply };

export default async function runTask(task: { kind: TaskKind; payload: unknown; guard?: SharedArrayBuffer }): Promise<WorkerReply> {
  useNativeGuard(task.guard); // native calls of this task hold off the pool's terminate (workers/native-guard.ts)
  const handler = taskHandlers[task.kind] as ((p: unknown) => unknown) | undefined;
  try {
    if (!handler) throw new Error(`Unknown task kind: ${String(task.kind)}`);
    return { ok: true, value: await handler(task.payload) };
  } catch (err) {
    const kind = err instanceof ProcessingError ? err.kind : 'processing_error';
    return { ok: false, error: { kind, message: errorMessage(err) } };
  }
}
