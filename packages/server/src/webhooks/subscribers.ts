import type { FastifyBaseLogger } from 'fastify';
import type { Backplane } from '../platform/backplane/index.ts';
import type { Db } from '../platform/db/client.ts';
import { messageSubscribers } from './manage-endpoints.ts';

const CHANNEL = 'webhooks:subscribers';

/**
 * The accounts whose own enabled endpoints subscribe to `message.received`, held in memory so a
 * message send asks without a query (`app.integrationEvents.wants`). Loaded at start; an
 * endpoint change refreshes that account on every instance through the backplane; a backplane
 * resync (Redis came back) reloads it all.
 */
export class MessageSubscribers {
  #accounts = new Set<string>();
  #unsubscribe: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly backplane: Backplane,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.#unsubscribe = await this.backplane.subscribe(CHANNEL, (accountId) => void this.#refresh(accountId));
    this.backplane.onResync(() => void this.#reload());
    this.#accounts = new Set(await messageSubscribers(this.db));
  }

  has(accountId: string): boolean {
    return this.#accounts.has(accountId);
  }

  /** An account's endpoints changed: refresh here at once, and on the other instances. */
  async changed(accountId: string): Promise<void> {
    await this.#refresh(accountId);
    await this.backplane.publish(CHANNEL, accountId).catch((error: unknown) => {
      this.log.warn({ err: error }, 'webhooks: could not tell other instances of an endpoint change');
    });
  }

  async stop(): Promise<void> {
    await this.#unsubscribe?.();
  }

  async #refresh(accountId: string): Promise<void> {
    try {
      const [found] = await messageSubscribers(this.db, [accountId]);
      if (found) this.#accounts.add(accountId);
      else this.#accounts.delete(accountId);
    } catch (error) {
      this.log.warn({ err: error }, 'webhooks: could not refresh message subscribers');
    }
  }

  async #reload(): Promise<void> {
    try {
      this.#accounts = new Set(await messageSubscribers(this.db));
    } catch (error) {
      this.log.warn({ err: error }, 'webhooks: could not load message subscribers');
    }
  }
}
