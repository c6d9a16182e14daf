import { randomBytes } from 'node:crypto';
import { HUB } from '@vbc/shared';
import type { Backplane } from '../platform/backplane/types.ts';
import { signConnectionToken, verifyConnectionToken } from './connection-token.ts';
import type { TGapFiller, THubLogger, TResolvedHubOptions } from './options.ts';
import { OrderedStreams, decodeOrdered } from './ordering.ts';
import {
  HANDSHAKE_OK,
  PING_RECORD,
  ProtocolError,
  RecordReader,
  checkHandshake,
  closeRecord,
  handshakeErrorRecord,
  invocationRecord,
  invocationRecords,
  parseRecord,
} from './protocol.ts';
import { textFrame, type LongPollingTransport, type TTransport, type TTransportKind } from './transports.ts';
import { Connection } from './connection.ts';
import { handleRecord } from './invocation.ts';

/** Connections on this instance (handshake completed), the distinct users they belong to, and how many use each transport. */
export interface THubStats {
  connections: number;
  users: number;
  byTransport: Record<TTransportKind, number>;
}

export { Connection, HubError } from './connection.ts';

interface TUserEntry {
  connections: Set<Connection>;
  subscription: Promise<() => Promise<void>>;
  /** Ordered events (sendToUserInOrder) held until the earlier ones of their stream are delivered. */
  ordered: OrderedStreams;
}

const newId = (): string => randomBytes(16).toString('base64url');

/** Connection registry, protocol state machine, timers and fan-out. No HTTP in here. */
export class HubCore {
  /** Live connections (and closed long-polling ones until their client got the final 204), by token. */
  readonly byToken = new Map<string, Connection>();
  private readonly byUser = new Map<string, TUserEntry>();
  /** Each user's connections not yet closed (negotiated ones too): what `maxConnectionsPerUser` counts. */
  private readonly liveByUser = new Map<string, Set<Connection>>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweepTickMs = 0;
  private lastSweepAt = 0;
  closing = false;

  constructor(
    readonly opts: TResolvedHubOptions,
    private readonly backplane: Backplane,
    public log: THubLogger,
  ) {}

  start(): void {
    if (this.sweepTimer) return;
    const o = this.opts;
    const tick = Math.max(10, Math.min(1000, o.keepAliveMs / 4, o.clientTimeoutMs / 4, o.handshakeTimeoutMs / 4));
    this.sweepTickMs = tick;
    this.lastSweepAt = Date.now();
    this.sweepTimer = setInterval(() => this.sweep(), tick);
    this.sweepTimer.unref();
  }

  channel(userId: string): string {
    return this.opts.channelPrefix + userId;
  }

  stats(): THubStats {
    const byTransport: Record<TTransportKind, number> = { WebSockets: 0, ServerSentEvents: 0, LongPolling: 0 };
    let connections = 0;
    for (const entry of this.byUser.values()) {
      connections += entry.connections.size;
      for (const conn of entry.connections) if (conn.transport) byTransport[conn.transport.kind]++;
    }
    return { connections, users: this.byUser.size, byTransport };
  }

  /** Whether `userId` may open one more connection on this instance (`maxConnectionsPerUser`). */
  hasRoomFor(userId: string): boolean {
    return (this.liveByUser.get(userId)?.size ?? 0) < this.opts.maxConnectionsPerUser;
  }

  private track(conn: Connection): Connection {
    let live = this.liveByUser.get(conn.userId);
    if (!live) this.liveByUser.set(conn.userId, (live = new Set()));
    live.add(conn);
    return conn;
  }

  private untrack(conn: Connection): void {
    const live = this.liveByUser.get(conn.userId);
    if (live?.delete(conn) && live.size === 0) this.liveByUser.delete(conn.userId);
  }

