import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { decrypt } from 'http_ece';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createPayloadEncryptor } from './payload-encryption.ts';
import { vapidAuthorizations } from './web-push-sender.ts';

const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.test' };

/** The claims of `vapid t=…, k=…`, after checking its ES256 signature against the server's public key. */
function claimsOf(header: string) {
  const [, token, k] = /^vapid t=([^,]+), k=(.+)$/.exec(header) ?? [];
  expect(k).toBe(keys.publicKey);
  const [head, body, signature] = token!.split('.') as [string, string, string];
  const point = Buffer.from(keys.publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  expect(verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(
    true,
  );
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}

describe('VAPID authorization', () => {
  it('signs one JWT per push service origin and reuses it until an hour before it expires', () => {
    let now = Date.UTC(2026, 0, 1);
    const authorization = vapidAuthorizations(keys, () => now);
    const first = authorization('https://push.example.test');
    expect(claimsOf(first)).toEqual({ aud: 'https://push.example.test', exp: now / 1000 + 12 * 3600, sub: 'mailto:ops@example.test' });
    // Another service has its own audience.
    const other = authorization('https://other.example.test');
    expect(claimsOf(other).aud).toBe('https://other.example.test');

    now += 10 * 3600 * 1000;
    expect(authorization('https://push.example.test')).toBe(first);
    now += 3600 * 1000; // 11 h: within the last hour of the first token's life
    const renewed = authorization('https://push.example.test');
    expect(renewed).not.toBe(first);
    expect(claimsOf(renewed).exp).toBe(now / 1000 + 12 * 3600);
  });
});

describe('payload encryption on worker threads', () => {
  it('encrypts for each subscription as a browser decrypts it, refuses bad keys, and stops on close', async () => {
    const encryptor = createPayloadEncryptor(2);
    const browsers = Array.from({ length: 6 }, () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return { ecdh, auth: randomBytes(16).toString('base64url') };
    });
    const bodies = await Promise.all(
      browsers.map((b, i) => encryptor.encrypt(b.ecdh.getPublicKey().toString('base64url'), b.auth, `{"n":${i}}`)),
    );
    bodies.forEach((body, i) => {
      const plain = decrypt(body, { version: 'aes128gcm', privateKey: browsers[i]!.ecdh, authSecret: browsers[i]!.auth });
      expect(plain.toString('utf8')).toBe(`{"n":${i}}`);
    });
    // A fresh key pair per message: the same payload twice is two different bodies.
    const [b] = browsers;
    const twice = await Promise.all([1, 2].map(() => encryptor.encrypt(b!.ecdh.getPublicKey().toString('base64url'), b!.auth, 'same')));
    expect(twice[0]!.equals(twice[1]!)).toBe(false);

    await expect(encryptor.encrypt('not-a-key', b!.auth, 'x')).rejects.toThrow(/p256dh/);
    await encryptor.close();
    await expect(encryptor.encrypt(b!.ecdh.getPublicKey().toString('base64url'), b!.auth, 'x')).rejects.toThrow(
      'push encryption is closed',
    );
  });
});
