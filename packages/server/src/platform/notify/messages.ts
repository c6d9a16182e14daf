import { PRODUCT_NAME } from '@vbc/shared';
import { escapeHtml } from '../html/escape-html.ts';
import type { TCodeMessage } from './types.ts';

interface TWording {
  subject: string;
  lead: string;
  use: string;
  ignore: string;
}

function wording({ code, purpose, expiresInMinutes }: TCodeMessage): TWording {
  const validity = `It is valid for ${expiresInMinutes} minutes and works once.`;
  if (purpose === 'unregister') {
    return {
      subject: `Your ${PRODUCT_NAME} account deletion code: ${code}`,
      lead: `Your ${PRODUCT_NAME} account deletion code is:`,
      use: `${validity} Enter it only if you want your ${PRODUCT_NAME} account and its personal data deleted.`,
      ignore: 'If you did not ask to delete your account, ignore this message and keep the code to yourself.',
    };
  }
  if (purpose === 'change_contact') {
    return {
      subject: `Your ${PRODUCT_NAME} code to confirm this contact: ${code}`,
      lead: `Your ${PRODUCT_NAME} code to make this your account's contact is:`,
      use: `${validity} Enter it in Settings to confirm the change.`,
      ignore: 'If you did not ask for this, ignore this message: nothing changes without the code.',
    };
  }
  return {
    subject: `Your ${PRODUCT_NAME} code: ${code}`,
    lead: `Your ${PRODUCT_NAME} sign-in code is:`,
    use: `${validity} Enter it in the 'Verify your contact information' window.`,
    ignore: 'If you did not ask for this code, ignore this message: nobody can sign in without it.',
  };
}

/** The e-mail for a code: subject, plain text and HTML (readable in any client). */
export function codeMail(message: TCodeMessage): { subject: string; text: string; html: string } {
  const w = wording(message);
  const text = `${w.lead}\n\n    ${message.code}\n\n${w.use}\n\n${w.ignore}\n\n— ${PRODUCT_NAME}\n`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(w.subject)}</title></head>
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

/** The text message for a code: short enough for one SMS. */
export function codeSms(message: TCodeMessage): string {
  if (message.purpose === 'unregister')
    return `${message.code} is your ${PRODUCT_NAME} account deletion code. Valid ${message.expiresInMinutes} min. Ignore it if you did not ask.`;
  if (message.purpose === 'change_contact')
    return `${message.code} confirms this number for your ${PRODUCT_NAME} account. Valid ${message.expiresInMinutes} min. Ignore it if you did not ask.`;
  return `${message.code} is your ${PRODUCT_NAME} code. Valid ${message.expiresInMinutes} min. Do not share it.`;
}
