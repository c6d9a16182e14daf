/**
 * How the server starts and stops as a process: `npm start` (the README's one command) and the
 * production entry `node packages/server/dist/main.js`. A process manager or container sends
 * SIGTERM (or a terminal SIGINT) to the process it started: the server must stop gracefully,
 * exit 0 and free its port.
 */
import { describe, expect, it } from 'vitest';
import { exitWithin, killTree, portInUse, startServerProcess } from './test/processes.ts';

/** main.ts gives up on a graceful close after 10 s; allow a little more for the process tree. */
const GRACE_MS = 12_000;

describe('stopping the server process', () => {
  it.each([
    ['npm start', 'SIGTERM', 'npm', ['start']],
    ['node packages/server/dist/main.js', 'SIGINT', 'node', ['packages/server/dist/main.js']],
  ] as const)(
    '%s stops on %s sent to the process that was started: exit 0, port free',
    async (_how, signal, command, args) => {
      // `npm start` runs first: it builds the server when the build is missing or older than the sources.
      const server = await startServerProcess(command, [...args], { readyTimeoutMs: 240_000 });
      try {
        server.child.kill(signal);
        expect(await exitWithin(server, GRACE_MS)).toBe(0);
        expect(await portInUse(server.port)).toBe(false);
      } finally {
        killTree(server.child);
      }
    },
    300_000,
  );
});
