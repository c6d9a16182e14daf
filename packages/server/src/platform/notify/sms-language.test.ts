/**
 * The one-time code by text message in the recipient's language (issue 31), as the real HTTP SMS
 * sink receives it: the account's language, else the request's Accept-Language, else English as
 * SPEC words it; in Arabic the code stays one left-to-right run (isolated, U+2066 … U+2069).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import type { TLocale } from '@vbc/shared/i18n/locales';
import type { TLoginResult } from '@vbc/shared';
import { describeEachDatabase } from '../../test/app.ts';
import { startSmsSink } from '../../test/notify-sinks.ts';
import { authHeaders, chooseLanguage, client, textedCode, uniquePhone } from '../../test/accounts-support.ts';
import { toE164 } from './phone.ts';

const sms = await startSmsSink();
afterAll(() => sms.close());

const REQUEST = '/api/personalaccount/RequestVerifyOtp';
const UNREGISTER = '/api/personalaccount/RequestUnRegisterOtp';

const LOCALES_DIR = fileURLToPath(new URL('../../../../shared/src/i18n/locales/', import.meta.url));
/** A code text as the catalogue has it, its arguments filled in (the code as given). */
function catalogueText(locale: TLocale, key: 'verify' | 'unregister', values: { code: string }): string {
  const messages = JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/sms.json`, 'utf8')) as { code: Record<string, string> };
  return messages.code[key]!.replace('{code}', values.code).replace('{product}', 'V.B.C.').replace('{minutes}', '5');
}
const textTo = (phoneNumber: string) => sms.latestTo(toE164(phoneNumber)!)?.body.message;

describeEachDatabase(
  'code text messages by language',
  (ctx) => {
    const app = () => ctx.app;

    it('keeps English exactly as SPEC words it when nothing else is known', async () => {
      const phoneNumber = uniquePhone();
      expect((await client(app).post(REQUEST, { phoneNumber }, { 'accept-language': 'de-DE' })).statusCode).toBe(200);
      const code = textedCode(sms, phoneNumber);
      expect(textTo(phoneNumber)).toBe(`${code} is your V.B.C. code. Valid 5 min. Do not share it.`);
    });

    it("writes the sign-in code in the request's Accept-Language: Spanish and Filipino", async () => {
      for (const [header, locale] of [
        ['es-MX,es;q=0.9', 'es'],
        ['fil-PH', 'fil'],
      ] as const) {
        const phoneNumber = uniquePhone();
        expect((await client(app).post(REQUEST, { phoneNumber }, { 'accept-language': header })).statusCode).toBe(200);
        const code = textedCode(sms, phoneNumber);
        expect(textTo(phoneNumber), locale).toBe(catalogueText(locale, 'verify', { code }));
        expect(textTo(phoneNumber), locale).not.toContain('Do not share it');
      }
    });

    it("writes the account-deletion code in the account's language, Arabic, whatever the browser says, the code left to right", async () => {
      const c = client(app);
      const phoneNumber = uniquePhone();
      await c.post(REQUEST, { phoneNumber });
      const otp = textedCode(sms, phoneNumber);
      await c.post('/api/personalaccount/VerifyPhoneNumber', { phoneNumber, otp });
      const registered = await c.post('/api/personalaccount/RegisterAppAccount', {
        name: 'Omar Haddad',
        phoneNumber,
        phoneNumberVerificationCode: otp,
      });
      expect(registered.statusCode).toBe(200);
      const login = registered.json<TLoginResult>();
      await chooseLanguage(ctx.app, { headers: authHeaders(login) }, 'ar');

      const asked = await c.post(UNREGISTER, undefined, { ...authHeaders(login), 'accept-language': 'en-US' });
      expect(asked.statusCode).toBe(200);
      const code = textedCode(sms, phoneNumber);
      const text = textTo(phoneNumber)!;
      expect(text).toBe(catalogueText('ar', 'unregister', { code: `\u2066${code}\u2069` }));
      expect(text).toContain('حسابك');
      expect(text.startsWith(`\u2066${code}\u2069`)).toBe(true);
    });
  },
  { env: { SMS_PROVIDER: 'http', SMS_URL: sms.url, SMS_TOKEN: 'sms-test-token' } },
);
