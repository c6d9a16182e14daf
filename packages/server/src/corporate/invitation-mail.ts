import { PRODUCT_NAME } from '@vbc/shared';
import { escapeHtml as h } from '../platform/html/escape-html.ts';
import { oneLine } from '../platform/notify/mail-text.ts';
import type { TMail } from '../platform/notify/types.ts';

/** Where an invitee accepts: the app's page that lists their invitations once they have signed in. */
export const invitationAcceptUrl = (publicUrl: string, invitationId: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/vbc/directories?invitation=${encodeURIComponent(invitationId)}`;

/**
 * The e-mail an imported invitee gets (issue 27): who invites them and the accept link. The
 * business's and the invitee's names are their own text: escaped in the HTML part.
 */
export function invitationMail(input: { to: string; inviteeName: string; businessName: string; acceptUrl: string }): TMail {
  const business = oneLine(input.businessName);
  const subject = `${business} invites you to ${PRODUCT_NAME}`;
  const intro = `${business} invites you to join its team on ${PRODUCT_NAME}. Accepting gives you a digital business card made from your details, linked to ${business}.`;
  const how = `Open the link, sign in with this e-mail address (${input.to}) using the one-time code we send you, and choose Accept.`;
  const text = [`Hello ${oneLine(input.inviteeName)},`, '', intro, '', how, '', `Accept: ${input.acceptUrl}`, '', `— ${PRODUCT_NAME}`].join(
    '\n',
  );
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Hello ${h(oneLine(input.inviteeName))},</p>`,
    `<p>${h(intro)}</p>`,
    `<p>${h(how)}</p>`,
    `<p><a href="${h(input.acceptUrl)}">Accept the invitation</a></p>`,
    `<p>— ${h(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject, text, html };
}
