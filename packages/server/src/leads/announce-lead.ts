import { LEAD_HUB_EVENT, type TLead } from '@vbc/shared/leads';
import type { TLocale } from '@vbc/shared/i18n/locales';
import type { Hub } from '../hub/index.ts';
import type { TPush } from '../push/index.ts';
import { leadPayload } from '../push/index.ts';
import type { Notifier } from '../platform/notify/notifier.ts';
import { cardMail } from './card-mail.ts';
import { forgetPath } from './forget-link.ts';

/** The visitor's "send me the card" e-mail: their address and their language (the exchange request's). */
export interface TVisitorMail {
  to: string;
  locale: TLocale;
}

export interface TAnnounceDeps {
  hub: Pick<Hub, 'sendToUser'>;
  push: Pick<TPush, 'notifyAccounts'>;
  notifier: Pick<Notifier, 'sendMail'>;
  /** The card's vCard as a visitor may have it (app.cards.visitorVCard). */
  visitorVCard(contactId: string): Promise<{ vcard: string; fileName: string; url: string; name: string }>;
  publicUrl: string;
  forgetKey: Buffer;
  log: { warn(object: object, message: string): void };
}

/**
 * After an exchange's commit, off the request path: `LeadReceived` (the lead) to every connection
 * of the owner on any instance, a push to their devices, and, when the visitor asked, the card by
 * e-mail. Each failure is logged (without the visitor's address) and stops none of the others.
 */
export async function announceLead(
  deps: TAnnounceDeps,
  input: { ownerAccountId: string; lead: TLead; cardId: string; mail: TVisitorMail | null },
): Promise<void> {
  const { lead } = input;
  const tasks: Promise<unknown>[] = [
    deps.hub.sendToUser(input.ownerAccountId, LEAD_HUB_EVENT, lead).catch((err: unknown) => {
      deps.log.warn({ err, leadId: lead.leadId }, 'lead hub event not sent');
    }),
    deps.push
      .notifyAccounts([input.ownerAccountId], (locale) => leadPayload(lead, locale))
      .catch((err: unknown) => {
        deps.log.warn({ err, leadId: lead.leadId }, 'lead push not queued');
      }),
  ];
  if (input.mail) {
    tasks.push(
      sendCard(deps, input.mail, lead, input.cardId).catch((err: unknown) => {
        // The error of a mail server may quote the recipient: log its kind only.
        deps.log.warn({ leadId: lead.leadId, error: err instanceof Error ? err.name : 'unknown' }, 'card e-mail to the visitor failed');
      }),
    );
  }
  await Promise.all(tasks);
}

async function sendCard(deps: TAnnounceDeps, { to, locale }: TVisitorMail, lead: TLead, cardId: string): Promise<void> {
  const card = await deps.visitorVCard(cardId);
  await deps.notifier.sendMail(
    cardMail({
      to,
      locale,
      visitorName: lead.name,
      cardName: card.name,
      cardUrl: card.url,
      forgetUrl: `${deps.publicUrl.replace(/\/+$/, '')}${forgetPath(deps.forgetKey, lead.leadId, locale)}`,
      vcard: card.vcard,
      vcardFileName: card.fileName,
    }),
  );
}
