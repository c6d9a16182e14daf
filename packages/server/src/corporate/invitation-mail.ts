import { PRODUCT_NAME } from '@vbc/shared';
import { escapeHtml as h } from '../platform/html/escape-html.ts';
import { oneLine } from '../platform/notify/mail-text.ts';
import type { TMail } from '../platform/notify/types.ts';

/** Where an invitee accepts: the app's page that lists their invitations once they have signed in. */
export const invitationAcceptUrl = (publicUrl: string, invitationId: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/vbc/directories?invitation=${encodeURIComponent(invitationId)}`;

/** The app's start, where an invitee who is on the team already signs in. */
export const appStartUrl = (publicUrl: string): string => `${publicUrl.replace(/\/+$/, '')}/vbc/`;

/**
 * The e-mail an imported invitee gets (issue 27): who invites them and the accept link, or — when
 * the business has verified the address's domain (`onTeam`) — that they are on the team already and
 * only need to sign in (auto-join, nothing to accept). `url` is the accept link, or the app's start
 * when on the team. The business's and the invitee's names are their own text: escaped in the HTML part.
 */
export function invitationMail(input: { to: string; inviteeName: string; businessName: string; url: string; onTeam: boolean }): TMail {
  const business = oneLine(input.businessName);
  const card = `a digital business card made from your details, linked to ${business}`;
  const { subject, intro, how, label, link } = input.onTeam
    ? {
        subject: `You are on the ${business} team on ${PRODUCT_NAME}`,
        intro: `${business} added you to its team on ${PRODUCT_NAME}, with ${card}.`,
        how: `Sign in with this e-mail address (${input.to}) using the one-time code we send you: you are on the team already, there is nothing to accept.`,
        label: 'Open',
        link: `Open ${PRODUCT_NAME}`,
      }
    : {
        subject: `${business} invites you to ${PRODUCT_NAME}`,
        intro: `${business} invites you to join its team on ${PRODUCT_NAME}. Accepting gives you ${card}.`,
        how: `Open the link, sign in with this e-mail address (${input.to}) using the one-time code we send you, and choose Accept.`,
        label: 'Accept',
        link: 'Accept the invitation',
      };
  const text = [`Hello ${oneLine(input.inviteeName)},`, '', intro, '', how, '', `${label}: ${input.url}`, '', `— ${PRODUCT_NAME}`].join(
    '\n',
  );
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Hello ${h(oneLine(input.inviteeName))},</p>`,
    `<p>${h(intro)}</p>`,
    `<p>${h(how)}</p>`,
    `<p><a href="${h(input.url)}">${h(link)}</a></p>`,
    `<p>— ${h(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject, text, html };
}
