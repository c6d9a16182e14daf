import type { TConversationMessage, TConversationSeen, TConversationSummary } from '@vbc/shared/conversation';
import type { Clock } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError, tooManyRequests } from '../platform/errors/app-error.ts';
import type { FileStorage, TUpload } from '../files/index.ts';
import { storeDisplayImage, uploadDocument, withinQuota } from '../files/index.ts';
import type { RateLimiter, TRateRule } from '../platform/rate-limit/index.ts';
import type { Metrics } from '../platform/metrics/plugin.ts';
import type { IntegrationEvents } from '../platform/integration-events/index.ts';
import type { ConversationAnnouncer } from './announce.ts';
import { reencodePhoto } from './attachments.ts';
import { initiateConversation } from './initiate-conversation.ts';
import { presentMessage, summaryWithFileLinks, withFileLinks, type TFileLinks, type TMessageRecord } from './present-message.ts';
import { getMessage, getSummary, requireParticipant, requireSides } from './read-conversations.ts';
import {
  appendMessage,
  appendMessageIn,
  findByClientMessageId,
  inMessageTransaction,
  markSeen,
  type TAppended,
  type TNewMessage,
} from './append-message.ts';

/** Sends per account: 30 a minute (a person typing fast stays far below; a script does not). */
export const SEND_LIMIT = { limit: 30, windowMs: 60_000 };
/** initiateConversation per account: 20 an hour (messaging many strangers is the spam pattern). */
export const INITIATE_LIMIT = { limit: 20, windowMs: 60 * 60_000 };

export interface TConversationDeps {
  db: Db;
  /** Signs a conversation file's address for the account an answer goes to. */
  links: TFileLinks;
  storage: FileStorage;
  rateLimiter: RateLimiter;
  announcer: ConversationAnnouncer;
  clock: Clock;
  metrics: Pick<Metrics, 'messagesSent'>;
  /** `message.received` for other systems (webhooks), recorded in the message's transaction. */
  events: Pick<IntegrationEvents, 'wants' | 'record'>;
}

export interface TSent {
  message: TConversationMessage;
  /** False for a retry answered with the original message. */
  created: boolean;
}

async function limit(deps: TConversationDeps, rules: TRateRule[]): Promise<void> {
  const decision = await deps.rateLimiter.consume(rules, deps.clock.now().getTime());
  if (!decision.allowed) {
    const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    throw tooManyRequests(`You are sending messages too fast. Try again in ${seconds} seconds.`, seconds);
  }
}

const sendRule = (accountId: string): TRateRule => ({ key: `conversation-send:${accountId}`, ...SEND_LIMIT });

/** The recipients (not the sender) some integration wants `message.received` for: a memory check, no query. */
function eventRecipients(deps: TConversationDeps, sender: string, accountIds: string[]): string[] {
  return accountIds.filter((id) => id !== sender && deps.events.wants('message.received', id));
}

/**
 * Appends a message. With nobody wanting `message.received` (the usual case) it is the one-statement
 * append; otherwise the append and each recipient's event share a transaction, so the event exists
 * exactly when the message does (a replayed retry records nothing).
 */
async function appendAndRecord(
  deps: TConversationDeps,
  input: TNewMessage,
  recipients: string[],
  attachment: Omit<TMessageRecord, 'message'> = { photo: null, document: null },
): Promise<TAppended> {
  if (recipients.length === 0) return appendMessage(deps.db, input);
  return inMessageTransaction(deps.db, async (tx) => {
    const appended = await appendMessageIn(tx, input);
    await recordReceived(deps, tx, presentMessage({ message: appended.row, ...attachment }), recipients);
    return appended;
  });
}

/** `message.received` for each recipient: the message as that recipient receives it (file links signed for them). */
async function recordReceived(deps: TConversationDeps, tx: Db, message: TConversationMessage, recipients: string[]): Promise<void> {
  for (const accountId of recipients) {
    await deps.events.record(tx, {
      type: 'message.received',
      accountId,
      corporateAccountId: null,
      data: withFileLinks(deps.links, accountId, message),
      occurredAt: new Date(message.createdAt),
    });
  }
}

/**
 * Presents a committed message (from the row when its attachment is known) and announces it, a
 * replay too: the first attempt may have committed and died before announcing, and clients
 * ignore an event whose sequence they already have. Answers the message as the sender sees it.
 */
async function publish(
  deps: TConversationDeps,
  sender: string,
  appended: TAppended,
  participants: string[] | undefined,
  attachment: Omit<TMessageRecord, 'message'> = { photo: null, document: null },
): Promise<TSent> {
  const message =
    appended.created && (appended.row.kind === 'text' || attachment.photo || attachment.document)
      ? presentMessage({ message: appended.row, ...attachment })
      : await getMessage(deps.db, appended.row.id);
  if (appended.created) deps.metrics.messagesSent.inc({ kind: appended.row.kind });
  await deps.announcer.messageAdded(message, { participants, previousAt: appended.previousAt });
  return { message: withFileLinks(deps.links, sender, message), created: appended.created };
}

