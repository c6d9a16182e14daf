import { randomUUID } from 'node:crypto';
import { openBoundedRedis } from '../redis/connect.ts';
import type { Backplane } from './types.ts';

export interface TRedisBackplaneOptions {
  /** Called with connection errors (ioredis reconnects by itself); defaults to ignoring them. */
  onError?: (error: Error) => void;
  /** Longest wait for Redis (REDIS_TIMEOUT_MS); default 1000. */
  timeoutMs?: number;
  /** Called when a connection had no answer in time and is rebuilt. */
  onTimeout?: () => void;
}

/**
 * The channel on which an instance that could not publish while cut off from Redis says so once
 * it is back: every other instance then tells its clients to resync, since the events meant for
 * them are lost (their own connection to Redis may never have dropped).
 */
const RESYNC_CHANNEL = 'vbc:backplane:resync';

interface ChannelState {
  handlers: Set<(payload: string) => void>;
  /** Resolves once Redis confirmed the SUBSCRIBE for this channel. */
  ready: Promise<unknown>;
}

/**
 * Backplane over Redis pub/sub. One connection publishes; a dedicated connection is in subscriber
 * mode (Redis forbids other commands on it). A channel is SUBSCRIBEd while at least one local
 * handler wants it, so an instance only receives traffic for the users connected to it. The
 * channels are subscribed again after a reconnect; payloads published during the gap are lost, so
 * the backplane then calls its `onResync` listeners (the hub tells every client to catch up over HTTP).
 */
export function createRedisBackplane(url: string, options: TRedisBackplaneOptions = {}): Backplane {
  const onError = options.onError ?? ((): void => undefined);
  const connection = {
    timeoutMs: options.timeoutMs ?? 1000,
    onTimeout: options.onTimeout,
    onError,
    redisOptions: { maxRetriesPerRequest: 3 },
  };
  const pub = openBoundedRedis(url, connection);
  // The subscriber's channels are subscribed again here after a reconnect, not by ioredis: ioredis
  // 5.11 leaves its own re-SUBSCRIBE's promise unhandled (redis/ioredis#2187 fixes it upstream), so
  // one that timed out or was cut off was an unhandled rejection, which ends a Node process.
  const sub = openBoundedRedis(url, { ...connection, redisOptions: { ...connection.redisOptions, autoResubscribe: false } });
  const instanceId = randomUUID();

  const channels = new Map<string, ChannelState>();
  const resyncListeners: Array<() => void> = [];
  let closed = false;
  /** A publish failed since Redis was last reachable: the other instances are told when it is back. */
  let publishFailed = false;

  const resync = (): void => {
    for (const listener of resyncListeners) {
      try {
        listener();
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  };

  // The subscriber connection came back after a drop: whatever was published meanwhile is gone.
  let subscribedOnce = false;
  void sub.subscribe(RESYNC_CHANNEL).catch(onError);
  sub.on('ready', () => {
    if (!subscribedOnce) {
      subscribedOnce = true;
      return;
    }
    // Once the PING answers, the re-SUBSCRIBE sent before it is in effect: a client catching up
    // from then on misses nothing. Its failure (the connection lost again) waits for the next
    // reconnect, which subscribes again.
    void sub.subscribe(RESYNC_CHANNEL, ...channels.keys()).catch(onError);
    void sub
      .ping()
      .catch(() => undefined)
      .then(resync);
  });

  // The publishing connection came back: if events were lost meanwhile, every instance's clients catch up.
  let publishedOnce = false;
  pub.on('ready', () => {
    if (!publishedOnce) {
      publishedOnce = true;
      return;
    }
    if (!publishFailed) return;
    pub.publish(RESYNC_CHANNEL, instanceId).then(() => (publishFailed = false), onError);
  });

  sub.on('message', (channel: string, payload: string) => {
    if (channel === RESYNC_CHANNEL) {
      if (payload !== instanceId) resync();
      return;
    }
    const state = channels.get(channel);
    if (!state) return;
    for (const handler of [...state.handlers]) {
      try {
        handler(payload);
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  });

  const assertOpen = (): void => {
    if (closed) throw new Error('Backplane is closed.');
  };

  return {
    async publish(channel, payload) {
      assertOpen();
      // During an outage, fail at once: the payload would be lost anyway, and clients are told to resync.
      try {
        // Only once this connection has been ready: at start it may still be connecting while the
        // subscriber is already up, and the first payloads wait for it rather than fail.
        if (publishedOnce && pub.status !== 'ready') throw new Error(`Redis is not connected (${pub.status}).`);
        await pub.publish(channel, payload);
      } catch (error) {
        publishFailed = true;
        throw error;
      }
    },
    async subscribe(channel, handler) {
      assertOpen();
      const entry = (payload: string): void => handler(payload);
      let state = channels.get(channel);
      if (!state) {
        // Commands on one connection run in order, so SUBSCRIBE/UNSUBSCRIBE pairs for a channel
        // issued here always leave Redis in the state the local map describes.
        state = { handlers: new Set(), ready: sub.subscribe(channel) };
        channels.set(channel, state);
      }
      state.handlers.add(entry);
      try {
        await state.ready;
      } catch (error) {
        state.handlers.delete(entry);
        if (state.handlers.size === 0 && channels.get(channel) === state) channels.delete(channel);
        throw error;
      }
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        const current = channels.get(channel);
        if (current !== state) return;
        current.handlers.delete(entry);
        if (current.handlers.size === 0) {
          channels.delete(channel);
          if (!closed) await sub.unsubscribe(channel).catch(onError);
        }
      };
    },
    onResync(listener) {
      resyncListeners.push(listener);
    },
    async ping() {
      assertOpen();
      // Not connected: answer at once rather than queue the PING until Redis is back.
      if (pub.status !== 'ready' || sub.status !== 'ready') throw new Error(`Redis is not connected (${pub.status}).`);
      await pub.ping();
    },
    async close() {
      if (closed) return;
      closed = true;
      channels.clear();
      await Promise.allSettled([sub.quit(), pub.quit()]);
      sub.disconnect();
      pub.disconnect();
    },
  };
}
