import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { Metrics } from '../platform/metrics/plugin.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import type { TWebhookAnswer, WebhookSender } from './send-webhook.ts';
import { disableEndpoint, FAILING_DAYS_BEFORE_DISABLED, pruneAttempts } from './endpoint-health.ts';

export interface TDispatcherOptions {
  /** Delays after each failed attempt (ms); past the last one the delivery is given up. */
  retryScheduleMs: number[];
  /** How long a claim holds a row (an instance killed mid-delivery loses it after this). */
  leaseMs: number;
  /** Deliveries in flight at once on this instance. */
  concurrency: number;
  /** Looks for due rows this often, besides the wake-ups. */
  pollMs: number;
}

export interface TDispatcherDeps {
  db: Db;
  box: SecretBox;
  sender: WebhookSender;
  log: FastifyBaseLogger;
  metrics: Pick<Metrics, 'webhookDeliveries' | 'webhookFailures'>;
  /** An endpoint was disabled after failing for 3 days: its owners are told. */
  disabled(endpointId: string): Promise<void>;
}

/** A claimed outbox row with what sending it needs. */
interface TClaimed extends Record<string, unknown> {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  attempts: number;
  url: string;
  secret_encrypted: string;
  enabled: boolean;
}

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The delay before retry `attempt` (1-based), with up to 20 % jitter either way; null when the schedule is over. */
export function retryDelay(schedule: number[], attempt: number): number | null {
  const base = schedule[attempt - 1];
  if (base === undefined) return null;
  const spread = Math.floor(base * 0.2);
  return spread > 0 ? base - spread + randomInt(0, 2 * spread + 1) : base;
}

/**
 * Delivers the outbox (at least once). Each round claims due rows with `for update skip locked`
 * and marks them held (`claimed_until`, a lease on the database's clock), so instances never send
 * one row at the same time; a row whose holder died is claimed again once the lease ends. Rounds
 * run on a NOTIFY after an event commits (every instance listens), on a poll, and whenever a
 * delivery ends, with at most `concurrency` deliveries in flight. Stopping aborts what is in
 * flight after a grace period and releases those claims without counting an attempt.
 */
