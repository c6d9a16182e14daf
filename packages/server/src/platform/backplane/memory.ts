import type { Backplane } from './types.ts';

/** Backplane for a single instance: delivery is a synchronous loop over the local handlers. */
export function createMemoryBackplane(): Backplane {
  const channels = new Map<string, Set<(payload: string) => void>>();
  let closed = false;

  const assertOpen = (): void => {
    if (closed) throw new Error('Backplane is closed.');
  };

  return {
    async publish(channel, payload) {
      assertOpen();
      const handlers = channels.get(channel);
      if (!handlers) return;
      // Copy: a handler may unsubscribe (or subscribe) while we iterate.
      for (const handler of [...handlers]) {
        try {
          handler(payload);
        } catch {
          // One failing subscriber must not stop delivery to the others.
        }
      }
    },
    async subscribe(channel, handler) {
      assertOpen();
      // Wrap so the same function subscribed twice gets two independent subscriptions.
      const entry = (payload: string): void => handler(payload);
      let handlers = channels.get(channel);
      if (!handlers) {
        handlers = new Set();
        channels.set(channel, handlers);
      }
      handlers.add(entry);
      return async () => {
        const current = channels.get(channel);
        if (!current) return;
        current.delete(entry);
        if (current.size === 0) channels.delete(channel);
      };
    },
    onResync() {
      // Nothing is ever lost in-process.
    },
    async ping() {
      assertOpen();
    },
    async close() {
      closed = true;
      channels.clear();
    },
  };
}
