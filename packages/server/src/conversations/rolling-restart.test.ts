/**
 * Several instances behind a real load balancer (issue 28): HAProxy with deploy/haproxy.cfg in front
 * of three instances of the built server on PostgreSQL and Redis; each instance in turn gets
 * SIGTERM, is waited for and started again, under a steady stream of messages sent through HAProxy
 * and received by official SignalR clients. Nothing acknowledged is lost or stored twice, every
 * client ends with every message of its conversation in database order, and HAProxy's health check
 * takes each instance out while it still drains. Scenario and figures: test/rolling-restart.ts.
 */
import { describe, expect, it } from 'vitest';
import { useClusterWorld } from '../test/cluster.ts';
import { haproxyInstalled } from '../test/haproxy.ts';
import { rollingRestartLines, runRollingRestart } from '../test/rolling-restart.ts';
import { serviceUrl } from '../test/services.ts';

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the rolling restart test');
const redisUrl = serviceUrl('TEST_REDIS_URL', 'the rolling restart test');
if (process.env.CI && !haproxyInstalled())
  throw new Error('haproxy must be installed in CI (.ci/run installs it), where the rolling restart test may not be skipped.');

describe.skipIf(!databaseUrl || !redisUrl || !haproxyInstalled())('rolling restart of three instances behind HAProxy', () => {
  const world = useClusterWorld();

  it('loses and duplicates nothing, and every client ends with its conversation in database order', async () => {
    const f = await runRollingRestart(world);
    console.log(['rolling restart figures', ...rollingRestartLines(f)].join('\n'));
    expect(f.restarts.map((r) => [r.server, r.exit, r.downBeforeExit])).toEqual([
      ['app1', 0, true],
      ['app2', 0, true],
      ['app3', 0, true],
    ]);
    expect(f.acknowledged).toBe(f.sent);
    expect(f.lost).toBe(0);
    expect(f.duplicated).toBe(0);
    expect(f.stored).toBe(f.acknowledged);
    expect(f.gaps).toEqual([]);
    expect(f.incomplete).toEqual([]);
    expect(f.delivered).toBe(f.expected);
    expect(f.outOfOrder).toEqual([]);
    // Clients were moved: each restart closed the hub connections it held, and they came back through HAProxy.
    expect(f.reconnects).toBeGreaterThan(0);
  }, 115_000);
});
