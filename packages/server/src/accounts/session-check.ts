import { timingSafeEqual } from 'node:crypto';
import { sha256 } from './sessions.ts';

/** True when `sessionId` hashes to `hash`, the stored hash of the session id issued with a token (compared in constant time). */
export function sessionIdHashMatches(hash: string, sessionId: string): boolean {
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(sha256(sessionId), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
