// Hub send → all received (issue 13, "Measured"): the product (product.ts: the built server,
// PostgreSQL, default log level) with `clients` WebSocket connections of one account (SignalR
// JSON protocol); each send is a real POST /api/conversation/{id}/messages from another person,
// and its time is until every one of the connections has the MessageReceived carrying that
// send's clientMessageId. The send's own POST time is measured too. The baseline, in the same
// run, is a raw `ws` server (raw-fan-out-server.ts) sending the same frame to as many clients
// on a POST, the two taking turns in blocks of a tenth of the sends (both servers up the
// whole time). Sends go one at a time, taking turns among senders (30 sends a minute each); each
// starts once the clients are idle again (for the hub, once they also have the previous send's
// ConversationUpdated), as a send to one person's devices would find them.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { benchDatabase, cpuOf, helper, percentile, startProduct, stop } from './product.ts';
import { keepPinging } from './signalr-pings.ts';

const RS = '\x1e';
const WARM_UP = 10;
/** Progress on stderr (a bench on a busy machine takes minutes). */
const progress = (text: string) => process.stderr.write(`  … ${text}\n`);
const script = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

interface TSeed {
  recipientToken: string;
  senders: { token: string; conversationId: string }[];
}

/**
 * What `connect` matches by default: a MessageReceived by its clientMessageId, and the
 * ConversationUpdated that follows it (its summary's last message) as `settled:<clientMessageId>`;
 * the hub sends both in one frame.
 */
const messageFrame = (text: string): string[] => {
  const id = /"clientMessageId":"([^"]+)"/.exec(text)?.[1];
  if (!id) return [];
  return [...(text.includes('"MessageReceived"') ? [id] : []), ...(text.includes('"ConversationUpdated"') ? [`settled:${id}`] : [])];
};

/** `promise`, or a rejection with `message` after 60 s. */
async function within60s<T>(promise: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), 60_000)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `count` sockets to `url`, each with the SignalR handshake when `hub` and the headers `headers`
 * (or `headers(i)` for the i-th); resolves `waitAll(id)` once all saw a frame in which `match` finds `id`.
 */
export async function connect(
  url: string,
  count: number,
  headers: Record<string, string> | ((i: number) => Record<string, string>),
  hub: boolean,
  match: (text: string) => string[] = messageFrame,
) {
  const sockets: WebSocket[] = [];
  const seen = new Map<string, { count: number; done: (at: number) => void }>();
  let sample = '';
  const onFrame = (text: string, at: number) => {
    for (const id of match(text)) {
      const entry = seen.get(id);
      if (!entry) continue;
      sample ||= text;
      if (++entry.count === count) entry.done(at);
    }
  };
  // As a SignalR client does, a ping now and then (the hub closes a connection that stays silent
  // past its client timeout), spread over time (a burst of 1,000 pings would land on some send).
  const stopPinging = hub ? keepPinging(sockets) : () => undefined;
  // 25 at a time: each connection's sign-in check is a database read.
  for (let start = 0; start < count; start += 25) {
    await Promise.all(
      Array.from(
        { length: Math.min(25, count - start) },
        () =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(url, {
              headers: typeof headers === 'function' ? headers(sockets.length) : headers,
              perMessageDeflate: false,
            });
            sockets.push(ws);
            let open = !hub;
            ws.on('error', reject);
            ws.on('open', () => (hub ? ws.send(`{"protocol":"json","version":1}${RS}`) : resolve()));
            ws.on('message', (data) => {
              const at = performance.now();
              if (!open) {
                open = true;
                return resolve();
              }
              onFrame(String(data), at);
            });
          }),
      ),
    );
  }
  return {
    /** Resolves with the time the last socket received `id`'s frame. */
    waitAll: (id: string) => new Promise<number>((resolve) => seen.set(id, { count: 0, done: resolve })),
    forget: (id: string) => seen.delete(id),
    /** The first frame that matched. */
    sample: () => sample,
    close: () => {
      stopPinging();
      sockets.forEach((ws) => ws.terminate());
    },
  };
}

