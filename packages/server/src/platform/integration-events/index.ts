import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Events other systems may subscribe to (webhooks today): docs/contracts.md, issue 26. */
export type TIntegrationEventType = 'lead.created' | 'lead.updated' | 'lead.deleted' | 'message.received';

/** Something that happened, for the account it concerns (and the business it came through, when one did). */
export interface TIntegrationEvent {
  type: TIntegrationEventType;
  /** The account the event belongs to (a lead's owner, a message's recipient). */
  accountId: string;
  /** The business whose admins also see it (a lead through a member's linked card), else null. */
  corporateAccountId: string | null;
  /** The event's payload, as subscribers receive it. */
  data: unknown;
  occurredAt: Date;
}

/**
 * Records events inside the writer's transaction, so they exist exactly when the change they
 * describe commits. Several at once when a writer's transaction caused several (a batch of lead
 * exchanges): a recorder writes them together.
 */
export type IntegrationEventRecorder = (tx: Db, events: readonly TIntegrationEvent[]) => Promise<void>;

/**
 * A recorder's form inside a writer's own statement: given the events as a subquery (`events`, with
 * the columns `n` (their order), `type`, `account_id`, `corporate_account_id`, `data` (json, the
 * payload as subscribers receive it) and `occurred_at` (ISO 8601 text)), an SQL expression that
 * records them all, evaluated once in the statement. A writer whose change is one statement then
 * needs no transaction of its own and no second round trip for its events (a lead exchange).
 */
export type IntegrationEventStatement = (events: SQL) => SQL;

/**
 * Synchronous and cheap (memory only): might the recorder keep an event of this type for this
 * account? False lets a hot path (a message send) skip building the event and its transaction.
 */
export type IntegrationEventInterest = (type: TIntegrationEventType, accountId: string) => boolean;

/**
 * The hook between domains that cause events (leads, conversations) and those that deliver them
 * (webhooks): a writer calls `record(tx, event)` (or `recordAll(tx, events)`) inside its
 * transaction; every recorder registered with `use` runs there. With no recorder it does nothing.
 */
export class IntegrationEvents {
  readonly #recorders: IntegrationEventRecorder[] = [];
  readonly #interests: IntegrationEventInterest[] = [];
  readonly #statements: (IntegrationEventStatement | undefined)[] = [];

  /**
   * Registers a recorder; `interested` (default: always) answers `wants` for it; `inStatement`, when
   * it has one, is its form inside a writer's statement (IntegrationEventStatement).
   */
  use(
    recorder: IntegrationEventRecorder,
    interested: IntegrationEventInterest = () => true,
    inStatement?: IntegrationEventStatement,
  ): void {
    this.#recorders.push(recorder);
    this.#interests.push(interested);
    this.#statements.push(inStatement);
  }

  /**
   * Each recorder's expression recording `events` inside a writer's statement (none without a
   * recorder), or null when a recorder has no such form (it takes the events in JavaScript): the
   * writer then records them with `recordAll` in its transaction.
   */
  inStatement(events: SQL): SQL[] | null {
    const forms: SQL[] = [];
    for (const form of this.#statements) {
      if (form === undefined) return null;
      forms.push(form(events));
    }
    return forms;
  }

  /** Would some recorder keep this event? A writer on a hot path asks before recording. */
  wants(type: TIntegrationEventType, accountId: string): boolean {
    return this.#interests.some((interested) => interested(type, accountId));
  }

  /** True when some recorder listens: a hot path may skip building an event nobody records. */
  get active(): boolean {
    return this.#recorders.length > 0;
  }

  async record(tx: Db, event: TIntegrationEvent): Promise<void> {
    await this.recordAll(tx, [event]);
  }

  /** Several events of one transaction, each recorder taking them together (one write for all, not one per event). */
  async recordAll(tx: Db, events: readonly TIntegrationEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const recorder of this.#recorders) await recorder(tx, events);
  }
}
