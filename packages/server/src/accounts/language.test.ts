/**
 * The person's language (issue 31): PUT /api/personalAccount/language keeps it on the account, every
 * account answer carries it, and the e-mails the account's requests cause are written in it (else in
 * the request's Accept-Language), as the real SMTP sink receives them.
 */
import { afterAll, expect, it } from 'vitest';
import PostalMime from 'postal-mime';
import type { TOtpResponse, TPersonalAccount } from '@vbc/shared';
import { describeEachDatabase } from '../test/app.ts';
import { startSmtpSink } from '../test/notify-sinks.ts';
import { authHeaders, client, mailedCode, registerByEmail, uniqueEmail } from '../test/accounts-support.ts';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

const LANGUAGE = '/api/personalAccount/language';
const MY_ACCOUNT = '/api/personalAccount/myAccount';

/** The newest mail to `address`, decoded: subject, plain text, HTML. */
async function receivedMail(address: string) {
  const mail = await smtp.latestTo(address);
  if (!mail) throw new Error(`no mail reached ${address}`);
  return PostalMime.parse(mail.raw);
}

describeEachDatabase(
  "the person's language",
  (ctx) => {
    const app = () => ctx.app;

    it('is null until chosen; PUT sets and clears it, in myAccount, the login result and AccountUpdated', async () => {
      const heard: string[] = [];
      ctx.app.accountEvents.onAccountUpdated((id, account) => void heard.push(`${id}:${account.language}`));
      const c = client(app);
      const login = await registerByEmail(c, smtp);
      expect(login.account.language).toBeNull();

      const set = await c.put(LANGUAGE, { language: 'fil' }, authHeaders(login));
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ ...login.account, language: 'fil' });
      expect((await c.get(MY_ACCOUNT, authHeaders(login))).json()).toMatchObject({ language: 'fil' });
      expect(heard).toEqual([`${login.account.accountId}:fil`]);

      // Another sign-in (another device) starts with it.
      await c.post('/api/personalaccount/RequestVerifyOtp', { email: login.email });
      const again = await c.post('/api/personalaccount/VerifyEmail', { email: login.email, otp: await mailedCode(smtp, login.email) });
      expect((again.json() as TOtpResponse).login?.account.language).toBe('fil');

      const cleared = await c.put(LANGUAGE, { language: null }, authHeaders(login));
      expect(cleared.statusCode).toBe(200);
      expect((cleared.json() as TPersonalAccount).language).toBeNull();
      expect((await c.get(MY_ACCOUNT, authHeaders((again.json() as TOtpResponse).login!))).json()).toMatchObject({ language: null });
    });

    it('refuses anything but en, fil, es, ar or null with a 400 naming the field, changing nothing; 401 signed out', async () => {
      const c = client(app);
      const login = await registerByEmail(c, smtp);
      await c.put(LANGUAGE, { language: 'es' }, authHeaders(login));
      for (const body of [{ language: 'de' }, { language: 'EN' }, { language: 'es-MX' }, { language: 3 }, {}]) {
        const refused = await c.put(LANGUAGE, body, authHeaders(login));
        expect([refused.statusCode, refused.json().message], JSON.stringify(body)).toEqual([
          400,
          'language: Must be one of en, fil, es, ar.',
        ]);
      }
      expect((await c.get(MY_ACCOUNT, authHeaders(login))).json()).toMatchObject({ language: 'es' });
      expect((await c.put(LANGUAGE, { language: 'ar' })).statusCode).toBe(401);
    });

    it("writes a sign-in code e-mail in the visitor's Accept-Language: Spanish", async () => {
      const c = client(app);
      const email = uniqueEmail();
      const requested = await c.post('/api/personalaccount/RequestVerifyOtp', { email }, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
      expect(requested.statusCode).toBe(200);
      const mail = await receivedMail(email);
      const code = /\d{6}/.exec(mail.subject ?? '')![0];
      expect(mail.subject).toBe(`Tu código de V.B.C.: ${code}`);
      expect(mail.text).toContain('Tu código para iniciar sesión en V.B.C. es:');
      expect(mail.text).toContain('Es válido durante 5 minutos y solo funciona una vez.');
      expect(mail.html).toContain('<html lang="es" dir="ltr">');
      expect(mail.html).toContain('Si no pediste este código, ignora este mensaje: nadie puede iniciar sesión sin él.');
    });

    it("writes the account-deletion code e-mail in the account's language, Arabic, whatever the browser says", async () => {
      const c = client(app);
      const login = await registerByEmail(c, smtp);
      await c.put(LANGUAGE, { language: 'ar' }, authHeaders(login));
      const asked = await c.post('/api/personalaccount/RequestUnRegisterOtp', undefined, {
        ...authHeaders(login),
        'accept-language': 'en-US',
      });
      expect(asked.statusCode).toBe(200);
      const mail = await receivedMail(login.email);
      const code = /\d{6}/.exec(mail.subject ?? '')![0];
      expect(mail.subject).toBe(`رمز حذف حسابك في V.B.C.: ${code}`);
      expect(mail.text).toContain('الرمز صالح لمدة 5 دقائق ويُستخدم مرة واحدة فقط.');
      expect(mail.html).toContain('<html lang="ar" dir="rtl">');
      expect(mail.html).toContain(code);
    });

    it('keeps English, as SPEC words it, when nothing else is known', async () => {
      const c = client(app);
      const email = uniqueEmail();
      await c.post('/api/personalaccount/RequestVerifyOtp', { email }, { 'accept-language': 'de-DE,ja;q=0.8' });
      const mail = await receivedMail(email);
      expect(mail.subject).toMatch(/^Your V\.B\.C\. code: \d{6}$/);
      expect(mail.text).toContain("It is valid for 5 minutes and works once. Enter it in the 'Verify your contact information' window.");
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