/** The caller's side (404 for others) and, for a new message, that the other side still has an account. */
async function sidesForSending(deps: TConversationDeps, conversationId: string, accountId: string) {
  const sides = await requireSides(deps.db, conversationId, accountId);
  if (sides.other?.accountDeleted) {
    throw new AppError('gone', 'The other person deleted their account: this conversation can no longer receive messages.');
  }
  return sides;
}

/** docs/contracts.md §7 initiateConversation: the sender's summary of the (new or reused) conversation. */
export async function startConversation(
  deps: TConversationDeps,
  accountId: string,
  body: { toVbcId: string; fromVbcId?: string; message: string; clientMessageId?: string },
): Promise<TConversationSummary> {
  await limit(deps, [sendRule(accountId), { key: `conversation-initiate:${accountId}`, ...INITIATE_LIMIT }]);
  const { conversationId, appended } = await initiateConversation(
    deps.db,
    { senderAccountId: accountId, ...body, now: deps.clock.now() },
    async (tx, row, recipientAccountId) => {
      const recipients = eventRecipients(deps, accountId, [recipientAccountId]);
      if (recipients.length > 0) await recordReceived(deps, tx, presentMessage({ message: row, photo: null, document: null }), recipients);
    },
  );
  await publish(deps, accountId, appended, undefined);
  return summaryWithFileLinks(deps.links, accountId, await getSummary(deps.db, accountId, conversationId));
}

/** A text message from a participant (idempotent on clientMessageId). */
export async function sendText(
  deps: TConversationDeps,
  accountId: string,
  conversationId: string,
  body: { message: string; clientMessageId: string },
): Promise<TSent> {
  const { me, accountIds } = await sidesForSending(deps, conversationId, accountId);
  await limit(deps, [sendRule(accountId)]);
  const input: TNewMessage = {
    conversationId,
    senderAccountId: accountId,
    fromVbcId: me.vbcId,
    kind: 'text',
    body: body.message,
    clientMessageId: body.clientMessageId,
    now: deps.clock.now(),
  };
  const appended = await appendAndRecord(deps, input, eventRecipients(deps, accountId, accountIds));
  return publish(deps, accountId, appended, accountIds);
}

/**
 * A photo or document message. The participant check and the rate limit come before the bytes are
 * read (`readFile`); a retry with a used clientMessageId returns the original without storing again.
 */
export async function sendAttachment(
  deps: TConversationDeps,
  accountId: string,
  conversationId: string,
  kind: 'photo' | 'document',
  readFile: () => Promise<TUpload>,
  clientMessageId: string | undefined,
): Promise<TSent> {
  const { me, accountIds } = await sidesForSending(deps, conversationId, accountId);
  await limit(deps, [sendRule(accountId)]);
  if (clientMessageId !== undefined) {
    // A retry of an upload that was stored: answer with it (appendMessage repeats this check under the lock).
    const existing = await findByClientMessageId(deps.db, conversationId, accountId, clientMessageId);
    if (existing && existing.kind === kind) return publish(deps, accountId, { row: existing, created: false }, accountIds);
  }
  const file = await readFile();
  const base: Omit<TNewMessage, 'now'> = {
    conversationId,
    senderAccountId: accountId,
    fromVbcId: me.vbcId,
    kind,
    body: '',
    clientMessageId,
  };
  // Stored within the account's storage quota (files/quota.ts), like every upload.
  if (kind === 'photo') {
    const image = await reencodePhoto(file.data);
    const stored = await withinQuota(deps.db, accountId, image.length, (tx) =>
      storeDisplayImage(tx, deps.storage, image, accountId, { attached: true }),
    );
    const attachment = { photo: stored, document: null };
    const input = { ...base, displayItemId: stored.id, now: deps.clock.now() };
    const appended = await appendAndRecord(deps, input, eventRecipients(deps, accountId, accountIds), attachment);
    return publish(deps, accountId, appended, accountIds, attachment);
  }
  // Documents are checked by their bytes (PDF, office, text, media; never HTML or SVG) as in files/upload.ts.
  const stored = await uploadDocument(deps, accountId, file);
  const attachment = { photo: null, document: { id: stored.documentFileItemId, ...stored } };
  const input = { ...base, documentFileId: stored.documentFileItemId, now: deps.clock.now() };
  const appended = await appendAndRecord(deps, input, eventRecipients(deps, accountId, accountIds), attachment);
  return publish(deps, accountId, appended, accountIds, attachment);
}

/** POST …/seen: records what the participant saw and tells everyone in the conversation. */
export async function seeConversation(
  deps: TConversationDeps,
  accountId: string,
  conversationId: string,
  sequence?: number,
): Promise<void> {
  const me = await requireParticipant(deps.db, conversationId, accountId);
  const seenSequence = await markSeen(deps.db, me.id, conversationId, sequence);
  if (seenSequence === null) return;
  const seen: TConversationSeen = {
    personalConversationId: conversationId,
    seenBy: accountId,
    seenAt: deps.clock.now().toISOString(),
    sequence: seenSequence,
  };
  await deps.announcer.seen(seen);
}
