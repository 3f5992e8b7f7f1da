import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Suites share the 2-core machine with the worker pools they start.
    fileParallelism: false,
  },
});
