import { randomUUID } from 'node:crypto';
import { HubConnectionState, HttpTransportType, type HubConnection } from '@microsoft/signalr';
import { afterAll, expect, it } from 'vitest';
import { TRANSPORTS, client, nextCall, sleep, startServer, tokenFor, type TTestServer } from '../test/hub-support.ts';

const servers: TTestServer[] = [];
const clients: HubConnection[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.stop()));
  await Promise.all(servers.map((s) => s.close()));
});

// Real timings: server Ping every 15 s, client serverTimeout 30 s (the client's defaults).
it('keeps quiet connections of every transport alive past the 30 s client timeout', async () => {
  const server = await startServer();
  // Control: the same server without pings in the window, so the test can tell pings matter.
  const silent = await startServer({ hub: { keepAliveMs: 600_000 } });
  servers.push(server, silent);
  const userId = randomUUID();

  const watch = async (url: string, transport: HttpTransportType) => {
    const conn = client(url, transport, tokenFor(userId));
    clients.push(conn);
    await conn.start();
    const state = { conn, id: conn.connectionId, closedWith: undefined as Error | undefined, closed: false };
    conn.onclose((error) => {
      state.closed = true;
      state.closedWith = error;
    });
    return state;
  };
  const quiet = await Promise.all(TRANSPORTS.map(([, t]) => watch(server.url, t)));
  const control = await watch(silent.url, HttpTransportType.WebSockets);

  await sleep(35_000);

  for (const [i, q] of quiet.entries()) {
    const name = TRANSPORTS[i]?.[0];
    expect(q.closed, name).toBe(false);
    expect(q.conn.state, name).toBe(HubConnectionState.Connected);
    expect(q.conn.connectionId, name).toBe(q.id);
  }
  const arrivals = quiet.map((q) => nextCall(q.conn, 'ConversationUpdated'));
  await server.hub.sendToUser(userId, 'ConversationUpdated', { id: 'c1' });
  for (const args of await Promise.all(arrivals)) expect(args).toEqual([{ id: 'c1' }]);

  expect(control.closed).toBe(true);
  expect(control.closedWith?.message).toContain('Server timeout elapsed without receiving a message from the server.');
}, 60_000);
