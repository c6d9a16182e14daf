import type { FastifyBaseLogger } from 'fastify';
import type { TWebhookEventType } from '@vbc/shared';
import type { Backplane } from '../platform/backplane/index.ts';
import type { Db } from '../platform/db/client.ts';
import { businessSubscriptions, ownSubscriptions } from './manage-endpoints.ts';

const CHANNEL = 'webhooks:subscribers';
/** The backplane message for a change of a business's endpoints (an account's is its id). */
const BUSINESS = '';

/**
 * Which events someone's enabled endpoints subscribe to, held in memory so a hot write asks without
 * a query (`app.integrationEvents.wants`): a message send or a visitor's exchange with nobody
 * listening is one statement, with no transaction and no outbox query. Kept per account for the
 * accounts' own endpoints; for businesses only which lead events some business subscribes to (a
 * lead's business is known only inside its statement, so any business subscriber means "record").
 * Loaded at start; an endpoint change refreshes it on every instance through the backplane; a
 * backplane resync (Redis came back) reloads it all. A stale answer errs towards recording.
 */
export class EventSubscribers {
  #accounts = new Map<string, Set<TWebhookEventType>>();
  #business = new Set<TWebhookEventType>();
  #unsubscribe: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly backplane: Backplane,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.#unsubscribe = await this.backplane.subscribe(CHANNEL, (message) => void this.#refresh(message === BUSINESS ? null : message));
    this.backplane.onResync(() => void this.#reload());
    this.#accounts = await ownSubscriptions(this.db);
    this.#business = await businessSubscriptions(this.db);
  }

  /** Would an endpoint keep this event of this account? (Lead events: also when some business subscribes.) */
  wants(type: TWebhookEventType, accountId: string): boolean {
    if (this.#accounts.get(accountId)?.has(type)) return true;
    return type !== 'message.received' && this.#business.has(type);
  }

  /** An account's own endpoints changed (null: a business's): refresh here at once, and on the other instances. */
  async changed(accountId: string | null): Promise<void> {
    await this.#refresh(accountId);
    await this.backplane.publish(CHANNEL, accountId ?? BUSINESS).catch((error: unknown) => {
      this.log.warn({ err: error }, 'webhooks: could not tell other instances of an endpoint change');
    });
  }

  async stop(): Promise<void> {
    await this.#unsubscribe?.();
  }

  async #refresh(accountId: string | null): Promise<void> {
    try {
      if (accountId === null) {
        this.#business = await businessSubscriptions(this.db);
        return;
      }
      const events = (await ownSubscriptions(this.db, [accountId])).get(accountId);
      if (events) this.#accounts.set(accountId, events);
      else this.#accounts.delete(accountId);
    } catch (error) {
      this.log.warn({ err: error }, 'webhooks: could not refresh the subscribers');
    }
  }

  async #reload(): Promise<void> {
    try {
      this.#accounts = await ownSubscriptions(this.db);
      this.#business = await businessSubscriptions(this.db);
    } catch (error) {
      this.log.warn({ err: error }, 'webhooks: could not load the subscribers');
    }
  }
}
