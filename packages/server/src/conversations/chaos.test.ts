/**
 * Chaos: two server processes on PostgreSQL and a Redis the test owns, behind a TCP load balancer;
 * six people in three conversations send through it (retrying with the same clientMessageId until
 * acknowledged, as the web outbox does) while official SignalR clients receive. Mid-stream one
 * instance is SIGKILLed (and started again), Redis is stopped for a while, and the instance that
 * `npm start` started gets SIGTERM. Afterwards: no acknowledged message lost or stored twice, every
 * client holds exactly the database's messages, and none arrived after a later one. The figures
 * are printed for the closing note.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConversationClient,
  convergeWithDatabase,
  sendUntilAcknowledged,
  startBalancer,
  startInstance,
  useClusterWorld,
  type TBalancer,
} from '../test/cluster.ts';
import { exitWithin, portInUse, type TServerProcess } from '../test/processes.ts';
import { serviceUrl } from '../test/services.ts';
import { sleep } from '../test/hub-support.ts';
import { buildPerson, startConversation, type TPerson } from '../test/conversations-support.ts';

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the chaos test');
const redisUrl = serviceUrl('TEST_REDIS_URL', 'the chaos test');

describe.skipIf(!databaseUrl || !redisUrl)('chaos: killed instance, Redis outage, SIGTERM, while messaging', () => {
  const world = useClusterWorld();
  let balancer: TBalancer;
  beforeAll(async () => {
    balancer = await startBalancer();
  });
  afterAll(() => balancer?.close());

  it('loses and duplicates no acknowledged message, and every client sees each conversation in database order', async () => {
    // A by `npm start` (later stopped by SIGTERM), B by the production entry (later SIGKILLed).
    const { env, setup, redis, database } = world;
    const [a, b] = await Promise.all([startInstance(env, 'npm'), startInstance(env, 'node')]);
    world.processes.push(a, b);
    balancer.backends.push(a.port, b.port);

    const people: TPerson[] = [];
    for (let i = 0; i < 6; i++) people.push(await buildPerson(setup, `P${i}`));
    const conversations: string[] = [];
    for (let c = 0; c < 3; c++)
      conversations.push((await startConversation(setup, people[2 * c]!, people[2 * c + 1]!, 'start')).personalConversationId);
    const clients = people.map((p, i) => new ConversationClient(balancer.url, p.accessToken, conversations[Math.floor(i / 2)]!, `P${i}`));
    await Promise.all(clients.map((c) => c.start()));

    const t0 = Date.now();
    const at = () => (Date.now() - t0) / 1000;
    const timeline: string[] = [];
    const mark = (what: string) => timeline.push(`${at().toFixed(1)} s  ${what}`);
    const acked: Array<{ conversationId: string; clientMessageId: string; seq: number; startedAt: number; tookMs: number }> = [];
    let retries = 0;
    let sending = true;
    // Each person sends one message every ~2 s: under the 30-a-minute limit per account.
    const senders = people.map(async (p, i) => {
      const conversationId = conversations[Math.floor(i / 2)]!;
      for (let n = 0; sending; n++) {
        const clientMessageId = randomUUID();
        const startedAt = Date.now();
        const m = await sendUntilAcknowledged(balancer.url, p.accessToken, conversationId, `P${i} #${n}`, clientMessageId, () => retries++);
        acked.push({ conversationId, clientMessageId, seq: m.sequence, startedAt: startedAt - t0, tookMs: Date.now() - startedAt });
        await sleep(1800);
      }
    });

    await sleep(5000);
    mark('SIGKILL instance B');
    b.child.kill('SIGKILL');
    const killedAt = Date.now();
    // Restarted as a process manager would: an instance that starts while Redis is down refuses to
    // start (an unreachable REDIS_URL stops the start), so it is started again until it comes up.
    let failedStarts = 0;
    const startUntilUp = async (): Promise<TServerProcess> => {
      for (;;) {
        try {
          return await startInstance(env, 'node');
        } catch {
          failedStarts++;
          await sleep(1000);
        }
      }
    };
    const restarted = startUntilUp().then((b2) => {
      world.processes.push(b2);
      balancer.backends.push(b2.port);
      mark(
        `instance B2 started, ready ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill (${failedStarts} failed starts during the Redis outage)`,
      );
      return b2;
    });

    await sleep(4000);
    mark('Redis stopped');
    const redisDownAt = Date.now();
    await redis.stop();
    await sleep(6000);
    await redis.start();
    const redisUpAt = Date.now();
    mark(`Redis started again (down ${((redisUpAt - redisDownAt) / 1000).toFixed(1)} s)`);
    while (
      (await fetch(`${a.url}/readyz`).then(
        (r) => r.status,
        () => 0,
      )) !== 200
    )
      await sleep(100);
    mark(`instance A ready again ${((Date.now() - redisUpAt) / 1000).toFixed(1)} s after Redis came back`);

    await restarted;
    await sleep(2000);
    mark('SIGTERM to the process `npm start` started (instance A)');
    const termAt = Date.now();
    a.child.kill('SIGTERM');
    const exit = await exitWithin(a, 12_000);
    mark(`instance A exited with ${exit} after ${((Date.now() - termAt) / 1000).toFixed(1)} s`);
    expect(exit).toBe(0);
    expect(await portInUse(a.port)).toBe(false);

    await sleep(4000);
    sending = false;
    await Promise.all(senders);
    mark('senders stopped');

    const { rows, stored, complete, copies: byClientMessageId, convergedMs } = await convergeWithDatabase(database, conversations, clients);
    mark(`all clients complete ${(convergedMs / 1000).toFixed(1)} s after the last send`);

    const lost = acked.filter((m) => !byClientMessageId.has(m.clientMessageId));
    const duplicated = [...byClientMessageId.values()].filter((n) => n > 1).length;
    const storedSent = rows.length - conversations.length; // minus the three first messages
    const outOfOrder = clients.flatMap((c) => c.outOfOrder);
    const incomplete = clients.filter((c) => !complete(c)).map((c) => c.name);
    const slowest = (from: number, to: number) =>
      Math.max(0, ...acked.filter((m) => m.startedAt >= from - t0 - 2000 && m.startedAt <= to - t0).map((m) => m.tookMs));

    console.log(
      [
        'chaos figures',
        ...timeline.map((l) => `  ${l}`),
        `  messages acknowledged: ${acked.length}; stored: ${storedSent}; lost: ${lost.length}; stored twice: ${duplicated}`,
        `  delivered: ${clients.map((c) => `${c.name} ${c.known.size}/${stored.get(c.conversationId)!.length}`).join(', ')}`,
        `  hub duplicates ignored by clients: ${clients.reduce((n, c) => n + c.duplicates, 0)}; out of order: ${outOfOrder.length}`,
        `  client reconnects: ${clients.reduce((n, c) => n + c.reconnects, 0)}; Resync events: ${clients.reduce((n, c) => n + c.resyncs, 0)}; send retries: ${retries}`,
        `  slowest acknowledgement: after SIGKILL ${slowest(killedAt, killedAt + 4000)} ms, during the Redis outage ${slowest(redisDownAt, redisUpAt)} ms, after SIGTERM ${slowest(termAt, termAt + 4000)} ms`,
      ].join('\n'),
    );
    expect(lost).toEqual([]);
    expect(duplicated).toBe(0);
    expect(storedSent).toBe(acked.length);
    expect(incomplete).toEqual([]);
    expect(outOfOrder).toEqual([]);
    await Promise.all(clients.map((c) => c.stop()));
  }, 240_000);
});