  /**
   * Creates a connection. Its token, by how the connection was opened: `v0`, negotiate v0: the
   * connection id; `v1`, negotiate v1: a separate random one, or signed (connection-token.ts) when
   * the instances share a key, so the WebSocket may reach another instance; `socket`, a WebSocket
   * opened without negotiate: a random one, no signature (the client never sees it, so no other
   * instance is ever shown it).
   */
  createConnection(userId: string, openedBy: 'v0' | 'v1' | 'socket', sessionKey?: string): Connection {
    const connectionId = newId();
    const key = this.opts.connectionTokenKey;
    const token =
      openedBy === 'v0'
        ? connectionId
        : openedBy === 'v1' && key
          ? signConnectionToken(key, connectionId, userId, Date.now() + this.opts.handshakeTimeoutMs)
          : newId();
    const conn = new Connection(connectionId, token, userId, sessionKey);
    this.byToken.set(conn.token, conn);
    return this.track(conn);
  }

  /**
   * A connection negotiated on another instance (or on this one before a restart): its signed
   * token proves it was handed to `userId` moments ago, so it is born here. Null when the token
   * is not genuine, not this user's, or past its handshake deadline.
   */
  adoptSignedConnection(token: string, userId: string, sessionKey?: string): Connection | null {
    const key = this.opts.connectionTokenKey;
    const connectionId = key ? verifyConnectionToken(key, token, userId, Date.now()) : null;
    if (!connectionId) return null;
    const conn = new Connection(connectionId, token, userId, sessionKey);
    this.byToken.set(token, conn);
    return this.track(conn);
  }

  attach(conn: Connection, transport: TTransport): void {
    conn.transport = transport;
    conn.state = 'handshaking';
    conn.attachedAt = conn.lastReceivedAt = Date.now();
    conn.reader = new RecordReader(this.opts.maxMessageBytes);
  }

  /**
   * Feeds client data (one WS frame or POST body). Returns null, or the protocol error that
   * closed the connection.
   */
  receive(conn: Connection, text: string): ProtocolError | null {
    if (conn.state === 'closed' || !conn.reader) return null;
    conn.lastReceivedAt = Date.now();
    try {
      for (const record of conn.reader.push(text)) {
        if (conn.state === 'handshaking') this.handshake(conn, record);
        else if (conn.state === 'registering') conn.held?.inbound.push(record);
        else if (conn.state === 'open') handleRecord(this, conn, parseRecord(record));
        else break;
      }
      return null;
    } catch (error) {
      const failure = error instanceof ProtocolError ? error : new ProtocolError('Invalid message.');
      this.log.warn({ connectionId: conn.connectionId, reason: failure.message }, 'hub: protocol error');
      if (conn.state === 'handshaking') this.close(conn, { notify: false });
      else this.close(conn, { notify: true, error: failure.message });
      return failure;
    }
  }

  private handshake(conn: Connection, record: string): void {
    const error = checkHandshake(record);
    if (error) {
      this.write(conn, handshakeErrorRecord(error));
      this.close(conn, { notify: false });
      return;
    }
    conn.state = 'registering';
    conn.held = { inbound: [], outbound: [] };
    this.register(conn).then(
      () => {
        if (conn.state !== 'registering') return;
        const held = conn.held;
        conn.held = null;
        conn.state = 'open';
        this.write(conn, HANDSHAKE_OK + (held?.outbound.join('') ?? ''));
        try {
          for (const r of held?.inbound ?? []) if (conn.state === 'open') handleRecord(this, conn, parseRecord(r));
        } catch (error) {
          const message = error instanceof ProtocolError ? error.message : 'Invalid message.';
          this.close(conn, { notify: true, error: message });
        }
      },
      (error: unknown) => {
        this.log.error({ err: error, userId: conn.userId }, 'hub: backplane subscribe failed');
        if (conn.state !== 'registering') return;
        this.write(conn, handshakeErrorRecord('The server cannot accept connections right now.'));
        this.close(conn, { notify: false });
      },
    );
  }

  /** Sends records to one connection; a client too slow to take them is dropped. */
  write(conn: Connection, data: string, frame?: Buffer, now = Date.now()): void {
    const transport = conn.transport;
    if (!transport) return;
    conn.lastSentAt = now;
    if (transport.write(data, frame)) return;
    this.log.warn({ connectionId: conn.connectionId, userId: conn.userId }, 'hub: dropping a connection that is too slow');
    this.close(conn, { notify: false });
    transport.abort();
  }

