import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API suites that measure the event loop (the push pacer holds bulk work while requests keep it
 * busy) or wait out the hub's client timeout: they run each in a fresh worker of its own
 * (`server-timing`), where no other file's leftover timers or sockets share their loop.
 */
const TIMING_SUITES = [
  'packages/server/src/push/loop-pacer.test.ts',
  'packages/server/src/push/delivery-queue.test.ts',
  'packages/server/src/hub/keepalive.test.ts',
];
const serverSuite = { testTimeout: 30_000, hookTimeout: 120_000, pool: 'forks', expect: { requireAssertions: true } } as const;

// One runner for every layer (README.md, "Test"): unit, API on real databases, hub, browser.
// Every project fails a test that made no assertion (a test that checks nothing is a defect).
export default defineConfig({
  test: {
    // Two files at a time, journeys included: the suite waits on databases and a browser as much as it
    // computes, and one at a time (vitest's default on a 2-core machine) ran past CI's 30 minutes.
    // Every file owns its databases, its server port and its data directory, so any two can share the machine.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], expect: { requireAssertions: true } } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], expect: { requireAssertions: true } } },
      {
        test: {
          ...serverSuite,
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...TIMING_SUITES],
          // Suites share their worker's modules: each still opens its own databases and builds its own
          // app, and importing the app's source anew cost every file seconds (26 suites: 87 s isolated,
          // 61 s shared).
          isolate: false,
        },
      },
      { test: { ...serverSuite, name: 'server-timing', include: TIMING_SUITES } },
      'packages/web',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // Journey files share a worker's modules (the server's source, playwright): each file still
          // starts its own server, database and browser, and importing the server anew cost each file
          // seconds (8 short journeys: 143 s isolated, 115 s shared).
          isolate: false,
          // One more try for a journey that failed: two browsers share two cores, and a journey that
          // races its own page under that load (the messages outbox photo, the wallet editor) is
          // reported as retried in the output rather than failing CI. A journey that fails twice fails.
          retry: 1,
          // A browser on a busy CI machine: polls wait as patiently as playwright's locators do.
          expect: { poll: { timeout: 15_000 }, requireAssertions: true },
        },
      },
    ],
  },
});
