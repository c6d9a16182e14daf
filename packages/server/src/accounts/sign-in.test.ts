import { afterAll, expect, it } from 'vitest';
import type { TLoginResult, TOtpResponse, TPersonalAccount } from '@vbc/shared';
import { describeEachDatabase } from '../test/app.ts';
import { startSmsSink, startSmtpSink } from '../test/notify-sinks.ts';
import {
  authHeaders,
  client,
  controlClock,
  issuedSecrets,
  mailedCode,
  registerByEmail,
  textedCode,
  uniqueEmail,
  uniquePhone,
  wrong,
} from '../test/accounts-support.ts';
import { leakedSecrets } from '../test/secrets.ts';

const smtp = await startSmtpSink();
const sms = await startSmsSink();
afterAll(async () => {
  await smtp.close();
  await sms.close();
});

const REQUEST = '/api/personalaccount/RequestVerifyOtp';
const VERIFY_EMAIL = '/api/personalaccount/VerifyEmail';
const VERIFY_PHONE = '/api/personalaccount/VerifyPhoneNumber';
const REGISTER = '/api/personalaccount/RegisterAppAccount';

describeEachDatabase(
  'sign-in and registration by one-time code',
  (ctx) => {
    const app = () => ctx.app;

    it('registers a new e-mail: request, verify (no login yet), register → login result; the session works', async () => {
      const c = client(app);
      const email = uniqueEmail();
      const requested = await c.post(REQUEST, { email: email.toUpperCase() });
      expect(requested.statusCode).toBe(200);
      expect(requested.json()).toEqual({ isAuthenticatedNumber: false, isAuthenticatedEmail: false, expiresInSeconds: 300 });
      const mail = await smtp.latestTo(email);
      expect(mail?.raw).toMatch(/^Subject: Your V\.B\.C\. code: \d{6}$/m);
      const otp = await mailedCode(smtp, email);

      const verified = await c.post(VERIFY_EMAIL, { email, otp });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ isAuthenticatedEmail: true, isAuthenticatedNumber: false });

      const registered = await c.post(REGISTER, { name: '  Ana Cruz ', email, emailVerificationCode: otp, phoneNumber: '', password: '' });
      expect(registered.statusCode).toBe(200);
      expect(registered.headers['cache-control']).toBe('no-store');
      const login = registered.json() as TLoginResult;
      expect(Buffer.from(login.accessToken, 'base64url')).toHaveLength(32);
      expect(Buffer.from(login.sessionId, 'base64url')).toHaveLength(16);
      expect(login.account).toEqual({
        accountId: expect.any(String),
        accountName: 'Ana Cruz',
        accountEmail: email,
        accountPhoneNumber: null,
        language: null,
        virtualContacts: [],
        virtualPets: [],
      });

      const me = await c.get('/api/personalAccount/myAccount', authHeaders(login));
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(login.account);
      expect((await c.post('/api/personalAccount/validatesession', undefined, authHeaders(login))).json()).toEqual({ valid: true });
    });

    it('signs a known e-mail in at verification, with a new token at every login', async () => {
      const c = client(app);
      const first = await registerByEmail(c, smtp);
      await c.post(REQUEST, { email: first.email });
      const otp = await mailedCode(smtp, first.email);
      const verified = await c.post(VERIFY_EMAIL, { email: first.email, otp });
      expect(verified.statusCode).toBe(200);
      const body = verified.json() as TOtpResponse;
      expect(body).toMatchObject({ isAuthenticatedEmail: true, isAuthenticatedNumber: false, login: { account: first.account } });
      expect(body.login!.accessToken).not.toBe(first.accessToken);
      expect(body.login!.sessionId).not.toBe(first.sessionId);
      expect((await c.get('/api/personalAccount/myAccount', authHeaders(body.login!))).statusCode).toBe(200);
    });

    it('registers and signs in by phone: the code goes to the HTTP SMS provider as E.164 with the bearer token', async () => {
      const c = client(app);
      const phoneNumber = uniquePhone();
      expect((await c.post(REQUEST, { phoneNumber })).statusCode).toBe(200);
      const text = sms.latestTo(`+63${phoneNumber.slice(1)}`);
      expect(text?.headers.authorization).toBe('Bearer sms-test-token');
      const otp = textedCode(sms, phoneNumber);
      expect((await c.post(VERIFY_PHONE, { phoneNumber, otp })).json()).toEqual({
        isAuthenticatedNumber: true,
        isAuthenticatedEmail: false,
      });
      const registered = await c.post(REGISTER, { name: 'Bo Reyes', phoneNumber, phoneNumberVerificationCode: otp });
      expect(registered.statusCode).toBe(200);
      expect((registered.json() as TLoginResult).account).toMatchObject({ accountPhoneNumber: phoneNumber, accountEmail: null });

      await c.post(REQUEST, { phoneNumber });
      const again = await c.post(VERIFY_PHONE, { phoneNumber, otp: textedCode(sms, phoneNumber) });
      expect((again.json() as TOtpResponse).login?.account.accountPhoneNumber).toBe(phoneNumber);
    });

    it('registration takes only a verified code, once: unverified, wrong and reused codes are refused', async () => {
      const c = client(app);
      const email = uniqueEmail();
      await c.post(REQUEST, { email });
      const otp = await mailedCode(smtp, email);
      const early = await c.post(REGISTER, { name: 'Cy Tan', email, emailVerificationCode: otp });
      expect(early.statusCode).toBe(410);
      expect(early.json().message).toMatch(/expired or was already used/);

      await c.post(VERIFY_EMAIL, { email, otp });
      const again = await c.post(VERIFY_EMAIL, { email, otp });
      expect(again.statusCode).toBe(410);

      const bad = await c.post(REGISTER, { name: 'Cy Tan', email, emailVerificationCode: wrong(otp) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ code: 'bad_request', message: 'otp: The e-mail code is wrong. Check it and try again.' });
      expect((await c.post(REGISTER, { name: 'Cy Tan', email, emailVerificationCode: otp })).statusCode).toBe(200);
      const reused = await c.post(REGISTER, { name: 'Cy Tan', email, emailVerificationCode: otp });
      expect(reused.statusCode).toBe(410);
    });

    it('a code is bound to its contact: the code of one e-mail does not verify another', async () => {
      const c = client(app);
      const [a, b] = [uniqueEmail(), uniqueEmail()];
      await c.post(REQUEST, { email: a });
      await c.post(REQUEST, { email: b });
      const codeA = await mailedCode(smtp, a);
      const codeB = await mailedCode(smtp, b);
      expect((await c.post(VERIFY_EMAIL, { email: b, otp: codeA })).statusCode).toBe(codeA === codeB ? 200 : 400);
    });

    it('five wrong tries invalidate the code', async () => {
      const c = client(app);
      const email = uniqueEmail();
      await c.post(REQUEST, { email });
      const otp = await mailedCode(smtp, email);
      for (let i = 0; i < 4; i++) expect((await c.post(VERIFY_EMAIL, { email, otp: wrong(otp) })).statusCode).toBe(400);
      const fifth = await c.post(VERIFY_EMAIL, { email, otp: wrong(otp) });
      expect(fifth.statusCode).toBe(410);
      expect(fifth.json().message).toMatch(/Too many wrong tries/);
      expect((await c.post(VERIFY_EMAIL, { email, otp })).statusCode).toBe(410);
    });

    it('a code expires after 5 minutes', async () => {
      const clock = controlClock(ctx.app);
      const c = client(app);
      const [fresh, stale] = [uniqueEmail(), uniqueEmail()];
      await c.post(REQUEST, { email: fresh });
      await c.post(REQUEST, { email: stale });
      clock.advance(5 * 60_000 - 2000);
      expect((await c.post(VERIFY_EMAIL, { email: fresh, otp: await mailedCode(smtp, fresh) })).statusCode).toBe(200);
      clock.advance(2001);
      const expired = await c.post(VERIFY_EMAIL, { email: stale, otp: await mailedCode(smtp, stale) });
      expect(expired.statusCode).toBe(410);
    });

    it('a resend replaces the code: the old one is refused, the new one works', async () => {
      const c = client(app);
      const email = uniqueEmail();
      await c.post(REQUEST, { email });
      const old = await mailedCode(smtp, email);
      await c.post(REQUEST, { email });
      const current = await mailedCode(smtp, email);
      if (old !== current) expect((await c.post(VERIFY_EMAIL, { email, otp: old })).statusCode).toBe(400);
      expect((await c.post(VERIFY_EMAIL, { email, otp: current })).statusCode).toBe(200);
    });

    it('answers the same for a contact with and without an account, and sends the same mail', async () => {
      const c = client(app);
      const known = await registerByEmail(c, smtp);
      const unknown = uniqueEmail();
      const a = await c.post(REQUEST, { email: known.email });
      const b = await c.post(REQUEST, { email: unknown });
      expect([a.statusCode, a.body, a.headers['content-type']]).toEqual([b.statusCode, b.body, b.headers['content-type']]);
      const redact = (raw: string | undefined) =>
        (raw ?? '')
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n\n')
          .replace(/\d{6}/g, 'CODE')
          .replace(/-{2,}[_=A-Za-z0-9-]+/g, 'BOUNDARY');
      expect(redact((await smtp.latestTo(known.email))?.raw)).toBe(redact((await smtp.latestTo(unknown))?.raw));
    });

    it('floods of one contact: 3 codes per 10 minutes and 10 a day, then 429 with Retry-After and no mail', async () => {
      const clock = controlClock(ctx.app);
      const email = uniqueEmail();
      const sent = () => smtp.mails.filter((m) => m.to.includes(email)).length;
      let total = 0;
      for (let round = 0; total < 10; round++) {
        for (let i = 0; i < 3 && total < 10; i++, total++) {
          expect((await client(app).post(REQUEST, { email })).statusCode).toBe(200);
        }
        if (total % 3 === 0) {
          const refused = await client(app).post(REQUEST, { email });
          expect(refused.statusCode).toBe(429);
          expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
          expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
          expect(refused.json().message).toMatch(/Too many codes were requested/);
        }
        clock.advance(10 * 60_000);
      }
      expect(sent()).toBe(10);
      const daily = await client(app).post(REQUEST, { email });
      expect(daily.statusCode).toBe(429);
      expect(Number(daily.headers['retry-after'])).toBeGreaterThan(20 * 3600);
      expect(sent()).toBe(10);
    });

    it('floods from one IP: 20 codes an hour, then 429 with Retry-After; other clients are unaffected', async () => {
      const c = client(app);
      for (let i = 0; i < 20; i++) expect((await c.post(REQUEST, { email: uniqueEmail() })).statusCode).toBe(200);
      const email = uniqueEmail();
      const refused = await c.post(REQUEST, { email });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(smtp.mails.some((m) => m.to.includes(email))).toBe(false);
      expect((await client(app).post(REQUEST, { email })).statusCode).toBe(200);
    });

    it('a delivery failure is a 502 and leaves no usable code', async () => {
      const c = client(app);
      const email = uniqueEmail();
      smtp.refuse = true;
      let failed;
      try {
        failed = await c.post(REQUEST, { email });
      } finally {
        smtp.refuse = false;
      }
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({
        code: 'bad_gateway',
        message: 'We could not send the code by e-mail right now. Please try again in a moment.',
      });
      const undelivered = smtp.refused.find((m) => m.to.includes(email));
      const otp = /code: (\d{6})/.exec(undelivered?.raw ?? '')?.[1];
      expect(otp).toMatch(/^\d{6}$/);
      issuedSecrets.push(otp!);
      expect((await c.post(VERIFY_EMAIL, { email, otp })).statusCode).toBe(410);

      sms.status = 503;
      try {
        expect((await c.post(REQUEST, { phoneNumber: uniquePhone() })).statusCode).toBe(502);
      } finally {
        sms.status = 200;
      }
    });

    it('validates docs/contracts.md §5 with the form texts', async () => {
      const c = client(app);
      const message = async (url: string, body: unknown) => {
        const r = await c.post(url, body);
        expect(r.statusCode).toBe(400);
        return r.json().message as string;
      };
      expect(await message(REQUEST, { phoneNumber: '19171234567' })).toBe('phoneNumber: Must start with 09.');
      expect(await message(REQUEST, { phoneNumber: '09a' })).toBe('phoneNumber: Must be numbers.');
      expect(await message(REQUEST, { phoneNumber: '0917' })).toBe('phoneNumber: Min 9 characters');
      expect(await message(REQUEST, { email: 'ana@' })).toBe('email: Invalid email format');
      expect(await message(REQUEST, {})).toBe('Give a phoneNumber or an email.');
      expect(await message(REQUEST, undefined)).toMatch(/Required|expected object/);
      expect(await message(VERIFY_EMAIL, { email: 'a@b.co' })).toBe('otp: Required.');
      expect(await message(VERIFY_EMAIL, { email: 'a@b.co', otp: '12ab56' })).toBe('otp: Must be 6 digits.');
      expect(await message(REGISTER, { name: 'Al', email: 'a@b.co', emailVerificationCode: '123456' })).toBe('name: Min 3 characters');
      expect(await message(REGISTER, { name: '', email: 'a@b.co', emailVerificationCode: '123456' })).toBe('name: Required.');
      expect(await message(REGISTER, { name: 'Ana', email: 'a@b.co' })).toBe('emailVerificationCode: Required.');
    });

    it('logout ends the session: its token gets 401, validatesession says invalid, listeners hear of it', async () => {
      const heard: string[] = [];
      ctx.app.accountEvents.onAccountSignedOut((accountId, info) => void heard.push(`${accountId}:${info.reason}`));
      const c = client(app);
      const login = await registerByEmail(c, smtp);
      const out = await c.post('/api/personalAccount/logout', undefined, authHeaders(login));
      expect(out.statusCode).toBe(200);
      expect(heard).toContain(`${login.account.accountId}:logout`);
      expect((await c.get('/api/personalAccount/myAccount', authHeaders(login))).statusCode).toBe(401);
      expect((await c.post('/api/personalAccount/validatesession', undefined, authHeaders(login))).json()).toEqual({ valid: false });
      expect((await c.post('/api/personalAccount/logout', undefined, authHeaders(login))).statusCode).toBe(401);
    });

    it('validatesession: invalid without a token, with an unknown token, or with another session id', async () => {
      const c = client(app);
      const login = await registerByEmail(c, smtp);
      const validate = (headers: Record<string, string>) => c.post('/api/personalAccount/validatesession', undefined, headers);
      expect((await validate({})).json()).toEqual({ valid: false });
      expect((await validate({ authorization: 'Bearer nope' })).json()).toEqual({ valid: false });
      expect((await validate({ ...authHeaders(login), 'x-session-id': 'someone-else' })).json()).toEqual({ valid: false });
      expect((await validate({ authorization: `Bearer ${login.accessToken}` })).json()).toEqual({ valid: true });
    });

    it('X-Session-Id, when sent, must be the session of the token (else 401); none sent is judged by the token', async () => {
      const c = client(app);
      const ana = await registerByEmail(c, smtp);
      const ben = await registerByEmail(c, smtp, 'Ben Cruz');
      const myAccount = (headers: Record<string, string>) => c.get('/api/personalAccount/myAccount', headers);
      expect((await myAccount(authHeaders(ana))).statusCode).toBe(200);
      expect((await myAccount({ authorization: `Bearer ${ana.accessToken}` })).statusCode).toBe(200);
      for (const sessionId of [ben.sessionId, 'made-up', '', ana.sessionId.toUpperCase()]) {
        const res = await myAccount({ authorization: `Bearer ${ana.accessToken}`, 'x-session-id': sessionId });
        expect(res.statusCode, sessionId).toBe(401);
        expect(res.json().message).toBe('X-Session-Id does not belong to the session of this access token. Sign in again.');
      }
      // Routes open to anyone refuse the mismatch too, rather than answer as the token's account.
      const card = await c.post('/api/vbc/virtualcontact', { firstName: 'Ana', lastName: 'Cruz' }, authHeaders(ana));
      expect(card.statusCode).toBe(201);
      const id = card.json().virtualContactId as string;
      expect(
        (await c.get(`/api/vbc/virtualcontact/${id}`, { authorization: `Bearer ${ana.accessToken}`, 'x-session-id': ben.sessionId }))
          .statusCode,
      ).toBe(401);
      expect((await c.get(`/api/vbc/virtualcontact/${id}`, authHeaders(ana))).statusCode).toBe(200);
    });

    it('myAccount: 401 signed out; PUT renames with the docs/contracts.md §5 name rule and tells listeners', async () => {
      const heard: string[] = [];
      ctx.app.accountEvents.onAccountUpdated((id, account) => void heard.push(`${id}:${account.accountName}`));
      const c = client(app);
      const login = await registerByEmail(c, smtp);
      expect((await c.get('/api/personalAccount/myAccount')).statusCode).toBe(401);
      const renamed = await c.put('/api/personalAccount/myAccount', { name: 'Ana Maria' }, authHeaders(login));
      expect(renamed.statusCode).toBe(200);
      expect((renamed.json() as TPersonalAccount).accountName).toBe('Ana Maria');
      expect(heard).toEqual([`${login.account.accountId}:Ana Maria`]);
      expect((await c.get('/api/personalAccount/myAccount', authHeaders(login))).json()).toMatchObject({ accountName: 'Ana Maria' });
      const short = await c.put('/api/personalAccount/myAccount', { name: 'Al' }, authHeaders(login));
      expect([short.statusCode, short.json().message]).toEqual([400, 'name: Min 3 characters']);
      expect((await c.put('/api/personalAccount/myAccount', { name: 'Ana' })).statusCode).toBe(401);
    });

    it('an e-mail that has an account cannot be registered again', async () => {
      const c = client(app);
      const first = await registerByEmail(c, smtp);
      // The code is used up by the sign-in at verification, so registration is refused.
      await c.post(REQUEST, { email: first.email });
      const otp = await mailedCode(smtp, first.email);
      await c.post(VERIFY_EMAIL, { email: first.email, otp });
      expect((await c.post(REGISTER, { name: 'Ana Again', email: first.email, emailVerificationCode: otp })).statusCode).toBe(410);
    });

    it('the server log holds none of the codes, tokens or session ids issued', () => {
      expect(issuedSecrets.length).toBeGreaterThan(20);
      const log = ctx.log.text;
      expect(log.length).toBeGreaterThan(0);
      expect(leakedSecrets(log, issuedSecrets)).toEqual([]);
      expect(log).not.toContain('DEVELOPMENT CHANNEL');
      // The capture does hold the account requests and the delivery failure above.
      expect(log).toContain('one-time code delivery failed');
      expect(log).toContain('/api/personalaccount/VerifyEmail');
    });
  },
  { env: { SMTP_URL: smtp.url, SMS_PROVIDER: 'http', SMS_URL: sms.url, SMS_TOKEN: 'sms-test-token' } },
);
