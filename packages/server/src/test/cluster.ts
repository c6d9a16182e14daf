/**
 * Several real server processes (the production entry, `node packages/server/dist/main.js`, or
 * `npm start`) on one PostgreSQL database and a Redis server the test owns, behind a small TCP
 * load balancer, with official SignalR clients that catch up the way the web app does. For the
 * multi-instance ordering and chaos tests. The shared PostgreSQL and Redis are never stopped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { HUB } from '@vbc/shared';
import type { TConversationMessage } from '@vbc/shared/conversation';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { conversationMessages } from '../platform/db/schema/index.ts';
import { buildTestApp } from './app.ts';
import { createPostgresDatabase } from './databases.ts';
import { REPO_ROOT, freePort, killTree, startServerProcess, type TServerProcess } from './processes.ts';

/** Builds packages/server/dist/main.js (the instances run the build, as production does). */
export function buildServer(): void {
  const built = spawnSync('node', ['scripts/build-server.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('The server build failed.');
}

/** A redis-server process the test owns: stop it for an outage, start it again on the same port. */
export interface TOwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<TOwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async (): Promise<void> => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      const gone = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await gone;
    },
    start,
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** A TCP load balancer: each new connection goes to the next backend that accepts it. */
export interface TBalancer {
  url: string;
  backends: number[];
  close(): Promise<void>;
}

export async function startBalancer(): Promise<TBalancer> {
  const backends: number[] = [];
  const sockets = new Set<net.Socket>();
  let turn = 0;
  const server = net.createServer((client) => {
    client.pause();
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const tryBackend = (attempt: number): void => {
      if (attempt >= backends.length * 2 || backends.length === 0) return void client.destroy();
      const port = backends[turn++ % backends.length]!;
      const upstream = net.connect({ port, host: '127.0.0.1' });
      let connected = false;
      upstream.on('error', () => {
        upstream.destroy();
        if (connected) client.destroy();
        else tryBackend(attempt + 1);
      });
      upstream.once('connect', () => {
        connected = true;
        sockets.add(upstream);
        upstream.on('close', () => (sockets.delete(upstream), client.destroy()));
        client.on('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    backends,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * Starts one instance on the database and Redis; `npm start` when asked, else the production entry.
 * `more`: a fixed port (an instance restarted behind a load balancer's configuration) and more settings.
 */
export function startInstance(
  env: { DATABASE_URL: string; REDIS_URL: string },
  how: 'node' | 'npm' = 'node',
  more: { port?: number; env?: Record<string, string> } = {},
): Promise<TServerProcess> {
  const [command, args] = how === 'npm' ? ['npm', ['start']] : ['node', ['packages/server/dist/main.js']];
  return startServerProcess(command, args, { env: { ...env, LOG_LEVEL: 'warn', ...more.env }, readyTimeoutMs: 180_000, port: more.port });
}

export { killTree };

/** Retries `fn` until it answers, at most `ms`. */
async function retrying<T>(fn: () => Promise<T>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/**
 * A person's client of one conversation, as the web app behaves: a hub connection with automatic
 * reconnect, ignoring a message whose sequence it has, and catching up over HTTP after every
 * (re)connect and on Resync. Records what a user would notice: a new message shown after a later one.
 */
export class ConversationClient {
  readonly known = new Set<number>();
  /** New messages that arrived by the hub after a later one (within one connection). */
  readonly outOfOrder: string[] = [];
  duplicates = 0;
  /** Messages that came by the hub, and those only the HTTP catch-up brought. */
  viaHub = 0;
  viaCatchUp = 0;
  reconnects = 0;
  resyncs = 0;
  private lastHubSeq = 0;
  private hub: HubConnection;
  private catchingUp: Promise<void> = Promise.resolve();

  constructor(
    private readonly baseUrl: string,
    private readonly accessToken: string,
    readonly conversationId: string,
    readonly name: string,
    transport: HttpTransportType = HttpTransportType.WebSockets,
  ) {
    this.hub = new HubConnectionBuilder()
      .withUrl(`${baseUrl}${HUB.path}`, { transport, accessTokenFactory: () => accessToken })
      .withAutomaticReconnect({ nextRetryDelayInMilliseconds: (ctx) => (ctx.elapsedMilliseconds < 120_000 ? 300 : null) })
      .withServerTimeout(8_000)
      .withKeepAliveInterval(2_000)
      .configureLogging(LogLevel.None)
      .build();
    for (const method of ['MessageReceived', 'PhotoSetItemUploaded', 'DocumentUploaded']) {
      this.hub.on(method, (m: TConversationMessage) => this.onEvent(m));
    }
    this.hub.on(HUB.resyncMethod, () => {
      this.resyncs++;
      this.catchUp();
    });
    this.hub.onreconnected(() => {
      this.reconnects++;
      this.lastHubSeq = 0;
      this.catchUp();
    });
  }

  async start(): Promise<void> {
    await retrying(() => this.hub.start(), 30_000);
    this.catchUp();
  }

  stop(): Promise<void> {
    return this.hub.stop();
  }

  private onEvent(m: TConversationMessage): void {
    if (m.personalConversationId !== this.conversationId) return;
    if (this.known.has(m.sequence)) {
      this.duplicates++;
      return;
    }
    if (m.sequence < this.lastHubSeq) this.outOfOrder.push(`${this.name}: ${m.sequence} after ${this.lastHubSeq}`);
    this.lastHubSeq = Math.max(this.lastHubSeq, m.sequence);
    // A message that skips sequences (one sent while the hub reconnected): the web app catches up.
    const hole = m.sequence > this.caughtUpTo() + 1;
    this.known.add(m.sequence);
    this.viaHub++;
    if (hole) void this.catchUp();
  }

  /** The last sequence held with none missing under it (a conversation's sequences start at 1). */
  private caughtUpTo(): number {
    let sequence = 0;
    while (this.known.has(sequence + 1)) sequence++;
    return sequence;
  }

  /** GET …/messages?after= from the last sequence held without a hole under it, page by page (retried through outages). */
  catchUp(): Promise<void> {
    this.catchingUp = this.catchingUp.then(() => retrying(() => this.fetchMissing(), 60_000)).catch(() => undefined);
    return this.catchingUp;
  }

  private async fetchMissing(): Promise<void> {
    for (;;) {
      const after = this.caughtUpTo();
      const res = await fetch(`${this.baseUrl}/api/conversation/${this.conversationId}/messages?after=${after}&limit=100`, {
        headers: { authorization: `Bearer ${this.accessToken}` },
      });
      if (res.status !== 200) throw new Error(`catch-up: ${res.status}`);
      const page = (await res.json()) as TConversationMessage[];
      for (const m of page) {
        if (this.known.has(m.sequence)) continue;
        this.known.add(m.sequence);
        this.viaCatchUp++;
      }
      if (page.length < 100) return;
    }
  }
}

/**
 * The database is the truth: reads every message, then waits (at most `ms`) until every client holds
 * each stored message of its conversation. `copies`: how many rows carry each clientMessageId.
 */
export async function convergeWithDatabase(database: Database, conversations: string[], clients: ConversationClient[], ms = 30_000) {
  const m = conversationMessages;
  const rows = await database.db.select({ conversationId: m.conversationId, seq: m.seq, clientMessageId: m.clientMessageId }).from(m);
  const stored = new Map<string, number[]>(conversations.map((id) => [id, []]));
  for (const r of rows) stored.get(r.conversationId)?.push(r.seq);
  const complete = (c: ConversationClient) => stored.get(c.conversationId)!.every((s) => c.known.has(s));
  const start = Date.now();
  while (clients.some((c) => !complete(c)) && Date.now() - start < ms) await new Promise((r) => setTimeout(r, 50));
  const copies = new Map<string, number>();
  for (const r of rows) if (r.clientMessageId) copies.set(r.clientMessageId, (copies.get(r.clientMessageId) ?? 0) + 1);
  return { rows, stored, complete, copies, convergedMs: Date.now() - start };
}

/** Sends until acknowledged: the same clientMessageId again after any failure (as the web outbox does). */
export async function sendUntilAcknowledged(
  baseUrl: string,
  accessToken: string,
  conversationId: string,
  message: string,
  clientMessageId: string,
  onRetry: (why: string) => void,
): Promise<TConversationMessage> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${baseUrl}/api/conversation/${conversationId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message, clientMessageId }),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status === 200 || res.status === 201) return (await res.json()) as TConversationMessage;
      onRetry(String(res.status));
    } catch (error) {
      onRetry(error instanceof Error ? error.name : 'error');
    }
    if (attempt > 200) throw new Error(`${clientMessageId} never acknowledged`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** What a multi-process test shares: a fresh database, its own Redis, an in-process app for set-up, the processes it started. */
export interface TClusterWorld {
  env: { DATABASE_URL: string; REDIS_URL: string };
  database: Database;
  redis: TOwnRedis;
  /** An app on the same database, not listening: makes people and conversations with the factories. */
  setup: FastifyInstance;
  /** Processes to kill at the end (push what the test starts). */
  processes: TServerProcess[];
}

/**
 * Registers beforeAll/afterAll that build the server, create a fresh PostgreSQL database beside
 * TEST_DATABASE_URL's and start a redis-server the test owns; read the fields inside tests.
 */
export function useClusterWorld(): TClusterWorld {
  const world = { processes: [] } as unknown as TClusterWorld;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    buildServer();
    close = await openClusterWorld(world);
  }, 180_000);
  afterAll(() => close?.());
  return world;
}

/**
 * Fills `world` (a fresh database beside TEST_DATABASE_URL's, its own redis-server, the set-up app)
 * without test hooks, for benches too; resolves with what kills its processes and drops it all.
 */
export async function openClusterWorld(world: TClusterWorld): Promise<() => Promise<void>> {
  const created = await createPostgresDatabase();
  world.redis = await startOwnRedis();
  world.env = { DATABASE_URL: created.url, REDIS_URL: world.redis.url };
  world.database = await openDatabase({ url: created.url, dataDir: '', maxConnections: 4 });
  world.setup = (await buildTestApp(world.database, { env: { REDIS_URL: world.redis.url } })).app;
  return async () => {
    for (const p of world.processes) killTree(p.child);
    await world.setup?.close();
    await world.database?.close();
    await world.redis?.stop();
    await created.drop();
  };
}
