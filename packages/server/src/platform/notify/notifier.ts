import { chooseChannels, type TChannelSettings } from './channels.ts';
import { createLogMailSender, createSmtpMailSender } from './mail.ts';
import { codeSms } from './messages.ts';
import { createHttpSmsProvider, createLogSmsProvider } from './sms.ts';
import { DeliveryError, type MailSender, type SmsProvider, type TCodeMessage, type TLog, type TMail } from './types.ts';

/** Delivers one-time codes by the configured e-mail and SMS channels. */
export interface Notifier {
  /** The channel of each kind (notify/channels.ts); `none`: codes of that kind are refused. */
  readonly channels: { mail: MailSender['kind'] | 'none'; sms: SmsProvider['kind'] | 'none' };
  /** Whether codes of this kind can be delivered at all (a channel that is not `none`). */
  canSend(channel: 'email' | 'phone'): boolean;
  /** Sends `message.code` to an e-mail address or an E.164 number. Throws DeliveryError on failure. */
  sendCode(channel: 'email' | 'phone', message: TCodeMessage): Promise<void>;
  /** Sends an e-mail by the mail channel. Throws DeliveryError on failure or with no mail channel. */
  sendMail(mail: TMail): Promise<void>;
  /** Sends a text message (no code) to an E.164 number by the SMS channel. Throws DeliveryError on failure or with no SMS channel. */
  sendText(toE164: string, text: string): Promise<void>;
  close(): void;
}

/** The settings a notifier reads, named as in config.ts (the app's config is one). */
export interface TNotifierSettings extends TChannelSettings {
  MAIL_FROM: string;
  SMS_URL?: string;
  SMS_TOKEN?: string;
}

/** SMTP when SMTP_URL is set, SMS by SMS_PROVIDER=http; the log only as notify/channels.ts allows it. */
export function createNotifier(config: TNotifierSettings, log: TLog): Notifier {
  const channels = chooseChannels(config);
  const mail = config.SMTP_URL
    ? createSmtpMailSender(config.SMTP_URL, config.MAIL_FROM)
    : channels.mail === 'log'
      ? createLogMailSender(log)
      : null;
  const sms =
    channels.sms === 'http' && config.SMS_URL
      ? createHttpSmsProvider(config.SMS_URL, config.SMS_TOKEN)
      : channels.sms === 'log'
        ? createLogSmsProvider(log)
        : null;
  const none = (kind: string) => new DeliveryError(`no ${kind} channel is configured`);
  return {
    channels: { mail: mail?.kind ?? 'none', sms: sms?.kind ?? 'none' },
    canSend: (channel) => (channel === 'email' ? mail !== null : sms !== null),
    async sendCode(channel, message) {
      if (channel === 'email') {
        if (!mail) throw none('e-mail');
        return mail.sendCode(message);
      }
      if (!sms) throw none('SMS');
      return sms.send(message.to, codeSms(message));
    },
    async sendMail(message) {
      if (!mail) throw none('e-mail');
      return mail.send(message);
    },
    async sendText(toE164, text) {
      if (!sms) throw none('SMS');
      return sms.send(toE164, text);
    },
    close: () => mail?.close(),
  };
}
