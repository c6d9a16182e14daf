import type { TLocale } from '@vbc/shared/i18n/locales';

/** What a code is for; it changes the wording of the message. */
export type TCodePurpose = 'verify' | 'unregister' | 'change_contact';

/** A one-time code to deliver. */
export interface TCodeMessage {
  /** E-mail address, or an E.164 phone number. */
  to: string;
  code: string;
  purpose: TCodePurpose;
  expiresInMinutes: number;
  /** The recipient's language (issue 31): the words of the message around the code. */
  locale: TLocale;
}

/** The message could not be handed to the mail server or SMS provider. Never carries the code. */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
}

/** An e-mail other than a code (a card sent to a visitor, a notice to an owner). */
export interface TMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
}

/** Sends one-time codes, and other mail, by e-mail. */
export interface MailSender {
  readonly kind: 'smtp' | 'log';
  sendCode(message: TCodeMessage): Promise<void>;
  send(mail: TMail): Promise<void>;
  close(): void;
}

/** Sends a text message to an E.164 number (SMS_PROVIDER). */
export interface SmsProvider {
  readonly kind: 'http' | 'log';
  send(toE164: string, text: string): Promise<void>;
}

/** The subset of a pino logger the log channels use. */
export interface TLog {
  warn(object: object, message: string): void;
}
