import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../platform/config/config.ts';
import { pemSetting } from '../platform/config/setting-text.ts';
import { ApnsClient } from './apns-client.ts';
import { makeApnsKey, makeTestTls, startApnsStub, type ApnsStub } from '../test/apns-stub.ts';

const key = makeApnsKey();
const tls = makeTestTls();
const dir = mkdtempSync(join(tmpdir(), 'vbc-apns-'));
const TOKEN = 'a'.repeat(64);
const alert = {
  deviceToken: TOKEN,
  topic: 'app.vbc.ios',
  pushType: 'alert' as const,
  payload: { aps: { alert: { title: 'Ana', body: 'Hello' } } },
};

let stub: ApnsStub;
let stubNow = Date.now();
beforeAll(async () => {
  stub = await startApnsStub({ publicKey: key.publicKey, keyId: key.keyId, teamId: key.teamId, tls, now: () => stubNow });
});
afterAll(async () => {
  await stub.close();
  rmSync(dir, { recursive: true, force: true });
});

function client(extra: Partial<ConstructorParameters<typeof ApnsClient>[0]> = {}) {
  return new ApnsClient({ key: key.privatePem, keyId: key.keyId, teamId: key.teamId, url: stub.url, ca: stub.ca, ...extra });
}

describe('APNs client against the local provider API', () => {
  it('refuses a signing key that is not an EC private key in PEM, naming APNS_KEY', () => {
    expect(() => client({ key: 'not a key' })).toThrow(new ConfigError('APNS_KEY: not a PEM private key'));
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => client({ key: rsa })).toThrow(/^APNS_KEY: must be the EC \(P-256\) .p8 key/);
  });

  it('delivers an alert with a provider token Apple would accept, and the payload, topic, push type and priority', async () => {
    stubNow = Date.now();
    const apns = client();
    const outcome = await apns.send({ ...alert, collapseId: 'conv-1' });
    await apns.close();
    expect(outcome.kind).toBe('ok');
    const got = stub.received.at(-1)!;
    expect(got).toMatchObject({
      deviceToken: TOKEN,
      topic: 'app.vbc.ios',
      pushType: 'alert',
      priority: '10',
      collapseId: 'conv-1',
      kid: key.keyId,
      payload: alert.payload,
    });
    expect(got.claims.iss).toBe(key.teamId);
    expect(Math.abs(got.claims.iat - Date.now() / 1000)).toBeLessThan(60);
  });

  it('takes the key APNS_KEY names by file path (as the push plugin reads it), and background pushes go at priority 5', async () => {
    const path = join(dir, 'AuthKey.p8');
    writeFileSync(path, key.privatePem);
    const apns = client({ key: pemSetting('APNS_KEY', path) });
    const outcome = await apns.send({ deviceToken: TOKEN, topic: 'pass.app.vbc', pushType: 'background', payload: {} });
    await apns.close();
    expect(outcome.kind).toBe('ok');
    expect(stub.received.at(-1)).toMatchObject({ topic: 'pass.app.vbc', pushType: 'background', priority: '5', payload: {} });
  });

  it('keeps one provider token for 50 minutes, then makes a new one', async () => {
    let now = Date.now();
    stubNow = now;
    const apns = client({ now: () => now });
    await apns.send(alert);
    now += 49 * 60_000;
    stubNow = now;
    await apns.send(alert);
    now += 2 * 60_000;
    stubNow = now;
    await apns.send(alert);
    await apns.close();
    const [a, b, c] = stub.received.slice(-3).map((r) => r.token);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it('renews the token and tries once more when Apple says ExpiredProviderToken (clock skew)', async () => {
    const t0 = Date.now();
    let now = t0;
    const apns = client({ now: () => now });
    stubNow = t0;
    expect((await apns.send(alert)).kind).toBe('ok');
    now = t0 + 30 * 60_000; // our token is 30 minutes old by our clock …
    stubNow = t0 + 61 * 60_000; // … and 61 by Apple's
    const refusedBefore = stub.refused.length;
    const outcome = await apns.send(alert);
    await apns.close();
    expect(stub.refused.slice(refusedBefore)).toEqual(['ExpiredProviderToken']);
    expect(outcome.kind).toBe('ok');
  });

  it('maps Apple answers: 410 unregistered, 429 and 503 retryable (with Retry-After), 400 failed', async () => {
    stubNow = Date.now();
    const gone = 'b'.repeat(64);
    const busy = 'c'.repeat(64);
    const down = 'd'.repeat(64);
    const bad = 'e'.repeat(64);
    stub.answer.set(gone, { status: 410, reason: 'Unregistered' });
    stub.answer.set(busy, { status: 429, reason: 'TooManyRequests', retryAfter: 7 });
    stub.answer.set(down, { status: 503, reason: 'ServiceUnavailable' });
    stub.answer.set(bad, { status: 400, reason: 'BadDeviceToken' });
    const apns = client();
    const outcomes = await Promise.all([gone, busy, down, bad].map((deviceToken) => apns.send({ ...alert, deviceToken })));
    await apns.close();
    expect(outcomes).toEqual([
      { kind: 'unregistered', reason: 'Unregistered' },
      { kind: 'retryable', status: 429, reason: 'TooManyRequests', retryAfterMs: 7000 },
      { kind: 'retryable', status: 503, reason: 'ServiceUnavailable' },
      { kind: 'failed', status: 400, reason: 'BadDeviceToken' },
    ]);
  });

  it('a token signed with another key is refused (the stub really checks the signature)', async () => {
    stubNow = Date.now();
    const other = makeApnsKey();
    const apns = client({ key: other.privatePem });
    const outcome = await apns.send(alert);
    await apns.close();
    expect(outcome).toEqual({ kind: 'failed', status: 403, reason: 'InvalidProviderToken' });
  });

  it('a malformed device token is refused without a request; an unreachable host or an untrusted certificate is retryable', async () => {
    const apns = client();
    expect(await apns.send({ ...alert, deviceToken: 'not-hex' })).toEqual({ kind: 'failed', status: 400, reason: 'BadDeviceToken' });
    await apns.close();
    const untrusted = client({ ca: undefined });
    const outcome = await untrusted.send(alert);
    await untrusted.close();
    expect(outcome.kind).toBe('retryable');
    const nowhere = client({ url: 'https://127.0.0.1:1' });
    expect((await nowhere.send(alert)).kind).toBe('retryable');
    await nowhere.close();
  });

  it('trusts the provider host through NODE_EXTRA_CA_CERTS (a fresh process, as an operator would run it)', async () => {
    stubNow = Date.now();
    const caFile = join(dir, 'ca.pem');
    writeFileSync(caFile, stub.ca);
    const keyFile = join(dir, 'key.p8');
    writeFileSync(keyFile, key.privatePem);
    const clientPath = fileURLToPath(new URL('./apns-client.ts', import.meta.url));
    const settingPath = fileURLToPath(new URL('../platform/config/setting-text.ts', import.meta.url));
    const script = `
      const { ApnsClient } = await import(${JSON.stringify(clientPath)});
      const { pemSetting } = await import(${JSON.stringify(settingPath)});
      const apns = new ApnsClient({ key: pemSetting('APNS_KEY', process.env.APNS_KEY), keyId: '${key.keyId}', teamId: '${key.teamId}', url: '${stub.url}' });
      const outcome = await apns.send({ deviceToken: '${TOKEN}', topic: 'app.vbc.ios', pushType: 'alert', payload: { aps: { alert: 'from a child' } } });
      await apns.close();
      console.log(JSON.stringify(outcome));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, NODE_EXTRA_CA_CERTS: caFile, APNS_KEY: keyFile },
    }).catch((error: { code?: number; stderr?: string }) => {
      throw new Error(`child failed (exit ${error.code}): ${error.stderr}`);
    });
    expect(JSON.parse(stdout.trim()).kind).toBe('ok');
    expect(stub.received.at(-1)!.payload).toEqual({ aps: { alert: 'from a child' } });
  });
});
