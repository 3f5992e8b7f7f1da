/**
 * The pool worker entry of this build, in a module of its own so that the CLI can start the
 * pool (cli/early-pool.ts) before the engine and the operations load.
 */
import { fileURLToPath } from 'node:url';

/** The worker entry of this build: the TypeScript source under tsx (tests), else the compiled file. */
export function defaultWorkerFile(): string {
  const fromSource = fileURLToPath(import.meta.url).endsWith('.ts');
  return fileURLToPath(new URL(fromSource ? '../operations/worker-entry.ts' : '../operations/worker-entry.js', import.meta.url));
}
