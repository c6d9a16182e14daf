import type { TConversationMessage } from '@vbc/shared/conversation';
import type { TPushPayload } from '@vbc/shared/push';
import type { Db } from '../platform/db/client.ts';
import type { TConversationSummary } from '@vbc/shared/conversation';
import type { ApnsClient, ApnsOutcome } from './apns-client.ts';
import { DeliveryQueue, type TDeliveryOutcome, type TDeliveryQueueOptions, type TLane } from './delivery-queue.ts';
import { LoopPacer } from './loop-pacer.ts';
import { apnsBody, messagePayload, type TPayloadFor } from './payloads.ts';
import { recipientLocale } from '../platform/i18n/translator.ts';
import type { TLocale } from '@vbc/shared/i18n/locales';
import { batchedCalls } from '../platform/db/batched-calls.ts';
import { deleteSubscription, SUBSCRIPTIONS_PAGE, subscriptionPagesOf, subscriptionsOf, type TPushTarget } from './subscriptions.ts';
import type { WebPushSender } from './web-push-sender.ts';

/** Each participant's summary of a conversation, by account id. */
export type TSummariesOf = (conversationId: string) => Promise<Map<string, TConversationSummary>>;

/** An interactive notification to at most this many accounts (a lead's owner, a message's recipients) is looked up batched. */
const FEW_ACCOUNTS = 16;

export interface TPushJob {
  target: TPushTarget;
  payload: TPushPayload;
}

export interface TPushServiceDeps {
  db: Db;
  log: { warn(object: object, message: string): void; debug(object: object, message: string): void };
  webPush: WebPushSender;
  /** APNs client and the app's topic (bundle id); null when APNS_* is not configured. */
  apns: { client: ApnsClient; topic: string } | null;
  /** A message is pushed when its recipient has not seen it within this long (PUSH_MESSAGE_DELAY_MS). */
  messageDelayMs: number;
  queue?: Partial<TDeliveryQueueOptions<TPushJob>>;
}

function fromApns(outcome: ApnsOutcome): TDeliveryOutcome {
  if (outcome.kind === 'unregistered') return { kind: 'gone', reason: outcome.reason };
  if (outcome.kind === 'ok') return { kind: 'ok' };
  return outcome;
}

/**
 * What the server pushes, and to whom (docs/contracts.md §4 "Push", issue 12): every web push subscription and
 * APNs token of the accounts concerned, through one in-process delivery queue, never on the
 * request path. A new message waits `messageDelayMs`, then goes only to recipients who have not
 * seen it by then: a conversation shown on any of their devices marks it seen (POST …/seen), on
 * any instance, so the database's seen sequence is the presence signal.
 */
export class PushService {
  readonly queue: DeliveryQueue<TPushJob>;
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /**
   * The targets of a few accounts. The lookups of notifications that meet under load (a lead
   * exchange or a message each) are one query (platform/db/batched-calls.ts): each asks for at most
   * FEW_ACCOUNTS accounts, so a batch of SUBSCRIPTIONS_PAGE / FEW_ACCOUNTS lookups stays within a page.
   */
  private readonly targetsOfFew = batchedCalls(
    async (lists: readonly (readonly string[])[]) => {
      const byAccount = new Map<string, TPushTarget[]>();
      for (const target of await subscriptionsOf(this.deps.db, [...new Set(lists.flat())])) {
        const list = byAccount.get(target.accountId);
        if (list) list.push(target);
        else byAccount.set(target.accountId, [target]);
      }
      return lists.map((ids) => ids.flatMap((id) => byAccount.get(id) ?? []));
    },
    { maxBatch: Math.floor(SUBSCRIPTIONS_PAGE / FEW_ACCOUNTS) },
  );

  constructor(private readonly deps: TPushServiceDeps) {
    this.queue = new DeliveryQueue<TPushJob>({
      deliver: (job) => this.deliver(job),
      onGone: (job) => deleteSubscription(deps.db, job.target.id),
      log: deps.log,
      ...deps.queue,
    });
  }

