import { Redis } from 'ioredis';
import type { Backplane } from './types.ts';

export interface TRedisBackplaneOptions {
  /** Called with connection errors (ioredis reconnects by itself); defaults to ignoring them. */
  onError?: (error: Error) => void;
}

interface ChannelState {
  handlers: Set<(payload: string) => void>;
  /** Resolves once Redis confirmed the SUBSCRIBE for this channel. */
  ready: Promise<unknown>;
}

/**
 * Backplane over Redis pub/sub. One connection publishes; a dedicated connection is in subscriber
 * mode (Redis forbids other commands on it). A channel is SUBSCRIBEd while at least one local
 * handler wants it, so an instance only receives traffic for the users connected to it. ioredis
 * re-subscribes by itself after a reconnect; payloads published during the gap are lost, so the
 * backplane then calls its `onResync` listeners (the hub tells every client to catch up over HTTP).
 */
export function createRedisBackplane(url: string, options: TRedisBackplaneOptions = {}): Backplane {
  const onError = options.onError ?? ((): void => undefined);
  const pub = new Redis(url, { maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { maxRetriesPerRequest: 3 });
  pub.on('error', onError);
  sub.on('error', onError);

  const channels = new Map<string, ChannelState>();
  const resyncListeners: Array<() => void> = [];
  let closed = false;

  // The subscriber connection came back after a drop: whatever was published meanwhile is gone.
  let subscribedOnce = false;
  sub.on('ready', () => {
    if (!subscribedOnce) {
      subscribedOnce = true;
      return;
    }
    // Once the PING answers, the re-SUBSCRIBEs ioredis sent before it are in effect: a client
    // catching up from then on misses nothing.
    void sub.ping().catch(() => undefined).then(() => {
      for (const listener of resyncListeners) {
        try {
          listener();
        } catch (error) {
          onError(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
  });

  sub.on('message', (channel: string, payload: string) => {
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
      if (subscribedOnce && pub.status !== 'ready') throw new Error(`Redis is not connected (${pub.status}).`);
      await pub.publish(channel, payload);
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
