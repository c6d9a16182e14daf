import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseChannels } from './channels.ts';
import { createNotifier } from './notifier.ts';
import { toE164 } from './phone.ts';
import { codeIn, startSmsSink, startSmtpSink, type SmsSink, type SmtpSink } from '../../test/notify-sinks.ts';
import { DeliveryError, type TLog } from './types.ts';

const silentLog: TLog & { entries: object[] } = {
  entries: [],
  warn(object) {
    this.entries.push(object);
  },
};

describe('code delivery', () => {
  let smtp: SmtpSink;
  let sms: SmsSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    sms = await startSmsSink();
  });
  afterAll(async () => {
    await smtp.close();
    await sms.close();
  });

  it('e-mails a readable code through SMTP: subject, plain text and HTML', async () => {
    const notifier = createNotifier(
      { SMTP_URL: smtp.url, MAIL_FROM: 'V.B.C. <no-reply@vbc.test>', SMS_PROVIDER: 'log', SMS_URL: undefined, SMS_TOKEN: undefined },
      silentLog,
    );
    await notifier.sendCode('email', { to: 'ana@example.test', code: '472913', purpose: 'verify', expiresInMinutes: 5, locale: 'en' });
    notifier.close();
    const mail = await smtp.latestTo('ana@example.test');
    expect(mail?.from).toBe('no-reply@vbc.test');
    expect(mail?.raw).toMatch(/^Subject: Your V\.B\.C\. code: 472913$/m);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);
    expect(mail?.raw).toContain('valid for 5 minutes');
    expect(codeIn(mail?.raw)).toBe('472913');
    expect(silentLog.entries).toEqual([]);
  });

  it('a refused mail is a DeliveryError that does not carry the code', async () => {
    const notifier = createNotifier(
      { SMTP_URL: smtp.url, MAIL_FROM: 'x@vbc.test', SMS_PROVIDER: 'log', SMS_URL: undefined, SMS_TOKEN: undefined },
      silentLog,
    );
    smtp.refuse = true;
    try {
      const failure = await notifier
        .sendCode('email', { to: 'bo@example.test', code: '111222', purpose: 'unregister', expiresInMinutes: 5, locale: 'en' })
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(DeliveryError);
      expect(String((failure as Error).message)).not.toContain('111222');
    } finally {
      smtp.refuse = false;
      notifier.close();
    }
  });

  it('posts {to, message} with the bearer token to the HTTP SMS provider; a non-2xx answer is a failure', async () => {
    const notifier = createNotifier(
      { SMTP_URL: undefined, MAIL_FROM: 'x', SMS_PROVIDER: 'http', SMS_URL: sms.url, SMS_TOKEN: 'sms-secret' },
      silentLog,
    );
    await notifier.sendCode('phone', { to: '+639171234567', code: '908172', purpose: 'verify', expiresInMinutes: 5, locale: 'en' });
    const got = sms.latestTo('+639171234567');
    expect(got?.headers.authorization).toBe('Bearer sms-secret');
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.body.message).toContain('908172');
    sms.status = 500;
    try {
      await expect(
        notifier.sendCode('phone', { to: '+639171234567', code: '000001', purpose: 'verify', expiresInMinutes: 5, locale: 'en' }),
      ).rejects.toBeInstanceOf(DeliveryError);
    } finally {
      sms.status = 200;
    }
  });

  it('writes codes to the log as the development channel when nothing is configured', async () => {
    const log: TLog & { entries: object[] } = {
      entries: [],
      warn(object) {
        this.entries.push(object);
      },
    };
    const notifier = createNotifier(
      { SMTP_URL: undefined, MAIL_FROM: 'x', SMS_PROVIDER: undefined, SMS_URL: undefined, SMS_TOKEN: undefined },
      log,
    );
    expect(notifier.channels).toEqual({ mail: 'log', sms: 'log' });
    await notifier.sendCode('email', { to: 'cy@example.test', code: '123987', purpose: 'verify', expiresInMinutes: 5, locale: 'en' });
    await notifier.sendCode('phone', { to: '+639171234567', code: '555444', purpose: 'verify', expiresInMinutes: 5, locale: 'en' });
    expect(log.entries).toEqual([
      expect.objectContaining({ channel: 'development', medium: 'email', code: '123987' }),
      expect.objectContaining({ channel: 'development', medium: 'sms', message: expect.stringContaining('555444') }),
    ]);
  });

  it('uses the log channel only when chosen or when nothing is configured; a kind left without a channel is refused, never logged', async () => {
    expect(chooseChannels({})).toEqual({ mail: 'log', sms: 'log' });
    expect(chooseChannels({ SMTP_URL: 'smtp://mail.example' })).toEqual({ mail: 'smtp', sms: 'none' });
    expect(chooseChannels({ SMS_PROVIDER: 'http' })).toEqual({ mail: 'none', sms: 'http' });
    expect(chooseChannels({ SMTP_URL: 'smtp://mail.example', SMS_PROVIDER: 'log' })).toEqual({ mail: 'smtp', sms: 'log' });
    expect(chooseChannels({ SMS_PROVIDER: 'log' })).toEqual({ mail: 'log', sms: 'log' });

    const log: TLog & { entries: object[] } = {
      entries: [],
      warn(object) {
        this.entries.push(object);
      },
    };
    const notifier = createNotifier(
      { SMTP_URL: smtp.url, MAIL_FROM: 'x@vbc.test', SMS_PROVIDER: undefined, SMS_URL: undefined, SMS_TOKEN: undefined },
      log,
    );
    expect([notifier.canSend('email'), notifier.canSend('phone')]).toEqual([true, false]);
    await expect(
      notifier.sendCode('phone', { to: '+639171234567', code: '246810', purpose: 'verify', expiresInMinutes: 5, locale: 'en' }),
    ).rejects.toBeInstanceOf(DeliveryError);
    notifier.close();
    expect(log.entries).toEqual([]);
  });

  it('normalises numbers to E.164 with PH as the default region', () => {
    expect(toE164('09171234567')).toBe('+639171234567');
    expect(toE164('099999999999999')).toBeNull();
  });
});