type TClients = Awaited<ReturnType<typeof connect>>;

/**
 * `count` connections opened with the official SignalR client in a process of its own
 * (hub-official-load.ts), waited on as `connect`'s are: its ALL and SETTLED lines carry the
 * machine's monotonic clock, turned here into this process's `performance.now()`.
 */
async function connectOfficial(url: string, count: number, token: string, children: ChildProcess[]): Promise<TClients> {
  const load = await helper(script('hub-official-load.ts'), [url, token, String(count)]);
  children.push(load.child);
  const offsetMs = performance.now() - Number(process.hrtime.bigint()) / 1e6;
  const seen = new Map<string, (at: number) => void>();
  createInterface({ input: load.child.stdout! }).on('line', (line) => {
    const [word, id, ns] = line.split(' ');
    if (word !== 'ALL' && word !== 'SETTLED') return;
    seen.get(word === 'ALL' ? id! : `settled:${id}`)?.(Number(ns) / 1e6 + offsetMs);
  });
  return {
    waitAll: (id) => new Promise<number>((resolve) => seen.set(id, resolve)),
    forget: (id) => seen.delete(id),
    sample: () => '',
    close: () => void load.child.kill('SIGTERM'),
  };
}

interface TSamples {
  all: number[];
  posts: number[];
  cpu: { main: number; others: number };
}
const samples = (): TSamples => ({ all: [], posts: [], cpu: { main: 0, others: 0 } });

/**
 * `sends` sends one at a time: send → all received, and the POST's own time, added to `into`.
 * With `settles`, the next send waits until every client also has the send's ConversationUpdated
 * (the event the hub sends after each message): each send then starts with the clients idle, as
 * each of the raw server's does. Without `into`, a warm-up: nothing is kept.
 */
