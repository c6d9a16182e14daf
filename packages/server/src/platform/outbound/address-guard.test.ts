import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { addressAllowed, checkOutboundUrl } from './address-guard.ts';

const PUSH = { field: 'endpoint', mustBe: 'a public push service' };
const checkPushEndpoint = (url: string, allowInsecure: boolean, lookup?: never) => checkOutboundUrl(PUSH, url, allowInsecure, lookup);
/** A resolver that answers `addresses` for any host (no DNS in tests). */
const resolvesTo = (...addresses: string[]) =>
  (async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))) as never;

describe('outbound address guard (SSRF)', () => {
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

  it('names the field the URL came in', async () => {
    await expect(checkOutboundUrl({ field: 'url', mustBe: 'a public address' }, 'https://10.0.0.5/hook', false)).rejects.toThrow(
      'url: must be a public address (it resolves to a private, loopback or link-local address)',
    );
    await expect(checkOutboundUrl({ field: 'url', mustBe: 'a public address' }, 'http://203.0.113.9/hook', false)).rejects.toThrow(
      'url: must be an https URL',
    );
  });

  it('the test switch is refused with NODE_ENV=production, under either name, and either name enables it', () => {
    expect(() => loadConfig({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true', NODE_ENV: 'production' })).toThrow(
      /PUSH_ALLOW_INSECURE_ENDPOINTS: is a test switch/,
    );
    expect(() => loadConfig({ ALLOW_INSECURE_OUTBOUND: 'true', NODE_ENV: 'production' })).toThrow(
      /ALLOW_INSECURE_OUTBOUND: is a test switch/,
    );
    expect(loadConfig({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' }).ALLOW_INSECURE_OUTBOUND).toBe(true);
    expect(loadConfig({ ALLOW_INSECURE_OUTBOUND: 'true' }).ALLOW_INSECURE_OUTBOUND).toBe(true);
    expect(loadConfig({}).ALLOW_INSECURE_OUTBOUND).toBe(false);
    expect(() => loadConfig({ APNS_KEY: '-----BEGIN PRIVATE KEY-----' })).toThrow(/APNS_KEY_ID: is required/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PRIVATE_KEY/);
  });
});
