/**
 * A rolling restart behind HAProxy (deploy/haproxy.cfg): three instances of the built server on one
 * PostgreSQL database and one Redis, each in turn SIGTERMed, waited for and started again on its
 * port, while people send a steady stream of messages through the balancer (retrying with the same
 * clientMessageId until acknowledged, as the web outbox does) and official SignalR clients receive
 * them (WebSockets, and long polling for one conversation: it needs the balancer's affinity cookie).
 * The database is the truth the figures are counted against. Used by the rolling-restart test
 * (which asserts) and `npm run bench` (which prints).
 */
import { randomUUID } from 'node:crypto';
import { HttpTransportType } from '@microsoft/signalr';
import { ConversationClient, convergeWithDatabase, sendUntilAcknowledged, startInstance, type TClusterWorld } from './cluster.ts';
import { buildPerson, startConversation, type TPerson } from './conversations-support.ts';
import { HAPROXY_SERVERS, startHaproxy } from './haproxy.ts';
import { exitWithin, freePort, type TServerProcess } from './processes.ts';

/** How every instance runs behind the balancer (deploy/haproxy.cfg's header). */
export const INSTANCE_ENV = { SHUTDOWN_DRAIN_MS: '3000', TRUST_PROXY: '127.0.0.1' };

/** One send every ~2 s per person: under the 30-a-minute limit per account. */
const SEND_PAUSE_MS = 1800;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface TRollingRestartFigures {
  /** Messages whose first attempt was made, and those the server acknowledged (200/201). */
  sent: number;
  acknowledged: number;
  /** Rows the run added to the database (the conversations' first messages not counted). */
  stored: number;
  /** Messages clients hold, against what they should hold (every stored message of their conversation). */
  delivered: number;
  expected: number;
  viaHub: number;
  viaCatchUp: number;
  /** Acknowledged messages missing from the database; clientMessageIds stored more than once. */
  lost: number;
  duplicated: number;
  /** Messages a client got by the hub after a later one; sequences missing in the database. */
  outOfOrder: string[];
  gaps: string[];
  /** Clients that do not hold every stored message of their conversation 30 s after the last send. */
  incomplete: string[];
  /** Failed attempts the senders retried, by status or error name. */
  retries: Record<string, number>;
  hubDuplicates: number;
  reconnects: number;
  /** Each instance: its exit code, and whether HAProxy had taken it out while it was still running. */
  restarts: Array<{ server: string; exit: number | string; downBeforeExit: boolean }>;
  timeline: string[];
}

