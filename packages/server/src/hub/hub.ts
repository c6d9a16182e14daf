import type { FastifyInstance } from 'fastify';
import { HubCore, type THubStats } from './core.ts';
import { registerHubHttp } from './http.ts';
import { resolveOptions, type TGapFiller, type THubEvent, type THubLogger, type THubOptions } from './options.ts';
import { invocationRecord, invocationRecords } from './protocol.ts';
import { encodeOrdered, type TStreamPosition } from './ordering.ts';

export { redactAccessToken } from './redact.ts';

/** A SignalR hub (JSON protocol; WebSockets, Server-Sent Events, long polling) with backplane fan-out. */
export interface Hub {
  /** Registers the routes and the WebSocket upgrade handler on `app` (once, before `listen`). Closing the app closes the hub. */
  attach(app: FastifyInstance): void;
  /** Invokes client method `target` on every connection of `userId`, on every instance sharing the backplane. */
  sendToUser(userId: string, target: string, ...args: unknown[]): Promise<void>;
  /**
   * Like sendToUser, for the event at `seq` of an ordered `stream` (a conversation) whose `seq`
   * is gap-free: every connection receives a stream's events in `seq` order, whichever instances
   * published them (the receiving instance holds an early one briefly, and fills a lasting gap by
   * the filler given to `fillGapsWith`). `invocations` are that event's method calls, in order;
   * each connection gets them in one frame. A filled gap gets what the filler reads back instead.
   */
  sendToUserInOrder(userId: string, order: TStreamPosition, invocations: readonly THubEvent[]): Promise<void>;
  /** How to read a gap in an ordered stream back from the source of truth (the domain that owns the streams sets it). */
  fillGapsWith(filler: TGapFiller): void;
  /**
   * Closes every connection of `userId` on every instance (or only those opened
   * with `sessionKey`), with a Close message that forbids automatic reconnect.
   */
  closeUser(userId: string, reason?: string, options?: { sessionKey?: string }): Promise<void>;
  /** Connections and distinct users on this instance (handshake completed), and connections by transport. */
  stats(): THubStats;
  /** Graceful shutdown: Close with `allowReconnect: true` to every connection, then end the transports. */
  close(): Promise<void>;
}

const silentLogger: THubLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function createHub(options: THubOptions): Hub {
  const opts = resolveOptions(options);
  const core = new HubCore(opts, options.backplane, options.logger ?? silentLogger);
  options.backplane.onResync(() => core.resyncAll());
  let attached = false;

  return {
    attach(app) {
      if (attached) throw new Error('This hub is already attached to an app.');
      attached = true;
      if (!options.logger) core.log = app.log;
      registerHubHttp(app, core);
      core.start();
    },
    async sendToUser(userId, target, ...args) {
      await options.backplane.publish(core.channel(userId), `m${invocationRecord(target, args)}`);
    },
    async sendToUserInOrder(userId, order, invocations) {
      await options.backplane.publish(core.channel(userId), encodeOrdered(order, invocationRecords(invocations)));
    },
    fillGapsWith(filler) {
      core.gapFiller = filler;
    },
    async closeUser(userId, reason, closeOptions) {
      await options.backplane.publish(core.channel(userId), `c${JSON.stringify({ reason, sessionKey: closeOptions?.sessionKey })}`);
    },
    stats: () => core.stats(),
    close: () => core.shutdown(),
  };
}