  /**
   * Ends a connection. `notify` sends a Close message first (only after a completed handshake);
   * without `allowReconnect` the client will not reconnect by itself.
   */
  close(conn: Connection, how: { notify: boolean; error?: string; allowReconnect?: boolean }): void {
    if (conn.state === 'closed') return;
    const wasRegistered = conn.state === 'registering' || conn.state === 'open';
    const wasOpen = conn.state === 'open';
    conn.state = 'closed';
    conn.closedAt = Date.now();
    this.untrack(conn);
    conn.held = null;
    conn.reader = null;
    if (wasRegistered) this.unregister(conn);
    const transport = conn.transport;
    if (how.notify && wasOpen && transport) transport.write(closeRecord(how.error, how.allowReconnect));
    transport?.end();
    // Long polling keeps the record until the client has fetched what is left and got its 204.
    if (transport?.kind !== 'LongPolling') this.byToken.delete(conn.token);
  }

  /** The transport went away (socket closed, stream ended): the connection is over. */
  transportEnded(conn: Connection): void {
    this.close(conn, { notify: false });
    this.forget(conn);
  }

  forget(conn: Connection): void {
    if (this.byToken.get(conn.token) === conn) this.byToken.delete(conn.token);
    this.untrack(conn);
  }

  private async register(conn: Connection): Promise<void> {
    let entry = this.byUser.get(conn.userId);
    if (!entry) {
      const userId = conn.userId;
      const subscription = this.backplane.subscribe(this.channel(userId), (payload) => this.deliver(userId, payload));
      const created: TUserEntry = { connections: new Set(), subscription, ordered: this.orderedStreams(userId, () => created) };
      entry = created;
      this.byUser.set(userId, created);
      subscription.catch(() => {
        if (this.byUser.get(userId) === created) this.byUser.delete(userId);
      });
    }
    entry.connections.add(conn);
    await entry.subscription;
  }

  private unregister(conn: Connection): void {
    const entry = this.byUser.get(conn.userId);
    if (!entry || !entry.connections.delete(conn) || entry.connections.size > 0) return;
    this.byUser.delete(conn.userId);
    entry.ordered.close();
    entry.subscription
      .then((off) => off())
      .catch((error: unknown) => this.log.warn({ err: error, userId: conn.userId }, 'hub: backplane unsubscribe failed'));
  }

  /** Reads the events of a gap in an ordered stream back from the app's source of truth (set by the app; none: no fill). */
  gapFiller: TGapFiller | null = null;

  private orderedStreams(userId: string, entry: () => TUserEntry): OrderedStreams {
    return new OrderedStreams({
      waitMs: this.opts.orderWaitMs,
      deliver: (records) => this.sendRecords(entry(), records),
      fillGap: async (stream, from, to) => invocationRecords((await this.gapFiller?.(userId, stream, from, to)) ?? []),
      onError: (error) => this.log.warn({ err: error, userId }, 'hub: could not fill a gap in ordered events'),
    });
  }

  /** Writes records to every connection of a user (held for those still registering). */
  private sendRecords(entry: TUserEntry, records: string): void {
    const now = Date.now();
    let frame: Buffer | undefined;
    for (const conn of entry.connections) {
      if (conn.state === 'registering') {
        conn.held?.outbound.push(records);
      } else if (conn.state === 'open') {
        if (conn.transport?.kind === 'WebSockets') frame ??= textFrame(records);
        this.write(conn, records, frame, now);
      }
    }
  }

  /** A backplane payload for one user: `m<records>` to send, `o…` to send in stream order, or `c<json>` to close their connections. */
  private deliver(userId: string, payload: string): void {
    const entry = this.byUser.get(userId);
    if (!entry) return;
    if (payload.startsWith('m')) {
      this.sendRecords(entry, payload.slice(1));
    } else if (payload.startsWith('o')) {
      const event = decodeOrdered(payload);
      if (event) entry.ordered.push(event.stream, event.seq, event.records, event.previousAt);
    } else if (payload.startsWith('c')) {
      let reason: string | undefined;
      let sessionKey: string | undefined;
      try {
        const parsed = JSON.parse(payload.slice(1)) as { reason?: unknown; sessionKey?: unknown };
        if (typeof parsed.reason === 'string') reason = parsed.reason;
        if (typeof parsed.sessionKey === 'string') sessionKey = parsed.sessionKey;
      } catch {
        // A malformed control payload still closes the connections, without a reason.
      }
      for (const conn of [...entry.connections]) {
        if (sessionKey === undefined || conn.sessionKey === sessionKey) this.close(conn, { notify: true, error: reason });
      }
    }
  }