export async function runRollingRestart(world: TClusterWorld, peopleCount = 12): Promise<TRollingRestartFigures> {
  const { env, setup, database } = world;
  const ports: number[] = [];
  for (const _ of HAPROXY_SERVERS) ports.push(await freePort());
  const start = (port: number) => startInstance(env, 'node', { port, env: INSTANCE_ENV });
  const instances: TServerProcess[] = await Promise.all(ports.map(start));
  world.processes.push(...instances);
  const lb = await startHaproxy(ports);
  try {
    for (const server of HAPROXY_SERVERS) await lb.waitFor(server, 'UP');

    const people: TPerson[] = [];
    for (let i = 0; i < peopleCount; i++) people.push(await buildPerson(setup, `P${i}`));
    const conversations: string[] = [];
    for (let c = 0; c < peopleCount / 2; c++)
      conversations.push((await startConversation(setup, people[2 * c]!, people[2 * c + 1]!, 'start')).personalConversationId);
    const conversationOf = (i: number) => conversations[Math.floor(i / 2)]!;
    const lastConversation = conversations.length - 1;
    const clients = people.map(
      (p, i) =>
        new ConversationClient(
          lb.url,
          p.accessToken,
          conversationOf(i),
          `P${i}`,
          Math.floor(i / 2) === lastConversation ? HttpTransportType.LongPolling : HttpTransportType.WebSockets,
        ),
    );
    await Promise.all(clients.map((c) => c.start()));

    const t0 = Date.now();
    const timeline: string[] = [];
    const mark = (what: string) => timeline.push(`${((Date.now() - t0) / 1000).toFixed(1)} s  ${what}`);
    const acknowledged: string[] = [];
    const retries: Record<string, number> = {};
    let sent = 0;
    let sending = true;
    const senders = people.map(async (p, i) => {
      for (let n = 0; sending; n++) {
        const clientMessageId = randomUUID();
        sent++;
        await sendUntilAcknowledged(lb.url, p.accessToken, conversationOf(i), `P${i} #${n}`, clientMessageId, (why) => {
          retries[why] = (retries[why] ?? 0) + 1;
        });
        acknowledged.push(clientMessageId);
        await sleep(SEND_PAUSE_MS);
      }
    });

    await sleep(3000);
    const restarts: TRollingRestartFigures['restarts'] = [];
    for (const [i, server] of HAPROXY_SERVERS.entries()) {
      const old = instances[i]!;
      mark(`SIGTERM to ${server}`);
      old.child.kill('SIGTERM');
      await lb.waitFor(server, 'DOWN', 15_000);
      const downBeforeExit = old.child.exitCode === null && old.child.signalCode === null;
      mark(`${server} DOWN in HAProxy (${downBeforeExit ? 'still draining' : 'already exited'})`);
      const exit = await exitWithin(old, 20_000);
      mark(`${server} exited with ${exit}`);
      restarts.push({ server, exit, downBeforeExit });
      const fresh = await start(ports[i]!);
      instances[i] = fresh;
      world.processes.push(fresh);
      await lb.waitFor(server, 'UP');
      mark(`${server} started again and UP in HAProxy`);
      await sleep(1000);
    }
    await sleep(2000);
    sending = false;
    await Promise.all(senders);
    mark('senders stopped');

    const { rows, stored, complete, copies } = await convergeWithDatabase(database, conversations, clients);
    mark('clients compared with the database');

    const gaps = [...stored].flatMap(([id, seqs]) => {
      const sorted = seqs.sort((a, b) => a - b);
      return sorted.every((s, k) => s === k + 1) ? [] : [`${id}: ${sorted.join(',')}`];
    });
    const sum = (f: (c: ConversationClient) => number) => clients.reduce((n, c) => n + f(c), 0);
    await Promise.all(clients.map((c) => c.stop()));
    return {
      sent,
      acknowledged: acknowledged.length,
      stored: rows.length - conversations.length,
      delivered: sum((c) => c.known.size),
      expected: sum((c) => stored.get(c.conversationId)!.length),
      viaHub: sum((c) => c.viaHub),
      viaCatchUp: sum((c) => c.viaCatchUp),
      lost: acknowledged.filter((id) => !copies.has(id)).length,
      duplicated: [...copies.values()].filter((n) => n > 1).length,
      outOfOrder: clients.flatMap((c) => c.outOfOrder),
      gaps,
      incomplete: clients.filter((c) => !complete(c)).map((c) => c.name),
      retries,
      hubDuplicates: sum((c) => c.duplicates),
      reconnects: sum((c) => c.reconnects),
      restarts,
      timeline,
    };
  } finally {
    await lb.close();
  }
}

/** The figures as lines, for the test's output and the bench. */
export function rollingRestartLines(f: TRollingRestartFigures): string[] {
  const retries = Object.entries(f.retries);
  return [
    ...f.timeline.map((l) => `  ${l}`),
    `  messages sent ${f.sent}, acknowledged ${f.acknowledged}, stored ${f.stored}; delivered ${f.delivered}/${f.expected} (by the hub ${f.viaHub}, by catch-up ${f.viaCatchUp})`,
    `  lost ${f.lost}, duplicated ${f.duplicated}, out of order ${f.outOfOrder.length}, sequence gaps ${f.gaps.length}, incomplete clients ${f.incomplete.length}`,
    `  send retries ${retries.length ? retries.map(([why, n]) => `${why} ×${n}`).join(', ') : 'none'}; hub reconnects ${f.reconnects}; hub duplicates ignored by clients ${f.hubDuplicates}`,
    `  instances: ${f.restarts.map((r) => `${r.server} exit ${r.exit}${r.downBeforeExit ? ', out of HAProxy while draining' : ', NOT out of HAProxy before it exited'}`).join('; ')}`,
  ];
}
