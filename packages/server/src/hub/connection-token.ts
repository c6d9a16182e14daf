import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed connection tokens: what negotiate v1 hands out when the instances share a key, so the
 * WebSocket that follows may reach any instance. The token carries the connection id and an
 * expiry, sealed with an HMAC over them and the user, so it is as unguessable as a random one,
 * works only for the user who negotiated it, and only until the handshake deadline. Layout
 * (base64url): 16 bytes connection id, 4 bytes expiry (Unix seconds), 16 bytes MAC.
 */
const ID_BYTES = 16;
const MAC_BYTES = 16;

const mac = (key: Buffer, payload: Buffer, userId: string): Buffer =>
  createHmac('sha256', key).update(payload).update(userId, 'utf8').digest().subarray(0, MAC_BYTES);

/** A token for connection `connectionId` (base64url of 16 bytes) of `userId`, valid until `expiresAtMs`. */
export function signConnectionToken(key: Buffer, connectionId: string, userId: string, expiresAtMs: number): string {
  const payload = Buffer.alloc(ID_BYTES + 4);
  Buffer.from(connectionId, 'base64url').copy(payload, 0, 0, ID_BYTES);
  payload.writeUInt32BE(Math.ceil(expiresAtMs / 1000), ID_BYTES);
  return Buffer.concat([payload, mac(key, payload, userId)]).toString('base64url');
}

/** The connection id a token names, when it is genuine, for `userId` and not expired; otherwise null. */
export function verifyConnectionToken(key: Buffer, token: string, userId: string, nowMs: number): string | null {
  if (!/^[A-Za-z0-9_-]{48}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  const payload = raw.subarray(0, ID_BYTES + 4);
  if (!timingSafeEqual(raw.subarray(ID_BYTES + 4), mac(key, payload, userId))) return null;
  if (payload.readUInt32BE(ID_BYTES) * 1000 < nowMs) return null;
  return payload.subarray(0, ID_BYTES).toString('base64url');
}
