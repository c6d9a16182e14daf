import { expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';

const keys = {
  keyP256Dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
  keyAuth: randomBytes(16).toString('base64url'),
};

describeEachDatabase('registerPushSubscription refuses internal endpoints (no test switch)', (ctx) => {
  it('answers 400 for loopback, private, link-local and non-https endpoints, and stores none', async () => {
    const ana = await buildAccount(ctx.app);
    const cases: [string, RegExp][] = [
      ['https://127.0.0.1:8443/push/1', /private, loopback or link-local/],
      ['https://localhost/push/1', /private, loopback or link-local/],
      ['https://[::1]/push/1', /private, loopback or link-local/],
      ['https://10.0.0.8/push/1', /private, loopback or link-local/],
      ['https://192.168.1.20/push/1', /private, loopback or link-local/],
      ['https://169.254.169.254/latest/meta-data', /private, loopback or link-local/],
      ['http://127.0.0.1:8080/push/1', /endpoint: must be an https URL/],
      ['http://203.0.113.9/push/1', /endpoint: must be an https URL/],
      ['ftp://push.example.test/1', /endpoint: must be an https URL/],
    ];
    for (const [endpoint, message] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/personalAccount/registerPushSubscription',
        headers: ana.headers,
        payload: { endpoint, expirationTime: null, ...keys },
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json<{ message: string }>().message, endpoint).toMatch(message);
    }
    const check = await ctx.app.inject({ url: '/api/personalAccount/checkForPushSubscription', headers: ana.headers });
    expect(check.json()).toEqual({ result: false });
  });
});
