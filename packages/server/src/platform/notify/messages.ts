import { PRODUCT_NAME } from '@vbc/shared';
import { localeDirection } from '@vbc/shared/i18n/locales';
import { escapeHtml } from '../html/escape-html.ts';
import { translatorFor } from '../i18n/translator.ts';
import type { TCodeMessage } from './types.ts';

interface TWording {
  subject: string;
  lead: string;
  use: string;
  ignore: string;
}

/** The code mail's sentences in the recipient's language (catalogue namespace `email`, `code.*`). */
function wording({ code, purpose, expiresInMinutes, locale }: TCodeMessage): TWording {
  const t = translatorFor(locale, 'email');
  const values = { product: PRODUCT_NAME, code, minutes: expiresInMinutes };
  if (purpose === 'unregister') {
    return {
      subject: t('code.unregister.subject', values),
      lead: t('code.unregister.lead', values),
      use: t('code.unregister.use', values),
      ignore: t('code.unregister.ignore', values),
    };
  }
  if (purpose === 'change_contact') {
    return {
      subject: t('code.changeContact.subject', values),
      lead: t('code.changeContact.lead', values),
      use: t('code.changeContact.use', values),
      ignore: t('code.changeContact.ignore', values),
    };
  }
  return {
    subject: t('code.verify.subject', values),
    lead: t('code.verify.lead', values),
    use: t('code.verify.use', values),
    ignore: t('code.verify.ignore', values),
  };
}

/** The e-mail for a code in the recipient's language: subject, plain text and HTML (readable in any client). */
export function codeMail(message: TCodeMessage): { subject: string; text: string; html: string } {
  const w = wording(message);
  const text = `${w.lead}\n\n    ${message.code}\n\n${w.use}\n\n${w.ignore}\n\n— ${PRODUCT_NAME}\n`;
  const html = `<!doctype html>
<html lang="${message.locale}" dir="${localeDirection(message.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(w.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#282832">
<table role="presentation" width="100%" style="max-width:440px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<p style="font-size:16px;margin:0 0 16px">${escapeHtml(w.lead)}</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:0 0 16px;font-family:monospace">${escapeHtml(message.code)}</p>
<p style="font-size:14px;margin:0 0 12px">${escapeHtml(w.use)}</p>
<p style="font-size:12px;color:#666;margin:0">${escapeHtml(w.ignore)}</p>
</td></tr></table>
</body></html>
`;
  return { subject: w.subject, text, html };
}

/** Left-to-right isolate (U+2066 … U+2069): keeps a code's digits one left-to-right run inside right-to-left text. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * The text message for a code, short enough for one SMS, in the recipient's language (catalogue
 * namespace `sms`, `code.*`; the same language the code e-mail takes). In a right-to-left language
 * the code is isolated left to right, so it reads and copies as sent.
 */
export function codeSms(message: TCodeMessage): string {
  const t = translatorFor(message.locale, 'sms');
  const values = {
    code: localeDirection(message.locale) === 'rtl' ? ltr(message.code) : message.code,
    product: PRODUCT_NAME,
    minutes: message.expiresInMinutes,
  };
  if (message.purpose === 'unregister') return t('code.unregister', values);
  if (message.purpose === 'change_contact') return t('code.changeContact', values);
  return t('code.verify', values);
}
