// One round of load for the signed-in reads bench (signed-in.ts), in a process of its own (a fresh
// load generator each round, as card-api.ts explains): 50 connections for `seconds` on one
// request, then the figures as a JSON line. The argument is a file holding a TLoad in JSON. A send takes turns
// among `senders` (each a signed-in person with a conversation: 30 sends a minute each), with a
// fresh clientMessageId each time.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface TLoad {
  url: string;
  seconds: number;
  path: string;
  /** When given, the requests take turns among these paths instead (a random card each: cache misses). */
  paths?: string[];
  headers: Record<string, string>;
  senders?: { headers: Record<string, string>; conversationId: string }[];
}

export interface TLoadFigure {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

const load = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as TLoad;
let turn = 0;
const sendRequest = (senders: NonNullable<TLoad['senders']>) => ({
  method: 'POST' as const,
  setupRequest: (request: autocannon.Request) => {
    const sender = senders[turn++ % senders.length]!;
    return {
      ...request,
      path: `/api/conversation/${sender.conversationId}/messages`,
      headers: { ...sender.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Are we still on for Thursday?', clientMessageId: randomUUID() }),
    };
  },
});
/** The paths in turn, from a random one: each round (a process of its own) reads other cards than the last. */
const rotate = (paths: string[]) => {
  let at = Math.floor(Math.random() * paths.length);
  return {
    method: 'GET' as const,
    setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[at++ % paths.length]! }),
  };
};
const result = await autocannon({
  url: load.url,
  connections: 50,
  pipelining: 1,
  duration: load.seconds,
  headers: load.headers,
  requests: [load.senders ? sendRequest(load.senders) : load.paths ? rotate(load.paths) : { method: 'GET', path: load.path }],
});
const figure: TLoadFigure = {
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  errors: result.errors + result.timeouts + result.non2xx,
};
process.stdout.write(`${JSON.stringify(figure)}\n`);
