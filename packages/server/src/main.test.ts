/**
 * How the server starts and stops as a process: `npm start` (the README's one command) and the
 * production entry `node packages/server/dist/main.js`. A process manager or container sends
 * SIGTERM (or a terminal SIGINT) to the process it started: the server must stop gracefully,
 * exit 0 and free its port.
 */
import { describe, expect, it } from 'vitest';
import { exitWithin, killTree, portInUse, startServerProcess } from './test/processes.ts';

/** main.ts gives up on a graceful close 10 s after the drain; allow a little more for the process tree. */
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

  it('drains for SHUTDOWN_DRAIN_MS after SIGTERM: /readyz answers 503 "draining" while requests are still served, then exit 0', async () => {
    const server = await startServerProcess('node', ['packages/server/dist/main.js'], {
      env: { SHUTDOWN_DRAIN_MS: '5000' },
      readyTimeoutMs: 240_000,
    });
    try {
      server.child.kill('SIGTERM');
      // A refused connection here fails the test: the instance must keep listening while it drains.
      let ready = await fetch(`${server.url}/readyz`);
      while (ready.status === 200) ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect(await ready.json()).toMatchObject({ status: 'draining', message: 'The server is shutting down.' });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(await exitWithin(server, GRACE_MS + 5000)).toBe(0);
      expect(await portInUse(server.port)).toBe(false);
    } finally {
      killTree(server.child);
    }
  }, 300_000);
});
