/**
 * Which layout model the workers load: the bundled one unless the engine configuration
 * names another manifest (or null for none). Resolved and validated once on the main
 * thread so that a bad path fails at createEngine, not on the first page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';
import { loadManifest } from './manifest.js';

export interface LayoutModelRef {
  /** Absolute path of the manifest. */
  manifest: string;
  /** onnxruntime intra-op threads per worker. */
  threads: number;
}

export const BUNDLED_LAYOUT_MODEL = path.join(PACKAGE_ROOT, 'models', 'layout', 'quire-layout-v6.json');

export function resolveLayoutModel(configured: string | null | undefined, threads: number | undefined): LayoutModelRef | null {
  if (configured === null) return null;
  const manifest = path.resolve(configured ?? BUNDLED_LAYOUT_MODEL);
  if (configured === undefined && !fs.existsSync(manifest)) return null;
  loadManifest(manifest);
  return { manifest, threads: Math.max(1, Math.floor(threads ?? 1)) };
}
