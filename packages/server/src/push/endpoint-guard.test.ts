import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { loadConfig } from '../platform/config/config.ts';
import { addressAllowed, checkPushEndpoint } from './endpoint-guard.ts';

const keys = {
  keyP256Dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
  keyAuth: randomBytes(16).toString('base64url'),
};
/** A resolver that answers `addresses` for any host (no DNS in tests). */
const resolvesTo = (...addresses: string[]) =>
  (async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))) as never;

describe('push endpoint guard (SSRF)', () => {
  it('allows public addresses only; loopback only with the test switch', () => {
    for (const ip of ['142.250.74.10', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8']) expect(addressAllowed(ip, false), ip).toBe(true);
    for (const ip of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '224.0.0.1',
    ]) {
      expect(addressAllowed(ip, false), ip).toBe(false);
    }
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('::1', true)).toBe(true);
    expect(addressAllowed('10.1.2.3', true)).toBe(false);
  });

  it('refuses non-https, hosts that resolve to any private address, and credentials in the URL', async () => {
    await expect(checkPushEndpoint('https://push.example.test/x', false, resolvesTo('142.250.74.10'))).resolves.toBeUndefined();
    await expect(checkPushEndpoint('http://push.example.test/x', false, resolvesTo('142.250.74.10'))).rejects.toThrow(
      'endpoint: must be an https URL',
    );
    await expect(checkPushEndpoint('https://rebind.example.test/x', false, resolvesTo('142.250.74.10', '10.0.0.5'))).rejects.toThrow(
      /private, loopback or link-local/,
    );
    await expect(checkPushEndpoint('https://user:pw@push.example.test/x', false, resolvesTo('142.250.74.10'))).rejects.toThrow(
      /user name or password/,
    );
    await expect(
      checkPushEndpoint('https://nowhere.invalid/x', false, (async () => {
        throw new Error('ENOTFOUND');
      }) as never),
    ).rejects.toThrow('endpoint: the host nowhere.invalid could not be resolved');
    // The test switch: loopback over http or https, but never a private network.
    await expect(checkPushEndpoint('http://127.0.0.1:9/x', true)).resolves.toBeUndefined();
    await expect(checkPushEndpoint('http://10.0.0.5/x', true)).rejects.toThrow('endpoint: must be an https URL');
    await expect(checkPushEndpoint('https://10.0.0.5/x', true)).rejects.toThrow(/private/);
  });

  it('the test switch is refused with NODE_ENV=production', () => {
    expect(() => loadConfig({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true', NODE_ENV: 'production' })).toThrow(
      /PUSH_ALLOW_INSECURE_ENDPOINTS: is a test switch/,
    );
    expect(loadConfig({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' }).PUSH_ALLOW_INSECURE_ENDPOINTS).toBe(true);
    expect(() => loadConfig({ APNS_KEY: '-----BEGIN PRIVATE KEY-----' })).toThrow(/APNS_KEY_ID: is required/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PRIVATE_KEY/);
  });
});

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
