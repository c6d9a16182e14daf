import { DEFAULT_ACCENT_COLOR, cardShareUrl, countedLinkPath, linkHref, mailtoHref, telHref } from '@vbc/shared';
import { notFound } from '../platform/errors/app-error.ts';
import { escapeHtml as h } from '../platform/html/escape-html.ts';
import { isUnadopted, presentContact } from '../cards/index.ts';
import type { TEmailSignature } from '@vbc/shared/owner';
import type { TSharingDeps } from './deps.ts';

/** The signature's text: "Save my contact" is the link to the card (issue 29). */
export const SAVE_MY_CONTACT = 'Save my contact';

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

/**
 * The card as an e-mail signature (issue 29), HTML made for mail clients: one table, inline styles
 * only, absolute URLs, no script, class or stylesheet. Picture, name, title, organization, phones,
 * e-mails, links (through the card's counting redirect, `s=sig`) and "Save my contact" (the short
 * link with `s=sig`). Made from the card as visitors see it: a PIN-protected card's phones and
 * e-mails stay out, since a signature goes to anyone.
 */
export async function emailSignature(deps: TSharingDeps, contactId: string): Promise<TEmailSignature> {
  const { row, picture } = await deps.getPublic(contactId);
  if (isUnadopted(row)) throw notFound('card');
  const card = presentContact(row, picture, { revealContactInfo: false });
  const origin = deps.publicUrl.replace(/\/+$/, '');
  const accent = [card.designSpecification.accentColor1, DEFAULT_ACCENT_COLOR].find((c) => c && HEX.test(c))!;
  const name = `${card.firstName} ${card.lastName}`.trim();
  const role = [card.jobTitle, card.organization]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
  const line = (inner: string, style = '') => `<div style="${FONT}font-size:13px;color:#333333;${style}">${inner}</div>`;
  const anchor = (href: string, text: string, style = 'color:#333333;text-decoration:none;') =>
    `<a href="${h(href)}" style="${style}">${h(text)}</a>`;

  const rows: string[] = [];
  if (name) rows.push(`<div style="${FONT}font-size:16px;font-weight:bold;color:#111111;">${h(name)}</div>`);
  if (role) rows.push(line(h(role), 'color:#555555;'));
  for (const phone of card.phones ?? []) {
    const href = telHref(phone);
    if (href) rows.push(line(anchor(href, phone.phoneNumber)));
  }
  for (const email of card.emails ?? []) {
    const href = mailtoHref(email);
    if (href) rows.push(line(anchor(href, email.email)));
  }
  const links = card.links
    .map((link, n) => ({ n, href: linkHref(link.linkUrl), text: link.linkName?.trim() || link.linkUrl.replace(/^https?:\/\//i, '') }))
    .filter((l) => /^https?:\/\//i.test(l.href))
    .map((l) => anchor(`${origin}${countedLinkPath(card.quickId, l.n, 'sig')}`, l.text, `color:${accent};text-decoration:none;`));
  if (links.length > 0) rows.push(line(links.join(' &middot; ')));
  const save = cardShareUrl(origin, card, 'sig');
  rows.push(line(anchor(save, SAVE_MY_CONTACT, `color:${accent};font-weight:bold;text-decoration:underline;`), 'padding-top:6px;'));

  const photo = card.picture
    ? `<td style="padding:0 14px 0 0;vertical-align:top;"><img src="${h(`${origin}/ds/vbc/profilepicture/${encodeURIComponent(card.quickId)}`)}" width="72" height="72" alt="${h(name)}" style="display:block;width:72px;height:72px;border:0;border-radius:36px;"></td>`
    : '';
  const html =
    `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;${FONT}">` +
    `<tr>${photo}<td style="vertical-align:top;border-left:3px solid ${accent};padding:0 0 0 12px;">${rows.join('')}</td></tr>` +
    `</table>`;
  return { html, contactInfoHidden: card.phones === undefined };
}
