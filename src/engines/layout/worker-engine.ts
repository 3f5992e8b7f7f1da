/** One layout engine per worker thread, created on first use and kept for the worker's life. */
import { loadManifest } from './manifest.js';
import { OnnxLayoutEngine } from './onnx-layout-engine.js';
import type { LayoutModelRef } from './model-ref.js';

let current: { key: string; engine: Promise<OnnxLayoutEngine> } | undefined;

export function layoutEngineFor(ref: LayoutModelRef): Promise<OnnxLayoutEngine> {
  const key = `${ref.manifest}|${ref.threads}`;
  if (current?.key !== key) {
    const previous = current?.engine;
    current = { key, engine: OnnxLayoutEngine.create(loadManifest(ref.manifest), { intraOpThreads: ref.threads }) };
    previous?.then((e) => e.close()).catch(() => undefined);
    current.engine.catch(() => {
      current = undefined;
    });
  }
  return current.engine;
}
