import { afterAll, expect, it } from 'vitest';
import PostalMime from 'postal-mime';
import { eq } from 'drizzle-orm';
import type { TPersonalAccount } from '@vbc/shared';
import { describeEachDatabase } from '../test/app.ts';
import { accounts, otpChallenges } from '../platform/db/schema/index.ts';
import { startSmsSink, startSmtpSink } from '../test/notify-sinks.ts';
import {
  authHeaders,
  chooseLanguage,
  client,
  controlClock,
  issuedSecrets,
  mailedCode,
  registerByEmail,
  textedCode,
  uniqueEmail,
  uniquePhone,
  wrong,
  type TClient,
} from '../test/accounts-support.ts';
import { toE164 } from '../platform/notify/phone.ts';
import { leakedSecrets } from '../test/secrets.ts';

const smtp = await startSmtpSink();
const sms = await startSmsSink();
afterAll(async () => {
  await smtp.close();
  await sms.close();
});

const REQUEST = '/api/personalAccount/contact/code';
const CONFIRM = '/api/personalAccount/contact';
const ME = '/api/personalAccount/myAccount';

describeEachDatabase(
  "changing one's own e-mail address or phone number",
  (ctx) => {
    const app = () => ctx.app;
    const me = async (c: TClient, h: Record<string, string>) => (await c.get(ME, h)).json() as TPersonalAccount;
    const signedIn = async () => {
      const c = client(app);
      const login = await registerByEmail(c, smtp);
      return { c, login, h: authHeaders(login) };
    };
    /** Whether the sign-in flow finds an account for this e-mail (a login in VerifyEmail's answer). */
    const signsIn = async (c: TClient, email: string) => {
      expect((await c.post('/api/personalaccount/RequestVerifyOtp', { email })).statusCode).toBe(200);
      const verified = await c.post('/api/personalaccount/VerifyEmail', { email, otp: await mailedCode(smtp, email) });
      expect(verified.statusCode).toBe(200);
      return verified.json().login !== undefined;
    };

    it('changes the e-mail only after the code sent to the new address; the old address is told', async () => {
      const { c, login, h } = await signedIn();
      const next = uniqueEmail();
      const requested = await c.post(REQUEST, { email: next.toUpperCase() }, h);
      expect(requested.statusCode).toBe(200);
      const masked = `u${'*'.repeat(next.indexOf('@') - 1)}@example.test`;
      expect(requested.json()).toEqual({ channel: 'email', destination: masked, expiresInSeconds: 300 });
      const code = await mailedCode(smtp, next);
      // Nothing changes before the code comes back, and the code is stored only as a hash.
      expect((await me(c, h)).accountEmail).toBe(login.email);
      const [challenge] = await ctx.app.db.select().from(otpChallenges).where(eq(otpChallenges.contact, next));
      expect(challenge).toMatchObject({ purpose: 'change_contact', accountId: login.account.accountId });
      expect(challenge!.codeHash).not.toContain(code);
      expect(challenge!.codeHash).toMatch(/^[0-9a-f]{64}$/);

      const wrongTry = await c.post(CONFIRM, { email: next, otp: wrong(code) }, h);
      expect(wrongTry.statusCode).toBe(400);
      expect(wrongTry.json().message).toBe('otp: The code is wrong. Check it and try again.');
      const before = smtp.mails.length;
      const confirmed = await c.post(CONFIRM, { email: next, otp: code }, h);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ accountId: login.account.accountId, accountEmail: next });
      expect((await me(c, h)).accountEmail).toBe(next);

      const notice = smtp.mails.slice(before).find((m) => m.to.includes(login.email));
      expect(notice?.raw).toMatch(/Subject: Your V\.B\.C\. e-mail address was changed/);
      expect(notice?.raw.replace(/=\r?\n/g, '')).toContain(`was changed to ${masked}`);
      // The new address signs in to this account; the old one no longer does.
      expect(await signsIn(client(app), next)).toBe(true);
      expect(await signsIn(client(app), login.email)).toBe(false);
      // The code was used up.
      const again = await c.post(CONFIRM, { email: next, otp: code }, h);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('email: This is already your e-mail address.');
    });

    it('adds a phone (the e-mail is told), then changes it (the old number is told by text)', async () => {
      const { c, login, h } = await signedIn();
      expect((await me(c, h)).accountPhoneNumber).toBeNull();
      const phone = uniquePhone();
      const requested = await c.post(REQUEST, { phoneNumber: phone }, h);
      expect(requested.statusCode).toBe(200);
      expect(requested.json()).toMatchObject({ channel: 'phone', destination: `*******${phone.slice(-4)}` });
      let before = smtp.mails.length;
      const added = await c.post(CONFIRM, { phoneNumber: phone, otp: textedCode(sms, phone) }, h);
      expect(added.statusCode).toBe(200);
      expect(added.json().accountPhoneNumber).toBe(phone);
      const mail = smtp.mails.slice(before).find((m) => m.to.includes(login.email));
      expect(mail?.raw).toMatch(/Subject: A phone number was added to your V\.B\.C\. account/);

      const next = uniquePhone();
      expect((await c.post(REQUEST, { phoneNumber: next }, h)).statusCode).toBe(200);
      before = smtp.mails.length;
      const changed = await c.post(CONFIRM, { phoneNumber: next, otp: textedCode(sms, next) }, h);
      expect(changed.statusCode).toBe(200);
      expect(changed.json().accountPhoneNumber).toBe(next);
      expect(sms.latestTo(toE164(phone)!)?.body.message).toBe(
        `The phone number of your V.B.C. account was changed to *******${next.slice(-4)}. If this was not you, sign in with your other contact and change it back, or write to us.`,
      );
      expect(smtp.mails.length).toBe(before);
    });

    it("writes the change code and the old address's notice in the account's language (issue 31): Spanish", async () => {
      const { c, login, h } = await signedIn();
      await chooseLanguage(ctx.app, { headers: h }, 'es');
      const next = uniqueEmail();
      expect((await c.post(REQUEST, { email: next }, { ...h, 'accept-language': 'ar' })).statusCode).toBe(200);
      const codeMail = await PostalMime.parse((await smtp.latestTo(next))!.raw);
      const code = /\d{6}/.exec(codeMail.subject ?? '')![0];
      expect(codeMail.subject).toBe(`Tu código de V.B.C. para confirmar este contacto: ${code}`);
      expect((await c.post(CONFIRM, { email: next, otp: code }, h)).statusCode).toBe(200);
      const notice = await PostalMime.parse((await smtp.latestTo(login.email))!.raw);
      expect(notice.subject).toBe('Se cambió la dirección de correo electrónico de tu cuenta de V.B.C.');
      expect(notice.text).toContain(
        `La dirección de correo electrónico de tu cuenta de V.B.C. se cambió a u${'*'.repeat(next.indexOf('@') - 1)}@example.test.`,
      );
      expect(notice.text).toContain('Si no fuiste tú, inicia sesión con tu otro contacto y vuelve a cambiarlo, o escríbenos.');
    });

    it('refuses a contact that is taken, the same contact, bad input and signed-out calls', async () => {
      const { c, login, h } = await signedIn();
      const other = await registerByEmail(client(app), smtp);
      const taken = await c.post(REQUEST, { email: other.email }, h);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ code: 'conflict', message: 'email: This e-mail address is already used by another account.' });
      const same = await c.post(REQUEST, { email: login.email }, h);
      expect(same.statusCode).toBe(409);
      expect(same.json().message).toBe('email: This is already your e-mail address.');
      for (const [body, message] of [
        [{ email: 'nope' }, /email: Invalid email format/],
        [{ phoneNumber: '12345' }, /phoneNumber: Must start with 09/],
        [{}, /Give a phoneNumber or an email/],
        [{ email: uniqueEmail(), phoneNumber: uniquePhone() }, /not both/],
      ] as const) {
        const res = await c.post(REQUEST, body, h);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      for (const [body, message] of [
        [{ email: uniqueEmail() }, /otp/],
        [{ email: uniqueEmail(), otp: '12ab56' }, /otp/],
        [{ otp: '123456' }, /Give a phoneNumber or an email/],
      ] as const) {
        const res = await c.post(CONFIRM, body, h);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      expect((await c.post(REQUEST, { email: uniqueEmail() })).statusCode).toBe(401);
      expect((await c.post(CONFIRM, { email: uniqueEmail(), otp: '123456' })).statusCode).toBe(401);
      expect(smtp.mails.some((m) => m.to.includes(other.email) && /changed/.test(m.raw))).toBe(false);
    });

    it('a contact another account takes after the code was sent is refused at confirmation; nothing changes', async () => {
      const { c, login, h } = await signedIn();
      const next = uniqueEmail();
      expect((await c.post(REQUEST, { email: next }, h)).statusCode).toBe(200);
      const code = await mailedCode(smtp, next);
      await ctx.app.db.insert(accounts).values({ name: 'Quick Taker', email: next });
      const res = await c.post(CONFIRM, { email: next, otp: code }, h);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('email: This e-mail address is already used by another account.');
      expect((await me(c, h)).accountEmail).toBe(login.email);
    });

    it('a code works only for its account, its new contact and its purpose; it expires; the 5th wrong try ends it', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const next = uniqueEmail();
      expect((await a.c.post(REQUEST, { email: next }, a.h)).statusCode).toBe(200);
      const code = await mailedCode(smtp, next);
      // Another account cannot use it, nor can it confirm another address.
      expect((await b.c.post(CONFIRM, { email: next, otp: code }, b.h)).statusCode).toBe(410);
      expect((await a.c.post(CONFIRM, { email: uniqueEmail(), otp: code }, a.h)).statusCode).toBe(410);
      // A sign-in code for the same address is not a change code.
      const signInOnly = uniqueEmail();
      await a.c.post('/api/personalaccount/RequestVerifyOtp', { email: signInOnly });
      expect((await a.c.post(CONFIRM, { email: signInOnly, otp: await mailedCode(smtp, signInOnly) }, a.h)).statusCode).toBe(410);

      for (let i = 1; i <= 4; i++) expect((await a.c.post(CONFIRM, { email: next, otp: wrong(code) }, a.h)).statusCode).toBe(400);
      const fifth = await a.c.post(CONFIRM, { email: next, otp: wrong(code) }, a.h);
      expect(fifth.statusCode).toBe(410);
      expect(fifth.json().message).toBe('otp: Too many wrong tries: this code no longer works. Request a new code.');
      expect((await a.c.post(CONFIRM, { email: next, otp: code }, a.h)).statusCode).toBe(410);

      const clock = controlClock(ctx.app);
      const later = uniqueEmail();
      expect((await a.c.post(REQUEST, { email: later }, a.h)).statusCode).toBe(200);
      const lateCode = await mailedCode(smtp, later);
      clock.advance(5 * 60_000 + 1000);
      const expired = await a.c.post(CONFIRM, { email: later, otp: lateCode }, a.h);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().message).toBe('otp: This code has expired or was already used. Request a new code.');
      expect((await me(a.c, a.h)).accountEmail).toBe(a.login.email);
    });

    it('sending keeps the sign-in limits: the 4th code to one contact in 10 minutes is a 429', async () => {
      const { c, h } = await signedIn();
      const next = uniqueEmail();
      for (let i = 0; i < 3; i++) expect((await c.post(REQUEST, { email: next }, h)).statusCode).toBe(200);
      const fourth = await c.post(REQUEST, { email: next }, h);
      expect(fourth.statusCode).toBe(429);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
      expect(fourth.json().message).toMatch(/^Too many codes were requested/);
    });

    it('the server log holds none of the codes, tokens or session ids issued', () => {
      expect(issuedSecrets.length).toBeGreaterThan(10);
      expect(leakedSecrets(ctx.log.text, issuedSecrets)).toEqual([]);
    });
  },
  { env: { SMTP_URL: smtp.url, SMS_PROVIDER: 'http', SMS_URL: sms.url, SMS_TOKEN: 'sms-test-token' } },
);
