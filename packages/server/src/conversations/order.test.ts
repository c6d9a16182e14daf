/**
 * Two server processes (the production entry) on one PostgreSQL and Redis, official SignalR
 * clients on both, three people sending to one conversation at once through both instances: every
 * client receives the conversation's messages in database order. Before the hub ordered them,
 * publishes from the two instances crossed (1–2 swaps per 42 messages in ~40% of rounds).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConversationClient, sendUntilAcknowledged, startInstance, useClusterWorld } from '../test/cluster.ts';
import { serviceUrl } from '../test/services.ts';
import { buildPerson, startConversation } from '../test/conversations-support.ts';
import { sleep } from '../test/hub-support.ts';

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the two-process ordering test');
const redisUrl = serviceUrl('TEST_REDIS_URL', 'the two-process ordering test');

describe.skipIf(!databaseUrl || !redisUrl)('message order across two server processes', () => {
  const world = useClusterWorld();

  it("every client gets each conversation's messages in database order, many rounds of three concurrent senders", async () => {
    const instances = await Promise.all([0, 1].map(() => startInstance(world.env)));
    world.processes.push(...instances);
    const [a, b] = instances.map((i) => i.url) as [string, string];
    const setup = world.setup;
    const rounds = 8;
    const perSender = 14;
    const outOfOrder: string[] = [];
    let delivered = 0;
    for (let round = 0; round < rounds; round++) {
      const ana = await buildPerson(setup, 'Ana');
      const ben = await buildPerson(setup, 'Ben');
      const { personalConversationId: id } = await startConversation(setup, ana, ben, 'start');
      const clients = [
        new ConversationClient(a, ben.accessToken, id, 'ben@A'),
        new ConversationClient(b, ben.accessToken, id, 'ben@B'),
        new ConversationClient(b, ana.accessToken, id, 'ana@B'),
      ];
      await Promise.all(clients.map((c) => c.start()));
      const senders = [
        { who: ana, via: [a, b] },
        { who: ben, via: [b, a] },
        { who: ana, via: [b, a] },
      ];
      await Promise.all(
        senders.map(async ({ who, via }, s) => {
          for (let i = 0; i < perSender; i++) {
            await sendUntilAcknowledged(via[i % 2]!, who.accessToken, id, `r${round} s${s} m${i}`, randomUUID(), () => undefined);
          }
        }),
      );
      const total = 1 + senders.length * perSender;
      const deadline = Date.now() + 15_000;
      while (clients.some((c) => c.known.size < total) && Date.now() < deadline) await sleep(20);
      for (const c of clients) {
        expect(c.known.size).toBe(total);
        outOfOrder.push(...c.outOfOrder.map((o) => `round ${round} ${o}`));
        delivered += c.known.size;
      }
      await Promise.all(clients.map((c) => c.stop()));
    }
    console.log(
      `ordering: ${rounds} rounds × ${3 * perSender} messages, 3 clients each; ${delivered} known by clients; out of order: ${outOfOrder.length}`,
    );
    expect(outOfOrder).toEqual([]);
  }, 240_000);
});
