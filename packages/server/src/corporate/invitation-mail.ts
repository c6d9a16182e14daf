import { PRODUCT_NAME } from '@vbc/shared';
import { localeDirection, type TLocale } from '@vbc/shared/i18n/locales';
import { escapeHtml as h } from '../platform/html/escape-html.ts';
import { translatorFor } from '../platform/i18n/translator.ts';
import { oneLine } from '../platform/notify/mail-text.ts';
import type { TMail } from '../platform/notify/types.ts';

/** Where an invitee accepts: the app's page that lists their invitations once they have signed in. */
export const invitationAcceptUrl = (publicUrl: string, invitationId: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/vbc/directories?invitation=${encodeURIComponent(invitationId)}`;

/**
 * The e-mail an imported invitee gets (issue 27): who invites them and the accept link, in
 * `locale` (catalogue namespace `email`, `invitation.*`). The business's and the invitee's names
 * are their own text: inserted as they are, escaped in the HTML part.
 */
export function invitationMail(input: {
  to: string;
  inviteeName: string;
  businessName: string;
  acceptUrl: string;
  locale: TLocale;
}): TMail {
  const t = translatorFor(input.locale, 'email');
  const values = { product: PRODUCT_NAME, business: oneLine(input.businessName), email: input.to };
  const subject = t('invitation.subject', values);
  const greeting = t('greeting', { name: oneLine(input.inviteeName) });
  const intro = t('invitation.intro', values);
  const how = t('invitation.how', values);
  const text = [greeting, '', intro, '', how, '', t('invitation.acceptText', { url: input.acceptUrl }), '', `— ${PRODUCT_NAME}`].join('\n');
  const html = [
    `<!doctype html><html lang="${input.locale}" dir="${localeDirection(input.locale)}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${h(greeting)}</p>`,
    `<p>${h(intro)}</p>`,
    `<p>${h(how)}</p>`,
    `<p><a href="${h(input.acceptUrl)}">${h(t('invitation.acceptLink'))}</a></p>`,
    `<p>— ${h(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject, text, html };
}
