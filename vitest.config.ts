import { defineConfig } from 'vitest/config';

// One runner for every layer (DESIGN §8): unit, API on real databases, hub, browser.
// Every project fails a test that made no assertion (a test that checks nothing is a defect).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], expect: { requireAssertions: true } } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], expect: { requireAssertions: true } } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          expect: { requireAssertions: true },
        },
      },
      'packages/web',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // A browser on a busy CI machine: polls wait as patiently as playwright's locators do.
          expect: { poll: { timeout: 15_000 }, requireAssertions: true },
        },
      },
    ],
  },
});
