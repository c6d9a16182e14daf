import {
  CONVERSATION_HUB_EVENTS as EVENTS,
  type TConversationMessage,
  type TConversationSeen,
  type TConversationSummary,
} from '@vbc/shared/conversation';
import type { Hub, THubEvent } from '../hub/index.ts';
import { summaryWithFileLinks, withFileLinks } from './present-message.ts';
import { listMessages, participantAccountIds, summariesByAccount } from './read-conversations.ts';
import type { TViewerDeps } from './read-for-viewer.ts';

/** The hub method that carries a new message of this kind (docs/contracts.md §D5). */
export function eventFor(message: TConversationMessage): string {
  if (message.kind === 'photo') return EVENTS.photoSetItemUploaded;
  if (message.kind === 'document') return EVENTS.documentUploaded;
  return EVENTS.messageReceived;
}

/** Most messages one gap fill reads: a longer gap is left to the client's catch-up after a reconnect. */
const MAX_GAP_FILL = 100;

/**
 * The message events of sequences `from`..`to` of a conversation, read from the database, for a
 * participant: the hub fills a gap in a conversation's ordered events with them (`hub.fillGapsWith`).
 */
export async function missedMessageEvents({ db, links }: TViewerDeps, accountId: string, conversationId: string, from: number, to: number) {
  if (to < from || !(await participantAccountIds(db, conversationId)).includes(accountId)) return [];
  const messages = await listMessages(db, conversationId, {
    after: from - 1,
    before: to + 1,
    limit: Math.min(to - from + 1, MAX_GAP_FILL),
  });
  return messages.map((m) => ({ target: eventFor(m), args: [withFileLinks(links, accountId, m)] as unknown[] }));
}

/**
 * Sends the docs/contracts.md §D5 events of conversations to every connection of every participant, on every
 * instance (hub.sendToUser goes through the backplane); each account's copy carries file links
 * signed for that account. Called only after the change is committed;
 * a failure is logged and never fails the request (clients catch up with `?after=`).
 */
export class ConversationAnnouncer {
  constructor(
    private readonly viewer: TViewerDeps,
    private readonly hub: Pick<Hub, 'sendToUser' | 'sendToUserInOrder'>,
    private readonly log: { warn(object: object, message: string): void },
    /** Told of each new message after its events (push notifications); must not block. */
    private readonly onMessage?: (message: TConversationMessage, accountIds: string[]) => void,
  ) {}

  /**
   * A new message: its event (MessageReceived / PhotoSetItemUploaded / DocumentUploaded) and each
   * side's ConversationUpdated after it, in one frame per connection. `participants`: their account
   * ids, when the caller knows them; `previousAt`: when the message before it was sent (null:
   * none), when the caller knows it.
   */
  async messageAdded(message: TConversationMessage, known: { participants?: string[]; previousAt?: Date | null } = {}): Promise<void> {
    await this.guard(async () => {
      const { db, links } = this.viewer;
      const conversationId = message.personalConversationId;
      const accountIds = known.participants ?? (await participantAccountIds(db, conversationId));
      // Without summaries (the database went away since the commit) the message still goes.
      const byAccount = await summariesByAccount(db, conversationId).catch((err: unknown) => {
        this.log.warn({ err }, 'conversation summaries not read: the new message is sent without them');
        return new Map<string, TConversationSummary>();
      });
      const event = eventFor(message);
      // In sequence order on every client, whichever instance committed which message; the
      // summary travels with its message, so it never arrives before it.
      const order = { stream: conversationId, seq: message.sequence, previousAt: known.previousAt?.getTime() };
      await Promise.all(
        accountIds.map((id) =>
          this.hub.sendToUserInOrder(id, order, [
            { target: event, args: [withFileLinks(links, id, message)] },
            ...this.summaryEvent(byAccount, id),
          ]),
        ),
      );
      this.onMessage?.(message, accountIds);
    });
  }

  /** A side saw messages: ConversationSeen to everyone in it, and the new summaries (unseen counts). */
  async seen(seen: TConversationSeen): Promise<void> {
    await this.guard(async () => {
      const accountIds = await participantAccountIds(this.viewer.db, seen.personalConversationId);
      await Promise.all(accountIds.map((id) => this.hub.sendToUser(id, EVENTS.conversationSeen, seen)));
      await this.updated(seen.personalConversationId, accountIds);
    });
  }

  /** Something about the conversation changed (the other side deleted their account): fresh summaries to everyone left in it. */
  async conversationChanged(conversationId: string): Promise<void> {
    await this.guard(async () => this.updated(conversationId, await participantAccountIds(this.viewer.db, conversationId)));
  }

  private async updated(conversationId: string, accountIds: string[]): Promise<void> {
    const byAccount = await summariesByAccount(this.viewer.db, conversationId);
    await Promise.all(
      accountIds.flatMap((id) => this.summaryEvent(byAccount, id).map((e) => this.hub.sendToUser(id, e.target, ...e.args))),
    );
  }

  /** `accountId`'s ConversationUpdated, its summary's files signed for it; none when it has no summary there. */
  private summaryEvent(byAccount: Map<string, TConversationSummary>, accountId: string): THubEvent[] {
    const summary = byAccount.get(accountId);
    return summary ? [{ target: EVENTS.conversationUpdated, args: [summaryWithFileLinks(this.viewer.links, accountId, summary)] }] : [];
  }

  private async guard(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      this.log.warn({ err }, 'conversation event not sent');
    }
  }
}
