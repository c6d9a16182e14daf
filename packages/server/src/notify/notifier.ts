import type { Config } from '../config.ts';
import { createLogMailSender, createSmtpMailSender } from './mail.ts';
import { codeSms } from './messages.ts';
import { createHttpSmsProvider, createLogSmsProvider } from './sms.ts';
import type { MailSender, SmsProvider, TCodeMessage, TLog } from './types.ts';

/** Delivers one-time codes by the configured e-mail and SMS channels. */
export interface Notifier {
  readonly mail: MailSender;
  readonly sms: SmsProvider;
  /** Sends `message.code` to an e-mail address or an E.164 number. Throws DeliveryError on failure. */
  sendCode(channel: 'email' | 'phone', message: TCodeMessage): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set, else the log; SMS by SMS_PROVIDER (http or log). */
export function createNotifier(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SMS_PROVIDER' | 'SMS_URL' | 'SMS_TOKEN'>, log: TLog): Notifier {
  const mail = config.SMTP_URL ? createSmtpMailSender(config.SMTP_URL, config.MAIL_FROM) : createLogMailSender(log);
  const sms = config.SMS_PROVIDER === 'http' && config.SMS_URL ? createHttpSmsProvider(config.SMS_URL, config.SMS_TOKEN) : createLogSmsProvider(log);
  return {
    mail,
    sms,
    sendCode: (channel, message) => (channel === 'email' ? mail.sendCode(message) : sms.send(message.to, codeSms(message))),
    close: () => mail.close(),
  };
}
