#!/usr/bin/env node
/**
 * The `quire` executable. A job command's worker pool starts first (early-pool.ts: the workers
 * load while the main thread loads the program), then the program itself (program.ts: the
 * commands, generated from the operations registry) is imported and run. Static imports are
 * all loaded before any code of this module runs, so this file imports only the early pool.
 */
import { releaseEarlyPool, startEarlyPool } from './early-pool.js';

startEarlyPool(process.argv);
try {
  await import('./program.js');
} finally {
  await releaseEarlyPool();
}
