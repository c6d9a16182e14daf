import { PRODUCT_NAME } from '@vbc/shared';
import { localeDirection, type TLocale } from '@vbc/shared/i18n/locales';
import { escapeHtml as h } from '../platform/html/escape-html.ts';
import { translatorFor } from '../platform/i18n/translator.ts';
import { oneLine } from '../platform/notify/mail-text.ts';
import type { TMail } from '../platform/notify/types.ts';

/** Where an invitee accepts: the app's page that lists their invitations once they have signed in. */
export const invitationAcceptUrl = (publicUrl: string, invitationId: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/vbc/directories?invitation=${encodeURIComponent(invitationId)}`;

/** The app's start, where an invitee who is on the team already signs in. */
export const appStartUrl = (publicUrl: string): string => `${publicUrl.replace(/\/+$/, '')}/vbc/`;

/**
 * The e-mail an imported invitee gets (issue 27), in `locale` (catalogue namespace `email`): who
 * invites them and the accept link (`invitation.*`), or — when the business has verified the
 * address's domain (`onTeam`) — that they are on the team already and only need to sign in
 * (auto-join, nothing to accept: `invitation.onTeam.*`). `url` is the accept link, or the app's
 * start when on the team. The business's and the invitee's names are their own text: inserted as
 * they are, escaped in the HTML part.
 */
export function invitationMail(input: {
  to: string;
  inviteeName: string;
  businessName: string;
  url: string;
  onTeam: boolean;
  locale: TLocale;
}): TMail {
  const t = translatorFor(input.locale, 'email');
  const values = { product: PRODUCT_NAME, business: oneLine(input.businessName), email: input.to };
  const greeting = t('greeting', { name: oneLine(input.inviteeName) });
  const { subject, intro, how, linkText, linkLabel } = input.onTeam
    ? {
        subject: t('invitation.onTeam.subject', values),
        intro: t('invitation.onTeam.intro', values),
        how: t('invitation.onTeam.how', values),
        linkText: t('invitation.onTeam.openText', { url: input.url }),
        linkLabel: t('invitation.onTeam.openLink', values),
      }
    : {
        subject: t('invitation.subject', values),
        intro: t('invitation.intro', values),
        how: t('invitation.how', values),
        linkText: t('invitation.acceptText', { url: input.url }),
        linkLabel: t('invitation.acceptLink'),
      };
  const text = [greeting, '', intro, '', how, '', linkText, '', `— ${PRODUCT_NAME}`].join('\n');
  const html = [
    `<!doctype html><html lang="${input.locale}" dir="${localeDirection(input.locale)}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${h(greeting)}</p>`,
    `<p>${h(intro)}</p>`,
    `<p>${h(how)}</p>`,
    `<p><a href="${h(input.url)}">${h(linkLabel)}</a></p>`,
    `<p>— ${h(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject, text, html };
}
