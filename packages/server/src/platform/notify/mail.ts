import nodemailer from 'nodemailer';
import { codeMail } from './messages.ts';
import { DeliveryError, type MailSender, type TCodeMessage, type TLog } from './types.ts';

/** E-mail through SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465). */
export function createSmtpMailSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    kind: 'smtp',
    async sendCode(message: TCodeMessage) {
      const mail = codeMail(message);
      try {
        await transport.sendMail({ from, to: message.to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (error) {
        // The SMTP error text can echo the message; keep only its class and response code.
        const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code ?? 'unknown';
        throw new DeliveryError(`SMTP delivery failed (${code})`);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * Development channel: with no SMTP_URL the code is written to the server log,
 * clearly marked. The only place a code is ever printed.
 */
export function createLogMailSender(log: TLog): MailSender {
  return {
    kind: 'log',
    async sendCode(message: TCodeMessage) {
      log.warn(
        { channel: 'development', medium: 'email', to: message.to, purpose: message.purpose, code: message.code },
        'DEVELOPMENT CHANNEL: one-time code written to the log because SMTP_URL is not set',
      );
    },
    close: () => {},
  };
}