  /**
   * The backplane may have dropped events (Redis was away): tell every open connection to catch
   * up over HTTP (HUB.resyncMethod, no arguments), as a client does after a reconnect.
   */
  resyncAll(): void {
    const record = invocationRecord(HUB.resyncMethod, []);
    for (const entry of this.byUser.values()) this.sendRecords(entry, record);
    this.log.warn({ users: this.byUser.size }, 'hub: backplane reconnected, clients told to resync');
  }

  /**
   * How long the process was stalled before this sweep (a long GC pause, a starved host): after a
   * stall Node runs due timers before it reads the sockets, so the frames clients sent meanwhile
   * (their pings) still wait unread, and the stall must not count as their silence.
   */
  private stalledMs(now: number): number {
    const late = now - this.lastSweepAt - this.sweepTickMs;
    this.lastSweepAt = now;
    return this.sweepTickMs > 0 && late > this.sweepTickMs ? late : 0;
  }

  /** Periodic pass: pings, client timeouts, handshake timeouts, long-poll timeouts, reaping. */
  sweep(now = Date.now()): void {
    const o = this.opts;
    const stalled = this.stalledMs(now);
    for (const conn of this.byToken.values()) {
      const transport = conn.transport;
      if (conn.state === 'negotiated') {
        if (now - conn.createdAt > o.handshakeTimeoutMs) this.forget(conn);
        continue;
      }
      if (conn.state === 'closed') {
        if (now - conn.closedAt > o.clientTimeoutMs) this.forget(conn);
        continue;
      }
      if (transport?.kind === 'LongPolling') {
        const lp = transport as LongPollingTransport;
        if (lp.hasPendingPoll) {
          if (now - lp.pollStartedAt >= o.longPollTimeoutMs) lp.expirePoll();
        } else if (now - lp.lastPollEndedAt - stalled > o.clientTimeoutMs) {
          this.close(conn, { notify: false });
          this.forget(conn);
          continue;
        }
      }
      if (conn.state !== 'open') {
        if (now - conn.attachedAt > o.handshakeTimeoutMs) {
          this.close(conn, { notify: false });
          transport?.abort();
        }
        continue;
      }
      if (transport?.kind === 'LongPolling') continue; // inherent keep-alive; liveness is the polls
      if (now - conn.lastReceivedAt - stalled > o.clientTimeoutMs) {
        this.log.info({ connectionId: conn.connectionId }, 'hub: client timeout');
        this.close(conn, { notify: false });
        transport?.abort();
      } else if (now - conn.lastSentAt >= o.keepAliveMs) {
        this.write(conn, PING_RECORD, undefined, now);
      }
    }
  }

  /** Graceful shutdown: Close (allowReconnect) to everyone, wait briefly for transports, drop the rest. */
  shutdown(graceMs = 2000): Promise<void> {
    this.shutdownPromise ??= this.runShutdown(graceMs);
    return this.shutdownPromise;
  }

  private shutdownPromise: Promise<void> | null = null;

  private async runShutdown(graceMs: number): Promise<void> {
    this.closing = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    const transports: TTransport[] = [];
    for (const conn of [...this.byToken.values()]) {
      if (conn.transport) transports.push(conn.transport);
      this.close(conn, { notify: true, error: 'Server is shutting down.', allowReconnect: true });
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(transports.map((t) => t.whenClosed())),
      new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
    for (const t of transports) t.abort();
    this.byToken.clear();
    this.liveByUser.clear();
    const entries = [...this.byUser.values()];
    this.byUser.clear();
    for (const e of entries) e.ordered.close();
    await Promise.allSettled(entries.map((e) => e.subscription.then((off) => off())));
  }
}
