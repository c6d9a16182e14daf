import type { TConversationMessage } from '@vbc/shared/conversation';
import type { TLocale } from '@vbc/shared/i18n/locales';
import type { TPushPayload } from '@vbc/shared/push';
import { translatorFor } from '../platform/i18n/translator.ts';

const PREVIEW_LENGTH = 120;

/** A notification in the recipient's language: push sends each device its account's (push-service.ts). */
export type TPayloadFor = (locale: TLocale) => TPushPayload;

/** The text of a notification for a new message, in `locale`: the sender's name and a preview. */
export function messagePayload(message: TConversationMessage, senderName: string, locale: TLocale): TPushPayload {
  const t = translatorFor(locale, 'push');
  let body = message.message.replace(/\s+/g, ' ').trim();
  if (message.kind === 'photo') body = t('message.photo');
  else if (message.kind === 'document') body = t('message.document', { name: message.document?.name ?? t('message.unnamedDocument') });
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

/** A new announcement (`from`: the corporate name, or the product's), in `locale`; its title is the author's text. */
export function announcementPayload(announcement: { announcementId: string; title: string; from: string }, locale: TLocale): TPushPayload {
  return {
    kind: 'announcement',
    title: announcement.title,
    body: translatorFor(locale, 'push')('announcement.body', { from: announcement.from }),
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

/** A visitor left their details on one of the owner's cards (leads/), in `locale`: a click opens the lead. */
export function leadPayload(lead: { leadId: string; name: string; cardName: string }, locale: TLocale): TPushPayload {
  const t = translatorFor(locale, 'push');
  const name = lead.name.replace(/\s+/g, ' ').trim();
  return {
    kind: 'lead',
    title: t('lead.title', { name }),
    body: lead.cardName ? t('lead.throughCard', { cardName: lead.cardName }) : t('lead.openLeads'),
    url: `/vbc/leads/${lead.leadId}`,
    tag: `lead-${lead.leadId}`,
    leadId: lead.leadId,
  };
}
