import { randomInt } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { Metrics } from '../platform/metrics/plugin.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import { LoopPacer } from '../push/index.ts';
import { DELIVERY_TIMEOUT_MS, type TWebhookAnswer, type WebhookSender } from './send-webhook.ts';
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

/** Pauses before the tries again of a failed write of successes (about 7 s in all, well within a lease of at least 15 s). */
const SUCCESS_WRITE_RETRIES_MS = [250, 750, 2000, 4000];
/**
 * How often the attempts of the endpoints that had any are pruned to their newest ATTEMPTS_KEPT
 * (and their finished outbox rows with them). Often, so each prune is small: at 1,500 deliveries
 * a second, every 5 s was one delete of 7,500 attempts and their rows at once, hundreds of
 * milliseconds of a database core that the requests of that moment waited behind.
 */
const PRUNE_EVERY_MS = 1000;
/** Answered deliveries waiting for their write, per slot of `concurrency`, before a slot waits for its own. */
const UNWRITTEN_PER_SLOT = 2;

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
 * delivery ends; each claims a batch (up to twice `concurrency` held), of which at most
 * `concurrency` are in flight. Stopping aborts what is in
 * flight after a grace period and releases those claims without counting an attempt.
 */
export class WebhookDispatcher {
  #inFlight = new Set<Promise<void>>();
  /** Claimed rows waiting for room, with when they were claimed (this process's clock). */
  #queue: { row: TClaimed; claimedAt: number }[] = [];
  #filling = false;
  #again = false;
  #stopped = true;
  #poll: NodeJS.Timeout | undefined;
  #stop = new AbortController();
  #touched = new Set<string>();
  /** Successes waiting to be written together (one statement for all of them). */
  #successes: { row: TClaimed; answer: TWebhookAnswer; done: (error?: unknown) => void }[] = [];
  #flushing = false;
  /** Successes answered but not yet written (their rows still claimed): stop() waits for them. */
  #unwritten = new Set<Promise<void>>();
  /** Claims wait for the event loop's spare time: a backlog must not slow the requests (a message send) down. */
  #pacer = new LoopPacer(0.8);
  #prune: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: TDispatcherDeps,
    private readonly options: TDispatcherOptions,
  ) {
    // Every delivery in flight listens to the stop signal.
    setMaxListeners(options.concurrency + 1, this.#stop.signal);
  }

  start(): void {
    this.#stopped = false;
    this.#poll = setInterval(() => this.wake(), this.options.pollMs);
    this.#prune = setInterval(() => void this.#pruneTouched(), PRUNE_EVERY_MS);
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
    this.#pacer.close();
    clearInterval(this.#poll);
    clearInterval(this.#prune);
    if (this.#inFlight.size > 0) {
      const grace = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([Promise.all(this.#inFlight), grace]);
    }
    this.#stop.abort();
    await Promise.all(this.#inFlight);
    await Promise.all(this.#unwritten);
    const queued = this.#queue.splice(0).map((q) => q.row.id);
    if (queued.length > 0) {
      await this.deps.db
        .execute(
          sql`update webhook_deliveries set claimed_until = null where id in (${sql.join(
            queued.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        )
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'webhooks: could not release claims'));
    }
    await this.#pruneTouched();
  }

  async #fill(): Promise<void> {
    try {
      while (!this.#stopped) {
        this.#startQueued();
        const held = this.#inFlight.size + this.#queue.length;
        const room = 2 * this.options.concurrency - held;
        // Claim in batches (a claim per delivery would make the claim's round trip the limit).
        if (room < Math.max(1, this.options.concurrency / 2) && held > 0) return;
        await this.#pacer.room();
        if (this.#stopped) return;
        const claimedAt = performance.now();
        const claimed = await this.#claim(room);
        if (claimed.length === 0) return;
        for (const row of claimed) this.#queue.push({ row, claimedAt });
      }
    } catch (error) {
      // The database is away: the next poll tries again.
      this.deps.log.warn({ err: error }, 'webhooks: could not claim deliveries');
    }
  }

  /** Starts claimed rows while there is room; a row held too long to finish within its lease is left to expire. */
  #startQueued(): void {
    const latest = this.options.leaseMs - DELIVERY_TIMEOUT_MS - 2000;
    while (this.#inFlight.size < this.options.concurrency && this.#queue.length > 0) {
      const { row, claimedAt } = this.#queue.shift()!;
      if (performance.now() - claimedAt > latest) continue;
      const delivery: Promise<void> = this.#deliver(row)
        .catch((error: unknown) => this.deps.log.error({ err: error, deliveryId: row.id }, 'webhooks: delivery failed to record'))
        .finally(() => {
          this.#inFlight.delete(delivery);
          this.wake();
        });
      this.#inFlight.add(delivery);
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
      // The slot is free once the receiver answered: the write goes with the next group, the row
      // stays claimed until it is written. Past UNWRITTEN_PER_SLOT a slot, the slot waits for it.
      const written: Promise<void> = this.#recordSuccess(row, answer)
        .catch((error: unknown) => this.deps.log.error({ err: error, deliveryId: row.id }, 'webhooks: delivery failed to record'))
        .finally(() => this.#unwritten.delete(written));
      this.#unwritten.add(written);
      if (this.#unwritten.size > UNWRITTEN_PER_SLOT * this.options.concurrency) await written;
      return;
    }
    this.deps.metrics.webhookFailures.inc({ reason: answer.status === null ? 'no_answer' : 'status' });
    const delay = retryDelay(this.options.retryScheduleMs, row.attempts + 1);
    const next = delay === null ? sql`state = 'failed'` : sql`next_attempt_at = now() + make_interval(secs => ${delay / 1000})`;
    const failingFor = await this.#recordFailure(row, answer, next);
    // A retry due before the next poll (short schedules in tests) is looked for when due.
    if (delay !== null && delay < this.options.pollMs) setTimeout(() => this.wake(), delay + 5).unref();
    if (failingFor !== null && failingFor >= FAILING_DAYS_BEFORE_DISABLED * 86_400) {
      if (await disableEndpoint(this.deps.db, row.endpoint_id)) await this.deps.disabled(row.endpoint_id);
    }
  }

  /**
   * A failed attempt, in one statement: the outbox row's next attempt (or `failed` past the
   * schedule), the attempt, and the endpoint's failing streak (started by the first failure, ended
   * by a success). Answers how long (seconds) the endpoint has been failing.
   */
  async #recordFailure(row: TClaimed, answer: TWebhookAnswer, next: ReturnType<typeof sql>): Promise<number | null> {
    const result = await this.deps.db.execute(sql`
      with delivery as (
        update webhook_deliveries set ${next}, attempts = attempts + 1, claimed_until = null where id = ${row.id} returning id
      ), attempt as (
        insert into webhook_attempts (endpoint_id, delivery_id, event_id, event_type, attempted_at, status, duration_ms, response, error, succeeded)
        select ${row.endpoint_id}, id, ${row.event_id}, ${row.event_type}, now(), ${answer.status}, ${answer.durationMs}, ${answer.response}, ${answer.error}, ${answer.succeeded}
          from delivery
      ), endpoint as (
        update webhook_endpoints
           set failing_since = coalesce(failing_since, now())
         where id = ${row.endpoint_id}
        returning extract(epoch from now() - failing_since)::float8 as failing_for
      )
      select failing_for from endpoint`);
    const [streak] = rows<{ failing_for: number | null }>(result);
    return streak?.failing_for ?? null;
  }

  /**
   * Successes are written in groups: those that end while a write is under way go in the next
   * one, so the database sees one statement per group rather than one per delivery. The delivery
   * stays in flight (its claim held) until its group is written.
   */
  #recordSuccess(row: TClaimed, answer: TWebhookAnswer): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#successes.push({ row, answer, done: (error) => (error ? reject(error) : resolve()) });
      if (!this.#flushing) void this.#flushSuccesses();
    });
  }

  async #flushSuccesses(): Promise<void> {
    this.#flushing = true;
    while (this.#successes.length > 0) {
      const group = this.#successes.splice(0, 200);
      const error = await this.#writeSuccesses(group);
      for (const success of group) success.done(error ?? undefined);
    }
    this.#flushing = false;
  }

  /**
   * One group of successes, in one statement, tried again after a failure (the database away or
   * slow for a moment): a success left unwritten is sent again once its claim's lease ends, a
   * repeat while this instance lives. Written twice changes nothing (only a pending row turns
   * delivered, and only such a row gets an attempt). Answers the last error once the tries are over.
   */
  async #writeSuccesses(group: { row: TClaimed; answer: TWebhookAnswer }[]): Promise<unknown> {
    const outcomes = group.map(({ row, answer }) => ({
      id: row.id,
      endpoint_id: row.endpoint_id,
      event_id: row.event_id,
      event_type: row.event_type,
      status: answer.status,
      duration_ms: answer.durationMs,
      response: answer.response,
    }));
    let failure: unknown = null;
    for (const pause of [0, ...SUCCESS_WRITE_RETRIES_MS]) {
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      try {
        await this.deps.db.execute(sql`
          with outcome as (
            select * from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
              as o(id uuid, endpoint_id uuid, event_id text, event_type text, status int, duration_ms int, response text)
          ), delivery as (
            update webhook_deliveries d set state = 'delivered', attempts = d.attempts + 1, claimed_until = null
              from outcome o where d.id = o.id and d.state = 'pending' returning d.id
          ), attempt as (
            insert into webhook_attempts (endpoint_id, delivery_id, event_id, event_type, attempted_at, status, duration_ms, response, error, succeeded)
            select o.endpoint_id, o.id, o.event_id, o.event_type, now(), o.status, o.duration_ms, o.response, null, true
              from outcome o join delivery on delivery.id = o.id
          )
          update webhook_endpoints set failing_since = null
           where id in (select endpoint_id from outcome) and failing_since is not null`);
        return null;
      } catch (error) {
        failure = error;
        this.deps.log.warn({ err: error, deliveries: group.length }, 'webhooks: could not mark deliveries delivered; trying again');
      }
    }
    return failure;
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
