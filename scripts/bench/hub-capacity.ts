/**
 * Hub capacity check (not part of the test suite). Run from the repo root:
 *   node --import tsx scripts/bench/hub-capacity.ts [idleConnections=10000] [fanoutConnections=500] [messages=1000]
 * Forks a server process (the hub, then a bare `ws` server for comparison) and drives it with raw
 * WebSocket clients speaking the SignalR JSON protocol (skipNegotiation, as the native clients may).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

const RS = '\x1e';
const [idleCount = 10_000, fanoutCount = 500, messageCount = 1000] = process.argv.slice(2).map(Number);
const serverScript = fileURLToPath(new URL('./hub-bench-server.ts', import.meta.url));

interface TServer {
  child: ChildProcess;
  port: number;
  ask(message: object): Promise<Record<string, number>>;
}

async function startServer(kind: 'hub' | 'raw'): Promise<TServer> {
  const child = fork(serverScript, [kind], { execArgv: ['--import', 'tsx', '--expose-gc'] });
  const replies: Array<(m: Record<string, number>) => void> = [];
  child.on('message', (m) => replies.shift()?.(m as Record<string, number>));
  const ask = (message: object): Promise<Record<string, number>> =>
    new Promise((resolve) => {
      replies.push(resolve);
      child.send(message);
    });
  const { port } = await ask({ cmd: 'ready' });
  return { child, port: port ?? 0, ask };
}

/** Opens `count` sockets (in batches), does the SignalR handshake on each when `hub`, counts records received. */
async function openClients(
  port: number,
  count: number,
  hub: boolean,
  user: (i: number) => string,
): Promise<{ sockets: WebSocket[]; received: () => number }> {
  const sockets: WebSocket[] = [];
  let received = 0;
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
      const i = start + k;
      return new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/personalHub`, { headers: { authorization: `Bearer ${user(i)}` } });
        ws.on('error', reject);
        ws.on('open', () => {
          sockets.push(ws);
          if (!hub) return resolve();
          ws.send(`{"protocol":"json","version":1}${RS}`);
        });
        let handshaken = !hub;
        ws.on('message', (data) => {
          const text = String(data);
          if (!handshaken) {
            handshaken = true;
            resolve();
            return;
          }
          if (!text.startsWith('{"type":6}')) received++;
        });
      });
    });
    await Promise.all(batch);
  }
  return { sockets, received: () => received };
}

const mb = (bytes: number | undefined): string => `${((bytes ?? 0) / 1024 / 1024).toFixed(0)} MB`;

async function measure(kind: 'hub' | 'raw'): Promise<{ idleRss: number; baseRss: number; rate: number }> {
  const server = await startServer(kind);
  const { rss: baseRss = 0 } = await server.ask({ cmd: 'rss' });
  const idle = await openClients(server.port, idleCount, kind === 'hub', (i) => `user:idle-${i}`);
  await new Promise((r) => setTimeout(r, 2000));
  const { rss: idleRss = 0 } = await server.ask({ cmd: 'rss' });
  for (const ws of idle.sockets) ws.terminate();
  await new Promise((r) => setTimeout(r, 1000));

  const fan = await openClients(server.port, fanoutCount, kind === 'hub', () => 'user:fan');
  const t0 = process.hrtime.bigint();
  await server.ask({ cmd: 'fanout', count: messageCount });
  const expected = fanoutCount * messageCount;
  while (fan.received() < expected) await new Promise((r) => setImmediate(r));
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  for (const ws of fan.sockets) ws.terminate();
  server.child.kill();
  return { idleRss, baseRss, rate: expected / seconds };
}

const hub = await measure('hub');
const raw = await measure('raw');
console.log(
  `idle ${idleCount} connections: hub RSS ${mb(hub.idleRss)} (empty ${mb(hub.baseRss)}), raw ws RSS ${mb(raw.idleRss)} (empty ${mb(raw.baseRss)})`,
);
console.log(
  `fan-out ${messageCount} messages to ${fanoutCount} connections: hub ${hub.rate.toFixed(0)}/s, raw ws ${raw.rate.toFixed(0)}/s, ratio ${(hub.rate / raw.rate).toFixed(2)}`,
);
