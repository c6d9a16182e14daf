import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signConnectionToken, verifyConnectionToken } from './connection-token.ts';

describe('signed connection tokens', () => {
  const key = randomBytes(32);
  const connectionId = randomBytes(16).toString('base64url');
  const now = Date.parse('2026-11-22T10:00:00Z');
  const token = signConnectionToken(key, connectionId, 'ana', now + 15_000);

  it('name their connection for their user until the deadline', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{48}$/);
    expect(verifyConnectionToken(key, token, 'ana', now)).toBe(connectionId);
    expect(verifyConnectionToken(key, token, 'ana', now + 15_000)).toBe(connectionId);
  });

  it('are refused for another user, after the deadline, under another key, or altered', () => {
    expect(verifyConnectionToken(key, token, 'ben', now)).toBeNull();
    expect(verifyConnectionToken(key, token, 'ana', now + 16_000)).toBeNull();
    expect(verifyConnectionToken(randomBytes(32), token, 'ana', now)).toBeNull();
    const altered = Buffer.from(token, 'base64url');
    altered[3]! ^= 1;
    expect(verifyConnectionToken(key, altered.toString('base64url'), 'ana', now)).toBeNull();
    expect(verifyConnectionToken(key, `${token.slice(0, 40)}AAAAAAAA`, 'ana', now)).toBeNull();
    for (const malformed of ['', 'x', `${token}A`, token.replace(/.$/, '*')])
      expect(verifyConnectionToken(key, malformed, 'ana', now)).toBeNull();
  });
});
