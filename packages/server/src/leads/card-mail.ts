import { PRODUCT_NAME } from '@vbc/shared';
import { localeDirection, type TLocale } from '@vbc/shared/i18n/locales';
import { escapeHtml } from '../platform/html/escape-html.ts';
import { translatorFor } from '../platform/i18n/translator.ts';
import { oneLine } from '../platform/notify/mail-text.ts';
import type { TMail } from '../platform/notify/types.ts';

export interface TCardMailInput {
  to: string;
  /** The visitor's language (the exchange request's). */
  locale: TLocale;
  /** The visitor's name as they typed it. */
  visitorName: string;
  /** The card's name as it shows. */
  cardName: string;
  cardUrl: string;
  forgetUrl: string;
  vcard: string;
  vcardFileName: string;
}

/**
 * The e-mail a visitor who ticked "Send me {firstName}'s card" gets, in their language (catalogue
 * namespace `email`, `card.*`): the card as a .vcf attachment, its link, and the signed "Forget my
 * details" link. Every name in it is the visitor's or owner's text: inserted as it is, escaped in
 * the HTML part, never markup.
 */
export function cardMail(input: TCardMailInput): TMail {
  const t = translatorFor(input.locale, 'email');
  const cardName = input.cardName || t('card.unnamed');
  const values = { cardName, fileName: input.vcardFileName };
  const subject = oneLine(t('card.subject', values));
  const greeting = t('greeting', { name: oneLine(input.visitorName) });
  const intro = t('card.intro', values);
  const text = [
    greeting,
    '',
    intro,
    '',
    t('card.seeText', { url: input.cardUrl }),
    '',
    t('card.sharedText', values),
    t('card.forgetText', { url: input.forgetUrl }),
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const h = escapeHtml;
  const html = [
    `<!doctype html><html lang="${input.locale}" dir="${localeDirection(input.locale)}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${h(greeting)}</p>`,
    `<p>${h(intro)}</p>`,
    `<p><a href="${h(input.cardUrl)}">${h(t('card.seeLink'))}</a></p>`,
    `<p>${h(t('card.sharedHtml', values))} <a href="${h(input.forgetUrl)}">${h(t('card.forgetLink'))}</a></p>`,
    `<p>— ${h(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: input.to,
    subject,
    text,
    html,
    attachments: [{ filename: input.vcardFileName, content: input.vcard, contentType: 'text/vcard; charset=utf-8' }],
  };
}
