import { PKPASS_MIME_TYPE, type TGoogleWalletPass, type TWalletAvailability } from '@vbc/shared/wallet';
import { http } from './http.ts';

/** docs/contracts.md §8 failure texts of the wallet dialogs. */
export const WALLET_FAILURE = {
  apple: 'Failed to generate Apple Wallet pass.',
  google: 'Failed to generate Google Wallet pass.',
} as const;

/** A result that breaks docs/contracts.md §5's rules: the dialog shows the docs/contracts.md §8 text for it. */
export class WalletResultError extends Error {
  override name = 'WalletResultError';
}

/**
 * docs/contracts.md §5: an empty or zero-size Apple result is a failure; a result of another type is
 * re-labelled as a pkpass file.
 */
export function checkApplePass(blob: Blob | null | undefined): Blob {
  if (!blob || blob.size === 0) throw new WalletResultError(WALLET_FAILURE.apple);
  return blob.type === PKPASS_MIME_TYPE ? blob : new Blob([blob], { type: PKPASS_MIME_TYPE });
}

/** docs/contracts.md §5: a Google response without `jwt` is a failure. */
export function checkGoogleJwt(response: Partial<TGoogleWalletPass> | null | undefined): string {
  if (!response || typeof response.jwt !== 'string' || response.jwt.length === 0) throw new WalletResultError(WALLET_FAILURE.google);
  return response.jwt;
}

/** docs/contracts.md §7 GET /api/personalAccount/generateAppleWalletPass/{id}: the pass file. */
export async function generateApplePass(id: string): Promise<Blob> {
  return checkApplePass(await http.download(`/api/personalAccount/generateAppleWalletPass/${encodeURIComponent(id)}`));
}

/** docs/contracts.md §7 GET /api/personalAccount/generateGoogleWalletPass/{id}: the JWT for Google's save link. */
export async function generateGoogleWalletJwt(id: string): Promise<string> {
  return checkGoogleJwt(
    await http.get<Partial<TGoogleWalletPass>>(`/api/personalAccount/generateGoogleWalletPass/${encodeURIComponent(id)}`),
  );
}

/** GET /api/wallet/availability: which wallets the server can make passes for (issue 30). */
export const getWalletAvailability = () => http.get<TWalletAvailability>('/api/wallet/availability', { auth: false });

/** The bytes of a blob as base64 (the iOS wrapper's `pkpass` message). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
