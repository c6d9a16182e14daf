import { PRODUCT_NAME } from '@vbc/shared';
import { escapeHtml } from '../platform/html/escape-html.ts';
import { oneLine } from '../platform/notify/mail-text.ts';
import type { TMail } from '../platform/notify/types.ts';

export interface TCardMailInput {
  to: string;
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
 * The e-mail a visitor who ticked "Send me {firstName}'s card" gets: the card as a .vcf attachment,
 * its link, and the signed "Forget my details" link. Every name in it is the visitor's or owner's
 * text: escaped in the HTML part, never markup.
 */
export function cardMail(input: TCardMailInput): TMail {
  const cardName = input.cardName || 'the card';
  const subject = oneLine(`${cardName}'s card`);
  const text = [
    `Hello ${oneLine(input.visitorName)},`,
    '',
    `Here is ${cardName}'s card, as you asked. It is attached as a contact file (${input.vcardFileName}); open it to save it to your contacts.`,
    '',
    `See the card: ${input.cardUrl}`,
    '',
    `You shared your details with ${cardName}. To have them deleted, open this link and confirm:`,
    `Forget my details: ${input.forgetUrl}`,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const h = escapeHtml;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Hello ${h(oneLine(input.visitorName))},</p>`,
    `<p>Here is ${h(cardName)}'s card, as you asked. It is attached as a contact file (${h(input.vcardFileName)}); open it to save it to your contacts.</p>`,
    `<p><a href="${h(input.cardUrl)}">See the card</a></p>`,
    `<p>You shared your details with ${h(cardName)}. To have them deleted: <a href="${h(input.forgetUrl)}">Forget my details</a></p>`,
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
