/**
 * The delivery guarantee end to end: a client that loses its connection (server restart) and
 * reconnects asks for `after=<last sequence it has>` and gets exactly what it missed, in order;
 * then live events resume.
 */
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TConversationMessage } from '@vbc/shared/conversation';
import { openTestDatabase } from '../test/databases.ts';
import { buildTestApp } from '../test/app.ts';
import { TRANSPORTS, nextCall } from '../test/hub-support.ts';
import { buildPerson, closeListening, listenForHub, send, startConversation } from '../test/conversations-support.ts';

const database = await openTestDatabase('pglite');
const running: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of running) await closeListening(app).catch(() => undefined);
  await database.close();
});

it.each(TRANSPORTS)(
  'after a server restart the client catches up with after= exactly, then gets live events (%s)',
  async (_name, transport) => {
    const first = (await buildTestApp(database)).app;
    running.push(first);
    const url = await listenForHub(first);
    const port = Number(new URL(url).port);
    const ana = await buildPerson(first, 'Ana');
    const ben = await buildPerson(first, 'Ben');
    const { personalConversationId: id } = await startConversation(first, ana, ben, 'one');

    const conn: HubConnection = new HubConnectionBuilder()
      .withUrl(url, { transport, accessTokenFactory: () => ben.accessToken })
      .withAutomaticReconnect({ nextRetryDelayInMilliseconds: (ctx) => (ctx.elapsedMilliseconds < 20_000 ? 200 : null) })
      .configureLogging(LogLevel.None)
      .build();
    // What the client holds: the newest sequence it has seen, from live events or catch-up.
    const have: TConversationMessage[] = [];
    conn.on('MessageReceived', (m: TConversationMessage) => have.push(m));
    await conn.start();
    const live = nextCall(conn, 'MessageReceived');
    await send(first, ana, id, 'two');
    await live;
    expect(have.map((m) => m.sequence)).toEqual([2]);

    const reconnecting = new Promise<void>((resolve) => conn.onreconnecting(() => resolve()));
    await closeListening(first);
    await reconnecting;

    // The restarted server takes messages before the client is back (not listening yet: they are missed).
    const second = (await buildTestApp(database)).app;
    running.push(second);
    for (const text of ['three', 'four', 'five']) expect((await send(second, ana, id, text)).statusCode).toBe(201);
    const reconnected = new Promise<void>((resolve) => conn.onreconnected(() => resolve()));
    await second.listen({ port, host: '127.0.0.1' });
    await reconnected;
    expect(conn.state).toBe(HubConnectionState.Connected);

    const after = have.at(-1)!.sequence;
    const missed = await second.inject({ url: `/api/conversation/${id}/messages?after=${after}`, headers: ben.headers });
    expect(missed.json<TConversationMessage[]>().map((m) => [m.sequence, m.message])).toEqual([
      [3, 'three'],
      [4, 'four'],
      [5, 'five'],
    ]);
    have.push(...missed.json<TConversationMessage[]>());

    const next = nextCall(conn, 'MessageReceived');
    await send(second, ana, id, 'six');
    await next;
    expect(have.map((m) => m.sequence)).toEqual([2, 3, 4, 5, 6]);
    await conn.stop();
    await closeListening(second);
  },
  30_000,
);
