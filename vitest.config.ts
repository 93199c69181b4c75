import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'engine/**/*.test.{ts,tsx}',
      'modules/**/*.test.{ts,tsx}',
      'apps/**/*.test.{ts,tsx}',
      'e2e/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // PGlite instances are memory-hungry; keep parallelism modest on 2-core machines.
    maxWorkers: 3,
  },
});
