// One load process of the idle-connections bench (hub-idle.ts): opens its share of WebSocket
// connections to the hub (`ws://<host>:<port>/personalHub`, the SignalR JSON handshake, negotiate
// skipped as native clients may: skipNegotiation), from its own source address (`localAddress`:
// a loopback address has about 28,000 ephemeral ports), then keeps them alive as a client does
// (a Ping from each socket every 10 s; the hub drops clients silent for 30 s).
//   args: port host localAddress tokensFile first count perAccount
// Connection i (first ≤ i < first + count) signs in with token ⌊i / perAccount⌋ of the file.
// Prints `READY <open> <failed> <first failure>` once every connection was opened (or gave up):
// those still open then, those refused or closed since, and why the first was refused;
// then on each `check` line on stdin sends every open socket an Invocation with an invocationId
// and prints `CHECKED <answered> <open> <ms>` once every open one got its Completion (or 60 s
// passed): the hub's own answer on each connection, not the socket's.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';
import { keepPinging } from './signalr-pings.ts';

const RS = '\x1e';
const [port = '', host = '127.0.0.1', localAddress = '127.0.0.1', tokensFile = '', first = '0', count = '0', perAccount = '50'] =
  process.argv.slice(2);
const tokens = JSON.parse(readFileSync(tokensFile, 'utf8')) as string[];
/** Upgrades in flight at once: each is a session lookup in the server's database pool. */
const IN_FLIGHT = 50;
/** Tries per connection: a 503 (the server's database pool busy) asks to come back. */
const TRIES = 5;
const CHECK_ID = 'idle-check';

const sockets: WebSocket[] = [];
let answered = 0;
let failed = 0;
let firstFailure = '';

/** One connection, handshake done; rejects with the server's refusal or the socket's error. */
function open(token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${host}:${port}/personalHub`, {
      headers: { authorization: `Bearer ${token}` },
      localAddress,
      perMessageDeflate: false,
    });
    let handshaken = false;
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => reject(new Error(`${res.statusCode} ${body}`)));
    });
    ws.on('error', reject);
    ws.on('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
    ws.on('message', (data) => {
      const text = String(data);
      if (!handshaken) {
        handshaken = true;
        if (text !== `{}${RS}`) return reject(new Error(`handshake answered ${text}`));
        return resolve(ws);
      }
      if (text.includes(`"invocationId":"${CHECK_ID}"`) && text.startsWith('{"type":3')) answered++;
    });
  });
}

async function openWithRetry(token: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      sockets.push(await open(token));
      return;
    } catch (error) {
      const message = (error as Error).message;
      if (attempt < TRIES && message.startsWith('503')) {
        await new Promise((r) => setTimeout(r, 200 * attempt));
        continue;
      }
      failed++;
      firstFailure ||= message.slice(0, 200);
      return;
    }
  }
}

// From the first connection on: opening them all takes minutes, longer than the hub waits for a silent client.
keepPinging(sockets);

const start = Number(first);
const end = start + Number(count);
let next = start;
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (next < end) {
      const i = next++;
      await openWithRetry(tokens[Math.floor(i / Number(perAccount))]!);
    }
  }),
);

const stillOpen = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
process.stdout.write(`READY ${stillOpen} ${failed + sockets.length - stillOpen} ${JSON.stringify(firstFailure)}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'check') return;
  answered = 0;
  const live = sockets.filter((ws) => ws.readyState === WebSocket.OPEN);
  const t0 = performance.now();
  // An Invocation of a method the hub does not have: its Completion (with the error text) is the
  // hub's answer on that connection.
  const invocation = `{"type":1,"invocationId":"${CHECK_ID}","target":"BenchCheck","arguments":[]}${RS}`;
  live.forEach((ws) => ws.send(invocation));
  const poll = setInterval(() => {
    const ms = performance.now() - t0;
    if (answered < live.length && ms < 60_000) return;
    clearInterval(poll);
    process.stdout.write(`CHECKED ${answered} ${live.length} ${Math.round(ms)}\n`);
  }, 50);
});
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
