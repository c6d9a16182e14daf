/**
 * Hub methods (docs/contracts.md §D5) → docs/contracts.md §3 client events. The names repeat CONVERSATION_HUB_EVENTS of
 * @vbc/shared/conversation (checked by type below) so this chunk does not pull in zod.
 */
import type { CONVERSATION_HUB_EVENTS, TConversationMessage, TConversationSeen, TConversationSummary } from '@vbc/shared/conversation';
import type { ANNOUNCEMENT_HUB_EVENT } from '@vbc/shared/announcement';
import type { LEAD_HUB_EVENT } from '@vbc/shared/leads';
import { emitClientEvent } from '../platform/events.ts';

type TShared = typeof CONVERSATION_HUB_EVENTS;

const EVENTS = {
  messageReceived: 'MessageReceived',
  photoSetItemUploaded: 'PhotoSetItemUploaded',
  documentUploaded: 'DocumentUploaded',
  conversationUpdated: 'ConversationUpdated',
  conversationSeen: 'ConversationSeen',
} as const satisfies TShared;
// Fails to compile when the server's names change.
const sameNames: TShared = EVENTS;
void sameNames;

export const ACCOUNT_UPDATED = 'AccountUpdated';
/** ANNOUNCEMENT_HUB_EVENT of @vbc/shared/announcement (checked by type below). */
export const ANNOUNCEMENT_PUBLISHED = 'AnnouncementPublished' as const satisfies typeof ANNOUNCEMENT_HUB_EVENT;

/** Issue 26: a visitor left their details on one of the account's cards (the argument is the lead, a ZLead); LEAD_HUB_EVENT of @vbc/shared/leads. */
export const LEAD_RECEIVED = 'LeadReceived' as const satisfies typeof LEAD_HUB_EVENT;

/** Every server-to-client method the client listens to. */
export const HUB_EVENTS = [...Object.values(EVENTS), ACCOUNT_UPDATED, ANNOUNCEMENT_PUBLISHED, LEAD_RECEIVED] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Re-emits one hub invocation on the client-event bus (malformed payloads are dropped). */
export function toClientEvent(method: string, payload: unknown): void {
  if (method === ACCOUNT_UPDATED) {
    emitClientEvent('accountUpdated', { account: payload });
    return;
  }
  if (method === ANNOUNCEMENT_PUBLISHED) {
    if (isObject(payload) && typeof payload.announcementId === 'string')
      emitClientEvent('announcementPublished', { announcement: payload });
    return;
  }
  if (method === LEAD_RECEIVED) {
    if (isObject(payload) && typeof payload.leadId === 'string') emitClientEvent('leadReceived', { lead: payload });
    return;
  }
  if (!isObject(payload) || typeof payload.personalConversationId !== 'string') return;
  const personalConversationId = payload.personalConversationId;
  switch (method) {
    case EVENTS.messageReceived:
      emitClientEvent('messageReceived', { personalConversationId, message: payload as unknown as TConversationMessage });
      break;
    case EVENTS.photoSetItemUploaded:
      emitClientEvent('photoUploaded', { personalConversationId, message: payload as unknown as TConversationMessage });
      break;
    case EVENTS.documentUploaded:
      emitClientEvent('documentUploaded', { personalConversationId, message: payload as unknown as TConversationMessage });
      break;
    case EVENTS.conversationUpdated:
      emitClientEvent('conversationUpdated', { personalConversationId, conversation: payload as unknown as TConversationSummary });
      break;
    case EVENTS.conversationSeen: {
      const seen = payload as unknown as TConversationSeen;
      emitClientEvent('conversationSeen', { personalConversationId, seenBy: seen.seenBy, seenAt: seen.seenAt, sequence: seen.sequence });
      break;
    }
  }
}
