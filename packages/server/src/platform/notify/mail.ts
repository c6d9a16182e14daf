import nodemailer from 'nodemailer';
import { codeMail } from './messages.ts';
import { DeliveryError, type MailSender, type TCodeMessage, type TLog, type TMail } from './types.ts';

/** E-mail through SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465). */
export function createSmtpMailSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A few connections reused across messages: an import's hundreds of invitations (issue 27)
    // would otherwise open and greet a connection each.
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const send = async (mail: TMail) => {
    try {
      await transport.sendMail({ from, ...mail });
    } catch (error) {
      // The SMTP error text can echo the message; keep only its class and response code.
      const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code ?? 'unknown';
      throw new DeliveryError(`SMTP delivery failed (${code})`);
    }
  };
  return {
    kind: 'smtp',
    sendCode: (message: TCodeMessage) => send({ to: message.to, ...codeMail(message) }),
    send,
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
    async send(mail: TMail) {
      // Only the envelope: a mail's body may carry a link that acts for its reader.
      log.warn(
        { channel: 'development', medium: 'email', to: mail.to, subject: mail.subject },
        'DEVELOPMENT CHANNEL: e-mail not sent because SMTP_URL is not set',
      );
    },
    close: () => {},
  };
}
