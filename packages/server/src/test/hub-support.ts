/** Shared set-up for the hub tests: a listening Fastify app with a hub, and official SignalR clients. */
import Fastify, { type FastifyInstance } from 'fastify';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { createMemoryBackplane, type Backplane } from '../platform/backplane/index.ts';
import { HubError, createHub, type Hub, type THubOptions } from '../hub/index.ts';

export const TRANSPORTS = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;

/** Test tokens are `user:<id>`; anything else is refused. */
export const tokenFor = (userId: string): string => `user:${userId}`;

export interface TTestServer {
  app: FastifyInstance;
  hub: Hub;
  port: number;
  /** Hub URL, e.g. http://127.0.0.1:1234/personalHub */
  url: string;
  close(): Promise<void>;
}

export async function startServer(
  setup: { port?: number; backplane?: Backplane; hub?: Partial<THubOptions>; logLines?: string[] } = {},
): Promise<TTestServer> {
  // forceCloseConnections: a client may leave a pre-opened, never-used socket that would hold close() for ~60 s.
  const lines = setup.logLines;
  const logger = lines ? { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } : false;
  const app = Fastify({ logger, forceCloseConnections: true });
  const backplane = setup.backplane ?? createMemoryBackplane();
  const hub = createHub({
    path: '/personalHub',
    backplane,
    async authenticate(token) {
      return token?.startsWith('user:') ? { userId: token.slice(5) } : null;
    },
    methods: {
      Echo: (_ctx, value) => value,
      Add: (_ctx, a, b) => Number(a) + Number(b),
      WhoAmI: (ctx) => ctx.userId,
      Fail: (_ctx, message) => {
        throw new HubError(String(message));
      },
      Crash: () => {
        throw new Error('secret internal detail');
      },
      Nothing: async () => undefined,
    },
    ...setup.hub,
  });
  hub.attach(app);
  await app.listen({ port: setup.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    hub,
    port,
    url: `http://127.0.0.1:${port}/personalHub`,
    async close() {
      await app.close();
      if (!setup.backplane) await backplane.close();
    },
  };
}

/** Builds (not starts) an official client. */
export function client(
  url: string,
  transport: HttpTransportType,
  token: string | undefined,
  configure: (b: HubConnectionBuilder) => HubConnectionBuilder = (b) => b,
): HubConnection {
  const builder = new HubConnectionBuilder()
    .withUrl(url, { transport, accessTokenFactory: () => token ?? '' })
    .configureLogging(LogLevel.None);
  return configure(builder).build();
}

/** Resolves with the arguments of the next call of client method `name`. */
export function nextCall(conn: HubConnection, name: string, timeoutMs = 5000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      conn.off(name, handler);
      reject(new Error(`No ${name} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (...args: unknown[]): void => {
      clearTimeout(timer);
      conn.off(name, handler);
      resolve(args);
    };
    conn.on(name, handler);
  });
}

/** Resolves with the error passed to onclose. */
export function closed(conn: HubConnection, timeoutMs = 5000): Promise<Error | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Not closed within ${timeoutMs} ms`)), timeoutMs);
    conn.onclose((error) => {
      clearTimeout(timer);
      resolve(error);
    });
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it is true or the time is up. */
export async function eventually(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await sleep(20);
  }
}
