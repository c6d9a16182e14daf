import { randomUUID } from 'node:crypto';
import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { afterAll, expect, it } from 'vitest';
import { TRANSPORTS, client, eventually, nextCall, startServer, tokenFor, type TTestServer } from '../test/hub-support.ts';

const servers: TTestServer[] = [];
const clients: HubConnection[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.stop()));
  await Promise.all(servers.map((s) => s.close()));
});

it('reconnects every transport automatically after the server is closed and started again on the same port', async () => {
  const first = await startServer();
  const userId = randomUUID();
  const probes = await Promise.all(
    TRANSPORTS.map(async ([name, transport]) => {
      // The client's default policy: retries after 0, 2, 10 and 30 s.
      const conn = client(first.url, transport, tokenFor(userId), (b) => b.withAutomaticReconnect());
      clients.push(conn);
      await conn.start();
      const probe = { name, conn, oldId: conn.connectionId, reconnecting: 0, reconnectedId: null as string | null, closed: false };
      conn.onreconnecting(() => probe.reconnecting++);
      conn.onreconnected((id) => (probe.reconnectedId = id ?? null));
      conn.onclose(() => (probe.closed = true));
      return probe;
    }),
  );

  await first.close(); // graceful: Close with allowReconnect, then the transports end
  await eventually(() => probes.every((p) => p.reconnecting === 1), 5000);
  const second = await startServer({ port: first.port });
  servers.push(second);

  await eventually(() => probes.every((p) => p.reconnectedId !== null), 15_000);
  for (const p of probes) {
    expect(p.conn.state, p.name).toBe(HubConnectionState.Connected);
    expect(p.reconnectedId, p.name).not.toBe(p.oldId);
    expect(p.closed, p.name).toBe(false);
  }
  const arrivals = probes.map((p) => nextCall(p.conn, 'AccountUpdated'));
  await second.hub.sendToUser(userId, 'AccountUpdated', { name: 'after restart' });
  for (const args of await Promise.all(arrivals)) expect(args).toEqual([{ name: 'after restart' }]);
  expect(await probes[0]?.conn.invoke('Echo', 'ok')).toBe('ok');
}, 30_000);
