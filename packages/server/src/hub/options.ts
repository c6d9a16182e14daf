import type { IncomingMessage } from 'node:http';
import { HUB } from '@vbc/shared';
import type { Backplane } from '../platform/backplane/types.ts';

/** What a hub method receives besides the client's arguments. */
export interface THubCallContext {
  userId: string;
  /** Public id of the calling connection (never the secret connection token). */
  connectionId: string;
}

export type THubMethod = (ctx: THubCallContext, ...args: unknown[]) => unknown;

/** pino-compatible subset (Fastify's `app.log` fits). */
export interface THubLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface THubOptions {
  /** Hub base path, e.g. `/personalHub` (matched case-insensitively). */
  path: string;
  /**
   * Resolves the bearer token (from `Authorization: Bearer` or the `access_token` query
   * parameter) to a user, or null to refuse. Called for negotiate and every transport request.
   * `sessionKey`, when given, lets closeUser close just that sign-in's connections (one device
   * logging out) instead of all of them.
   */
  authenticate(token: string | undefined, request: IncomingMessage): Promise<{ userId: string; sessionKey?: string } | null>;
  /** Cross-origin pages allowed to connect (exact `scheme://host[:port]`). Same-origin and no Origin are always allowed. */
  allowedOrigins?: readonly string[];
  /** Send a Ping after this long without sending anything (WS, SSE). Default 15 s. */
  keepAliveMs?: number;
  /** Drop a connection after this long without hearing from it (WS, SSE: no message; LP: no poll). Default 30 s. */
  clientTimeoutMs?: number;
  /** Time to hold an idle long-poll before answering it empty. Default 90 s (see README). */
  longPollTimeoutMs?: number;
  /** Time for a negotiated connection to attach a transport and complete the handshake. Default 15 s. */
  handshakeTimeoutMs?: number;
  /** Largest single hub message a client may send, in UTF-8 bytes. Default 32 KiB. */
  maxMessageBytes?: number;
  /** Most unsent bytes queued for one connection before it is dropped as too slow. Default 1 MiB. */
  maxBufferedBytes?: number;
  /** Fan-out between instances. The hub does not close it. */
  backplane: Backplane;
  /**
   * A secret every instance shares (≥ 32 bytes). With it, negotiate v1 hands out signed
   * connection tokens and the WebSocket that follows may reach any instance: WebSockets need
   * no load-balancer affinity. Without it tokens are random and valid only where negotiated.
   */
  connectionTokenKey?: Buffer;
  /** Prefix of the backplane channels; instances sharing a backplane must use the same. Default `hub:<path>:`. */
  channelPrefix?: string;
  /** Methods clients may invoke, by name (matched case-insensitively). */
  methods?: Record<string, THubMethod>;
  /** Defaults to the Fastify app's logger once attached. */
  logger?: THubLogger;
  /** How long an ordered event (sendToUserInOrder) waits for the earlier ones of its stream. Default 300 ms. */
  orderWaitMs?: number;
  /**
   * Most connections one user may hold on this instance (negotiated and not yet attached ones
   * included); the next negotiate (or WebSocket without negotiate) is refused with 429. Default: no cap.
   */
  maxConnectionsPerUser?: number;
}

/**
 * The events of sequences `from`..`to` of `stream` for `userId`, read from the source of truth:
 * fills a gap in ordered events that did not close in time (an event was lost on the way).
 */
export type TGapFiller = (userId: string, stream: string, from: number, to: number) => Promise<THubEvent[]>;

/** One invocation of a client method: the method's name and its arguments. */
export interface THubEvent {
  target: string;
  args: unknown[];
}

export interface TResolvedHubOptions {
  path: string;
  pathLower: string;
  authenticate: THubOptions['authenticate'];
  allowedOrigins: ReadonlySet<string>;
  keepAliveMs: number;
  clientTimeoutMs: number;
  longPollTimeoutMs: number;
  handshakeTimeoutMs: number;
  maxMessageBytes: number;
  /** Largest transport payload (WS frame, POST body): several messages may share one. */
  maxPayloadBytes: number;
  maxBufferedBytes: number;
  channelPrefix: string;
  methods: ReadonlyMap<string, THubMethod>;
  connectionTokenKey: Buffer | null;
  orderWaitMs: number;
  maxConnectionsPerUser: number;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  const v = value ?? fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`Hub option ${name} must be a positive number, got ${String(value)}.`);
  return v;
}

function resolveTokenKey(key: Buffer | undefined): Buffer | null {
  if (key === undefined) return null;
  if (key.length < 32) throw new Error(`Hub option connectionTokenKey must be at least 32 bytes, got ${key.length}.`);
  return key;
}

export function resolveOptions(options: THubOptions): TResolvedHubOptions {
  const path = options.path.replace(/\/+$/, '');
  if (!path.startsWith('/')) throw new Error(`Hub option path must start with "/", got "${options.path}".`);
  const maxMessageBytes = positive('maxMessageBytes', options.maxMessageBytes, 32 * 1024);
  const methods = new Map<string, THubMethod>();
  for (const [name, fn] of Object.entries(options.methods ?? {})) methods.set(name.toLowerCase(), fn);
  return {
    path,
    pathLower: path.toLowerCase(),
    authenticate: options.authenticate,
    allowedOrigins: new Set((options.allowedOrigins ?? []).map((o) => o.replace(/\/+$/, '').toLowerCase())),
    keepAliveMs: positive('keepAliveMs', options.keepAliveMs, HUB.keepAliveIntervalMs),
    clientTimeoutMs: positive('clientTimeoutMs', options.clientTimeoutMs, HUB.serverTimeoutMs),
    // Answer before the client's own 100 s poll timeout (HUB.longPollTimeoutMs), as ASP.NET does,
    // so a record is never written into a poll the client has just given up on.
    longPollTimeoutMs: positive('longPollTimeoutMs', options.longPollTimeoutMs, HUB.longPollTimeoutMs - 10_000),
    handshakeTimeoutMs: positive('handshakeTimeoutMs', options.handshakeTimeoutMs, 15_000),
    maxMessageBytes,
    maxPayloadBytes: Math.max(maxMessageBytes * 8, 256 * 1024),
    maxBufferedBytes: positive('maxBufferedBytes', options.maxBufferedBytes, 1024 * 1024),
    channelPrefix: options.channelPrefix ?? `hub:${path.toLowerCase()}:`,
    methods,
    connectionTokenKey: resolveTokenKey(options.connectionTokenKey),
    orderWaitMs: positive('orderWaitMs', options.orderWaitMs, 300),
    maxConnectionsPerUser:
      options.maxConnectionsPerUser === undefined
        ? Number.POSITIVE_INFINITY
        : positive('maxConnectionsPerUser', options.maxConnectionsPerUser, 0),
  };
}
