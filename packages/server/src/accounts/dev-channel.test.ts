import { describe, expect, it } from 'vitest';
import { describeEachDatabase, type SuiteContext } from '../test/app.ts';
import { client, uniqueEmail, uniquePhone } from '../test/accounts-support.ts';
import { serviceUrl } from '../test/services.ts';

/** The development-channel entries of the captured log. */
const devEntries = (ctx: SuiteContext) =>
  ctx.log.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.channel === 'development');

describeEachDatabase('codes with no delivery configured (development channel)', (ctx) => {
  const app = () => ctx.app;

  it('writes the code to the log, marked as the development channel, and the code works', async () => {
    const c = client(app);
    const email = uniqueEmail();
    expect((await c.post('/api/personalaccount/RequestVerifyOtp', { email })).statusCode).toBe(200);
    const entry = devEntries(ctx).find((e) => e.to === email);
    expect(entry).toMatchObject({
      channel: 'development',
      medium: 'email',
      purpose: 'verify',
      msg: expect.stringMatching(/^DEVELOPMENT CHANNEL/),
    });
    const otp = String(entry!.code);
    expect((await c.post('/api/personalaccount/VerifyEmail', { email, otp })).json()).toEqual({
      isAuthenticatedEmail: true,
      isAuthenticatedNumber: false,
    });
  });

  it('writes text messages to the log with the number in E.164', async () => {
    const c = client(app);
    const phoneNumber = uniquePhone();
    expect((await c.post('/api/personalaccount/RequestVerifyOtp', { phoneNumber })).statusCode).toBe(200);
    const entry = devEntries(ctx).find((e) => e.to === `+63${phoneNumber.slice(1)}`);
    expect(entry).toMatchObject({ channel: 'development', medium: 'sms', message: expect.stringMatching(/^\d{6} is your V\.B\.C\. code/) });
  });
});

describeEachDatabase(
  'phone codes with SMTP configured and no SMS provider (issue 9 #6)',
  (ctx) => {
    it('refuses a phone code with 503 and a clear message, and never writes it to the log; e-mail codes go by SMTP', async () => {
      const phoneNumber = uniquePhone();
      const res = await client(() => ctx.app).post('/api/personalaccount/RequestVerifyOtp', { phoneNumber });
      expect([res.statusCode, res.json()]).toEqual([
        503,
        { message: 'Codes by text message are not available on this server. Use your e-mail address instead.', code: 'not_configured' },
      ]);
      expect(devEntries(ctx)).toEqual([]);
      expect(ctx.log.text).not.toContain(phoneNumber.slice(1));
      expect(ctx.log.text).toContain('codes by text message are refused: SMS_PROVIDER is not set');
    });
  },
  { env: { SMTP_URL: 'smtp://127.0.0.1:2525' } },
);

const redisUrl = serviceUrl('TEST_REDIS_URL', 'the Redis-counter sending limit test');

describe.skipIf(!redisUrl)('sending limits with REDIS_URL', () => {
  describeEachDatabase(
    'counters in Redis',
    (ctx) => {
      it('keeps the counters in Redis and refuses the 4th code in 10 minutes with Retry-After', async () => {
        expect(ctx.app.rateLimiter.kind).toBe('redis');
        const email = uniqueEmail();
        for (let i = 0; i < 3; i++)
          expect((await client(() => ctx.app).post('/api/personalaccount/RequestVerifyOtp', { email })).statusCode).toBe(200);
        const refused = await client(() => ctx.app).post('/api/personalaccount/RequestVerifyOtp', { email });
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
      });
    },
    { env: { REDIS_URL: redisUrl ?? '' } },
  );
});