async function measure(
  clients: TClients,
  sends: number,
  settles: boolean,
  post: (clientMessageId: string) => Promise<Response>,
  into?: TSamples,
  serverPid?: number,
) {
  const cpuBefore = cpuOf(serverPid);
  for (let k = 0; k < sends; k++) {
    const clientMessageId = randomUUID();
    const received = clients.waitAll(clientMessageId);
    const settled = settles ? clients.waitAll(`settled:${clientMessageId}`) : undefined;
    const t0 = performance.now();
    const res = await post(clientMessageId);
    const posted = performance.now();
    if (res.status !== 201) throw new Error(`send: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const at = await within60s(received, 'a send: not every client received it within 60 s');
    if (settled) await within60s(settled, 'a send: not every client received its ConversationUpdated within 60 s');
    clients.forget(clientMessageId);
    clients.forget(`settled:${clientMessageId}`);
    into?.all.push(at - t0);
    into?.posts.push(posted - t0);
  }
  const cpuAfter = cpuOf(serverPid);
  if (into) {
    into.cpu.main += cpuAfter.main - cpuBefore.main;
    into.cpu.others += cpuAfter.others - cpuBefore.others;
  }
}

/** The times, and the server's CPU per send in ms (its main thread, its other threads; /proc, 10 ms ticks summed over every send). */
const summary = ({ all, posts, cpu }: TSamples) => {
  const perSendMs = (seconds: number) => Math.round((seconds * 100_000) / Math.max(1, all.length)) / 100;
  return {
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    max: percentile(all, 100),
    postP50: percentile(posts, 50),
    postP99: percentile(posts, 99),
    cpuMainMs: perSendMs(cpu.main),
    cpuOthersMs: perSendMs(cpu.others),
  };
};

/**
 * Blocks of sends the hub and the raw server take turns at (with a baseline): this host's slow
 * spells, seconds long, then fall on both sides instead of on whichever was measured then.
 */
const BLOCKS = 10;

/**
 * `clientCount` connections of one account, `sends` sends; with `withBaseline`, against the raw
 * server. With `official`, the connections are the official client's in a process of their own
 * (no baseline), as a phone's or a browser's are; else `ws` sockets speaking SignalR's JSON
 * protocol in this process.
 */
export async function benchHubFanOut(clientCount: number, sends: number, withBaseline: boolean, official = false) {
  const database = await benchDatabase();
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'vbc-bench-log-')), 'server.log');
  const children: ChildProcess[] = [];
  try {
    const senderCount = Math.ceil((WARM_UP + sends) / 25);
    const seed = JSON.parse((await helper(script('seed-hub.ts'), [database.url, String(senderCount)])).ready) as TSeed;
    progress(`seeded ${seed.senders.length} senders`);
    // Default settings but one: a single account holding this many connections is the scenario
    // itself, past the default cap of 50 per account (HUB_MAX_CONNECTIONS_PER_ACCOUNT).
    const product = await startProduct(database.url, logFile, { HUB_MAX_CONNECTIONS_PER_ACCOUNT: String(clientCount) });
    children.push(product.child);
    progress('server started');
    const base = `127.0.0.1:${product.port}`;
    const hubClients = official
      ? await connectOfficial(`http://${base}/personalHub`, clientCount, seed.recipientToken, children)
      : await connect(`ws://${base}/personalHub`, clientCount, { authorization: `Bearer ${seed.recipientToken}` }, true);
    progress(`${clientCount} ${official ? 'official' : 'hub'} clients connected`);
    let hubSends = 0;
    const hubPost = (clientMessageId: string) => {
      const k = hubSends++;
      const sender = seed.senders[k % seed.senders.length]!;
      return fetch(`http://${base}/api/conversation/${sender.conversationId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: `bench message ${k} ${'x'.repeat(80)}`, clientMessageId }),
      });
    };
    await measure(hubClients, WARM_UP, true, hubPost);
    const hub = samples();
    const hubPid = product.child.pid;
    if (!withBaseline) {
      await measure(hubClients, sends, true, hubPost, hub, hubPid);
      hubClients.close();
      return { clients: clientCount, sends, hub: summary(hub), raw: null, ratio: null, logFile };
    }

    // The raw server sends the frame the hub sent, with each send's clientMessageId in it.
    const placeholder = 'CLIENT-MESSAGE-ID';
    const framed = hubClients.sample().replace(/("clientMessageId":")[^"]+/g, `$1${placeholder}`);
    const server = await helper(script('raw-fan-out-server.ts'), [Buffer.from(framed).toString('base64'), placeholder]);
    children.push(server.child);
    const [rawPort, rawPid] = server.ready.trim().split(' ');
    const rawUrl = `127.0.0.1:${rawPort}`;
    const rawClients = await connect(`ws://${rawUrl}/`, clientCount, {}, false);
    progress(`${clientCount} raw ws clients connected`);
    const rawPost = (clientMessageId: string) =>
      fetch(`http://${rawUrl}/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientMessageId }),
      });
    await measure(rawClients, WARM_UP, false, rawPost);
    const raw = samples();
    for (let block = 0; block < BLOCKS; block++) {
      const count = Math.round(((block + 1) * sends) / BLOCKS) - Math.round((block * sends) / BLOCKS);
      await measure(hubClients, count, true, hubPost, hub, hubPid);
      await measure(rawClients, count, false, rawPost, raw, Number(rawPid));
    }
    hubClients.close();
    rawClients.close();
    const [h, r] = [summary(hub), summary(raw)];
    return { clients: clientCount, sends, hub: h, raw: r, ratio: h.p99 / Math.max(r.p99, 0.1), logFile };
  } finally {
    await Promise.all(children.map(stop));
    await database.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [clients = 1000, sends = 1000, baseline = 1, official = 0] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await benchHubFanOut(clients, sends, baseline === 1, official === 1)));
}
