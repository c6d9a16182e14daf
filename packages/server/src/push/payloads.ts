import type { TConversationMessage } from '@vbc/shared/conversation';
import type { TPushPayload } from '@vbc/shared/push';

const PREVIEW_LENGTH = 120;

/** The text of a notification for a new message: the sender's name and a preview. */
export function messagePayload(message: TConversationMessage, senderName: string): TPushPayload {
  let body = message.message.replace(/\s+/g, ' ').trim();
  if (message.kind === 'photo') body = 'Sent a photo';
  else if (message.kind === 'document') body = `Sent a document: ${message.document?.name ?? 'file'}`;
  else if (body.length > PREVIEW_LENGTH) body = `${body.slice(0, PREVIEW_LENGTH - 1)}…`;
  return {
    kind: 'message',
    title: senderName,
    body,
    url: `/vbc/#/messages/${message.personalConversationId}`,
    tag: `conversation-${message.personalConversationId}`,
    personalConversationId: message.personalConversationId,
  };
}

/** A new announcement (`from`: the corporate name, or the product's). */
export function announcementPayload(announcement: { announcementId: string; title: string; from: string }): TPushPayload {
  return {
    kind: 'announcement',
    title: announcement.title,
    body: `From ${announcement.from}`,
    url: `/vbc/announcement/${announcement.announcementId}`,
    tag: `announcement-${announcement.announcementId}`,
    announcementId: announcement.announcementId,
  };
}

/** The same notification as an APNs body (docs/ios-bridge.md §3). */
export function apnsBody(payload: TPushPayload): object {
  const { title, body, tag, ...rest } = payload;
  return { aps: { alert: { title, body }, sound: 'default', 'thread-id': tag }, ...rest };
}

/** A visitor left their details on one of the owner's cards (leads/): a click opens the lead. */
export function leadPayload(lead: { leadId: string; name: string; cardName: string }): TPushPayload {
  const name = lead.name.replace(/\s+/g, ' ').trim();
  return {
    kind: 'lead',
    title: `${name} shared their details with you`,
    body: lead.cardName ? `Through your card ${lead.cardName}` : 'Open it in your leads',
    url: `/vbc/leads/${lead.leadId}`,
    tag: `lead-${lead.leadId}`,
    leadId: lead.leadId,
  };
}