export class WebhookDispatcher {
  #inFlight = new Set<Promise<void>>();
  #filling = false;
  #again = false;
  #stopped = true;
  #poll: NodeJS.Timeout | undefined;
  #stop = new AbortController();
  #touched = new Set<string>();
  #prune: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: TDispatcherDeps,
    private readonly options: TDispatcherOptions,
  ) {}

  start(): void {
    this.#stopped = false;
    this.#poll = setInterval(() => this.wake(), this.options.pollMs);
    this.#prune = setInterval(() => void this.#pruneTouched(), 5000);
    this.wake();
  }

  /** Looks for due rows now (a NOTIFY, an event recorded here, a delivery that ended). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#filling) {
      this.#again = true;
      return;
    }
    this.#filling = true;
    void this.#fill().finally(() => {
      this.#filling = false;
      if (this.#again) {
        this.#again = false;
        this.wake();
      }
    });
  }

  /** Stops claiming; waits up to `graceMs` for deliveries in flight, then aborts them (their claims are released). */
  async stop(graceMs = 2000): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#poll);
    clearInterval(this.#prune);
    if (this.#inFlight.size > 0) {
      const grace = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([Promise.all(this.#inFlight), grace]);
    }
    this.#stop.abort();
    await Promise.all(this.#inFlight);
    await this.#pruneTouched();
  }

  async #fill(): Promise<void> {
    try {
      while (!this.#stopped && this.#inFlight.size < this.options.concurrency) {
        const claimed = await this.#claim(this.options.concurrency - this.#inFlight.size);
        if (claimed.length === 0) return;
        for (const row of claimed) {
          const delivery: Promise<void> = this.#deliver(row)
            .catch((error: unknown) => this.deps.log.error({ err: error, deliveryId: row.id }, 'webhooks: delivery failed to record'))
            .finally(() => {
              this.#inFlight.delete(delivery);
              this.wake();
            });
          this.#inFlight.add(delivery);
        }
      }
    } catch (error) {
      // The database is away: the next poll tries again.
      this.deps.log.warn({ err: error }, 'webhooks: could not claim deliveries');
    }
  }

  async #claim(limit: number): Promise<TClaimed[]> {
    const leaseSeconds = this.options.leaseMs / 1000;
    const result = await this.deps.db.execute(sql`
      update webhook_deliveries d
         set claimed_until = now() + make_interval(secs => ${leaseSeconds})
        from webhook_endpoints e
       where d.id in (
               select id from webhook_deliveries
                where state = 'pending' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
                order by next_attempt_at
                limit ${limit}
                  for update skip locked)
         and e.id = d.endpoint_id
      returning d.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.attempts, e.url, e.secret_encrypted, e.enabled`);
    return rows<TClaimed>(result);
  }

  async #deliver(row: TClaimed): Promise<void> {
    if (!row.enabled) {
      await this.deps.db.execute(sql`update webhook_deliveries set state = 'failed', claimed_until = null where id = ${row.id}`);
      return;
    }
    const answer = await this.deps.sender.send(
      { url: row.url, secret: this.deps.box.open(row.secret_encrypted), eventId: row.event_id, payload: row.payload },
      this.#stop.signal,
    );
    if (this.#stop.signal.aborted && !answer.succeeded) {
      // Stopping: not the receiver's failure. The row is free again at once for another instance.
      await this.deps.db.execute(sql`update webhook_deliveries set claimed_until = null where id = ${row.id}`);
      return;
    }
    this.#touched.add(row.endpoint_id);
    if (answer.succeeded) {
      this.deps.metrics.webhookDeliveries.inc();
      await this.#record(row, answer, sql`state = 'delivered'`, false);
      return;
    }
    this.deps.metrics.webhookFailures.inc({ reason: answer.status === null ? 'no_answer' : 'status' });
    const delay = retryDelay(this.options.retryScheduleMs, row.attempts + 1);
    const next =
      delay === null ? sql`state = 'failed'` : sql`next_attempt_at = now() + make_interval(secs => ${delay / 1000})`;
    const failingFor = await this.#record(row, answer, next, true);
    // A retry due before the next poll (short schedules in tests) is looked for when due.
    if (delay !== null && delay < this.options.pollMs) setTimeout(() => this.wake(), delay + 5).unref();
    if (failingFor !== null && failingFor >= FAILING_DAYS_BEFORE_DISABLED * 86_400) {
      if (await disableEndpoint(this.deps.db, row.endpoint_id)) await this.deps.disabled(row.endpoint_id);
    }
  }

  /**
   * One statement: the outbox row's new state, the attempt, and the endpoint's failing streak
   * (started by a failure, ended by a success). Answers for a failure how long (seconds) the
   * endpoint has been failing.
   */
  async #record(row: TClaimed, answer: TWebhookAnswer, next: ReturnType<typeof sql>, failed: boolean): Promise<number | null> {
    const result = await this.deps.db.execute(sql`
      with delivery as (
        update webhook_deliveries set ${next}, attempts = attempts + 1, claimed_until = null where id = ${row.id} returning id
      ), attempt as (
        insert into webhook_attempts (endpoint_id, delivery_id, event_id, event_type, attempted_at, status, duration_ms, response, error, succeeded)
        select ${row.endpoint_id}, id, ${row.event_id}, ${row.event_type}, now(), ${answer.status}, ${answer.durationMs}, ${answer.response}, ${answer.error}, ${answer.succeeded}
          from delivery
      ), endpoint as (
        update webhook_endpoints
           set failing_since = ${failed ? sql`coalesce(failing_since, now())` : sql`null`}
         where id = ${row.endpoint_id} and ${failed ? sql`true` : sql`failing_since is not null`}
        returning extract(epoch from now() - failing_since)::float8 as failing_for
      )
      select failing_for from endpoint`);
    const [streak] = rows<{ failing_for: number | null }>(result);
    return streak?.failing_for ?? null;
  }

  async #pruneTouched(): Promise<void> {
    const touched = [...this.#touched];
    this.#touched.clear();
    for (const endpointId of touched) {
      await pruneAttempts(this.deps.db, endpointId).catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'webhooks: could not prune attempts'),
      );
    }
  }
}
