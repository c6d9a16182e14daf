import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links to a conversation's files. `<img>` and download links cannot carry a bearer header,
 * so a participant gets the file's address with `?account=&expires=&signature=`: an HMAC over the
 * file id, the account and the expiry, with a key every instance shares (`server_secrets`). Such a
 * link opens the file for about an hour, and only the file and account it was minted for.
 */

/** How long a minted link works, at least. */
export const FILE_LINK_TTL_MS = 60 * 60_000;
/** Expiries are rounded up to this step, so links minted minutes apart are the same URL (browser cache hits). */
const EXPIRY_STEP_MS = 5 * 60_000;
const MAC_BYTES = 16;

/** The query a signed link carries (strings as parsed; any may be missing). */
export interface TFileLinkQuery {
  account?: string;
  expires?: string;
  signature?: string;
}

export type TFileLinkCheck =
  { result: 'unsigned' } | { result: 'invalid' } | { result: 'expired' } | { result: 'valid'; accountId: string; expiresAtMs: number };

const mac = (key: Buffer, fileId: string, accountId: string, expires: number): Buffer =>
  createHmac('sha256', key).update(`vbc-file-link\n${fileId}\n${accountId}\n${expires}`, 'utf8').digest().subarray(0, MAC_BYTES);

/** `path` (the file's address) signed for `accountId`: valid from `nowMs` for FILE_LINK_TTL_MS or a little more. */
export function signFileLink(key: Buffer, path: string, fileId: string, accountId: string, nowMs: number): string {
  const expires = Math.ceil((nowMs + FILE_LINK_TTL_MS) / EXPIRY_STEP_MS) * (EXPIRY_STEP_MS / 1000);
  const signature = mac(key, fileId, accountId, expires).toString('base64url');
  return `${path}?account=${encodeURIComponent(accountId)}&expires=${expires}&signature=${signature}`;
}

/** What a request's signed-link query says about file `fileId` at `nowMs`. */
export function checkFileLink(key: Buffer, fileId: string, query: TFileLinkQuery, nowMs: number): TFileLinkCheck {
  const { account, expires, signature } = query;
  if (account === undefined && expires === undefined && signature === undefined) return { result: 'unsigned' };
  if (!account || !expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[A-Za-z0-9_-]{22}$/.test(signature))
    return { result: 'invalid' };
  if (!timingSafeEqual(Buffer.from(signature, 'base64url'), mac(key, fileId, account, Number(expires)))) return { result: 'invalid' };
  const expiresAtMs = Number(expires) * 1000;
  if (expiresAtMs <= nowMs) return { result: 'expired' };
  return { result: 'valid', accountId: account, expiresAtMs };
}
