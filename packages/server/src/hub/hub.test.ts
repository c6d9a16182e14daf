import { randomUUID } from 'node:crypto';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSPORTS, client, closed, nextCall, sleep, startServer, tokenFor, type TTestServer } from '../test/hub-support.ts';

let server: TTestServer;
const open: HubConnection[] = [];

beforeAll(async () => {
  server = await startServer({ hub: { maxMessageBytes: 32 * 1024 } });
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});

describe.each(TRANSPORTS)('hub over %s (official client)', (name, transport) => {
  const connect = async (userId: string): Promise<HubConnection> => {
    const conn = client(server.url, transport, tokenFor(userId));
    open.push(conn);
    await conn.start();
    return conn;
  };

  it('connects with negotiate and the requested transport', async () => {
    const conn = await connect(randomUUID());
    expect(conn.state).toBe(HubConnectionState.Connected);
    expect(conn.connectionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(server.hub.stats().connections).toBeGreaterThanOrEqual(1);
    // The transport really is the one asked for: the client reports it in its feature set.
    const used = (conn as unknown as { connection: { transport: { constructor: { name: string } } } }).connection.transport.constructor
      .name;
    expect(used).toBe(`${name === 'WebSockets' ? 'WebSocket' : name}Transport`);
  });

  it('delivers sendToUser to every connection of that user and to nobody else', async () => {
    const alice = randomUUID();
    const a1 = await connect(alice);
    const a2 = await connect(alice);
    const bob = await connect(randomUUID());
    const bobGot: unknown[] = [];
    bob.on('MessageReceived', (m: unknown) => bobGot.push(m));
    const got1 = nextCall(a1, 'MessageReceived');
    const got2 = nextCall(a2, 'messagereceived'); // client method names are case-insensitive
    const message = { id: 'm1', text: 'héllo 👋', personalConversationId: 'c1' };
    await server.hub.sendToUser(alice, 'MessageReceived', message, 2);
    expect(await got1).toEqual([message, 2]);
    expect(await got2).toEqual([message, 2]);
    await sleep(200);
    expect(bobGot).toEqual([]);
  });

  it('keeps order for a burst of 200 events', async () => {
    const userId = randomUUID();
    const conn = await connect(userId);
    const seen: number[] = [];
    conn.on('Tick', (n: number) => seen.push(n));
    await Promise.all(Array.from({ length: 200 }, (_, i) => server.hub.sendToUser(userId, 'Tick', i)));
    const deadline = Date.now() + 5000;
    while (seen.length < 200 && Date.now() < deadline) await sleep(20);
    expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('invokes server methods and returns results and errors', async () => {
    const userId = randomUUID();
    const conn = await connect(userId);
    expect(await conn.invoke('Echo', { a: [1, 'é', null] })).toEqual({ a: [1, 'é', null] });
    expect(await conn.invoke('add', 2, 3)).toBe(5);
    expect(await conn.invoke('WhoAmI')).toBe(userId);
    expect(await conn.invoke('Nothing')).toBeUndefined();
    await expect(conn.invoke('Fail', 'Not allowed here')).rejects.toThrow('Not allowed here');
    const crash = conn.invoke('Crash');
    await expect(crash).rejects.toThrow("An unexpected error occurred invoking 'Crash' on the server.");
    await expect(crash).rejects.not.toThrow(/secret/);
    await expect(conn.invoke('NoSuchMethod')).rejects.toThrow("Unknown hub method 'NoSuchMethod'.");
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => conn.invoke('Add', i, 1)));
    expect(results).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    await conn.send('Echo', 'fire and forget');
    expect(conn.state).toBe(HubConnectionState.Connected);
  });

  it('refuses a client without a valid token (401 at negotiate)', async () => {
    const none = client(server.url, transport, undefined);
    await expect(none.start()).rejects.toThrow(/401/);
    const bad = client(server.url, transport, 'forged');
    await expect(bad.start()).rejects.toThrow(/401/);
    expect(bad.state).toBe(HubConnectionState.Disconnected);
  });

  it('closes the connection with an error when a message is over the size limit', async () => {
    const conn = await connect(randomUUID());
    const whenClosed = closed(conn);
    const invocation = conn.invoke('Echo', 'x'.repeat(40 * 1024));
    await expect(invocation).rejects.toThrow();
    const error = await whenClosed;
    expect(error?.message).toContain('Message exceeds the maximum size of 32768 bytes.');
    expect(conn.state).toBe(HubConnectionState.Disconnected);
  });

  it('closeUser ends every connection of the user without automatic reconnect', async () => {
    const userId = randomUUID();
    const conn = client(server.url, transport, tokenFor(userId), (b) => b.withAutomaticReconnect([0, 100]));
    open.push(conn);
    await conn.start();
    const other = await connect(randomUUID());
    let reconnecting = false;
    conn.onreconnecting(() => (reconnecting = true));
    const whenClosed = closed(conn);
    await server.hub.closeUser(userId, 'Signed out.');
    expect((await whenClosed)?.message).toContain('Signed out.');
    await sleep(300);
    expect(reconnecting).toBe(false);
    expect(conn.state).toBe(HubConnectionState.Disconnected);
    expect(other.state).toBe(HubConnectionState.Connected);
  });
});

it('accepts the official client with skipNegotiation over WebSockets (no negotiate, no affinity needed)', async () => {
  const userId = randomUUID();
  const conn = new HubConnectionBuilder()
    .withUrl(server.url, { transport: HttpTransportType.WebSockets, skipNegotiation: true, accessTokenFactory: () => tokenFor(userId) })
    .configureLogging(LogLevel.None)
    .build();
  open.push(conn);
  await conn.start();
  expect(await conn.invoke('WhoAmI')).toBe(userId);
  const got = nextCall(conn, 'AccountUpdated');
  await server.hub.sendToUser(userId, 'AccountUpdated', { ok: true });
  expect(await got).toEqual([{ ok: true }]);
});