  /**
   * Queues `payloadFor(locale)` for every subscription of these accounts, each in its account's
   * language (English when none is set; one payload per language); resolves (with how many) once queued,
   * not delivered. `lane` 'bulk' (an announcement to many) yields to 'interactive' (a message): see
   * delivery-queue.ts. Deliveries start as soon as the first page of subscriptions is read.
   */
  async notifyAccounts(accountIds: readonly string[], payloadFor: TPayloadFor, lane: TLane = 'interactive'): Promise<number> {
    const payloads = new Map<TLocale, TPushPayload>();
    const payloadOf = (target: TPushTarget): TPushPayload => {
      const locale = recipientLocale(target.language);
      let payload = payloads.get(locale);
      if (!payload) payloads.set(locale, (payload = payloadFor(locale)));
      return payload;
    };
    if (lane === 'interactive' && accountIds.length <= FEW_ACCOUNTS) {
      const targets = (await this.targetsOfFew(accountIds)).filter((target) => this.reaches(target));
      for (const target of targets) this.queue.enqueue({ target, payload: payloadOf(target) }, lane);
      return targets.length;
    }
    let queued = 0;
    // A bulk list is read a page at a time when the event loop has room (loop-pacer.ts).
    const pacer = lane === 'bulk' ? new LoopPacer() : null;
    try {
      for await (const page of subscriptionPagesOf(this.deps.db, accountIds, () => pacer?.room())) {
        for (const target of page) {
          if (!this.reaches(target)) continue;
          this.queue.enqueue({ target, payload: payloadOf(target) }, lane);
          queued++;
        }
      }
    } finally {
      pacer?.close();
    }
    return queued;
  }

  /**
   * A new message was committed: push it to the recipients who have not seen it after the delay.
   * `summaries` (the conversations domain's read) gives each side's view then: seen sequence and
   * the sender's name as that side sees them. Returns at once.
   */
  messageAdded(message: TConversationMessage, participantIds: readonly string[], summaries: TSummariesOf): void {
    const recipients = participantIds.filter((id) => id !== message.senderAccountId);
    if (recipients.length === 0) return;
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    this.pending.add(done);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pushUnseen(message, recipients, summaries)
        .catch((err: unknown) => this.deps.log.warn({ err }, 'message push not queued'))
        .finally(() => {
          this.pending.delete(done);
          release();
        });
    }, this.deps.messageDelayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Resolves when delayed message checks have run and the queue is empty (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
    await this.queue.idle();
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.queue.close();
  }

  /** The targets of these accounts: of a few (a message's recipient) through the batched lookup, of more a page at a time. */
  private async targetsOf(accountIds: readonly string[]): Promise<TPushTarget[]> {
    if (accountIds.length <= FEW_ACCOUNTS) return this.targetsOfFew(accountIds);
    const targets: TPushTarget[] = [];
    for await (const page of subscriptionPagesOf(this.deps.db, accountIds)) targets.push(...page);
    return targets;
  }

  /** A web push subscription, or an APNs token while APNs is configured. */
  private reaches(target: TPushTarget): boolean {
    return !!target.endpoint || (!!target.apnDeviceToken && !!this.deps.apns);
  }

  /**
   * The recipients' devices are read first: a message whose recipients have none costs that one
   * read, and the conversation's summaries (one query) are read only when some device could be
   * told.
   */
  private async pushUnseen(message: TConversationMessage, recipients: readonly string[], summariesOf: TSummariesOf): Promise<void> {
    const targets = (await this.targetsOf(recipients)).filter((t) => this.reaches(t));
    if (targets.length === 0) return;
    const summaries = await summariesOf(message.personalConversationId);
    for (const accountId of recipients) {
      const summary = summaries.get(accountId);
      if (!summary || summary.mySeenSequence >= message.sequence) continue;
      for (const target of targets) {
        if (target.accountId !== accountId) continue;
        const payload = messagePayload(message, summary.counterpart.name, recipientLocale(target.language));
        this.queue.enqueue({ target, payload }, 'interactive');
      }
    }
  }

  private async deliver({ target, payload }: TPushJob): Promise<TDeliveryOutcome> {
    if (target.apnDeviceToken) {
      if (!this.deps.apns) return { kind: 'failed', reason: 'APNs is not configured' };
      return fromApns(
        await this.deps.apns.client.send({
          deviceToken: target.apnDeviceToken,
          topic: this.deps.apns.topic,
          pushType: 'alert',
          payload: apnsBody(payload),
          collapseId: payload.tag.slice(0, 64),
        }),
      );
    }
    return this.deps.webPush.send(
      { endpoint: target.endpoint!, keyP256Dh: target.keyP256Dh!, keyAuth: target.keyAuth! },
      payload,
      // Topic (≤ 32 URL-safe characters): a newer notification of the same conversation replaces an undelivered one.
      {
        urgency: payload.kind === 'message' ? 'high' : 'normal',
        topic: (payload.personalConversationId ?? payload.announcementId ?? '').replace(/-/g, '').slice(0, 32),
      },
    );
  }
}
