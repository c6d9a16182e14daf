import { describe, expect, it } from 'vitest';
import { HttpError } from '../../api/http.ts';
import { WALLET_FAILURE, WalletResultError, blobToBase64, checkApplePass, checkGoogleJwt } from '../../api/wallet.ts';
import { walletFailureReason, walletFailureText } from './WalletPassDialog.tsx';

describe('docs/contracts.md §5 wallet result rules', () => {
  it('an empty or zero-size Apple result is a failure; another type is re-labelled as a pkpass file', async () => {
    expect(() => checkApplePass(null)).toThrow(WALLET_FAILURE.apple);
    expect(() => checkApplePass(new Blob([]))).toThrow(WalletResultError);
    const relabelled = checkApplePass(new Blob(['PK'], { type: 'application/octet-stream' }));
    expect(relabelled.type).toBe('application/vnd.apple.pkpass');
    expect(await relabelled.text()).toBe('PK');
    const right = new Blob(['PK'], { type: 'application/vnd.apple.pkpass' });
    expect(checkApplePass(right)).toBe(right);
  });

  it('a Google response without jwt is a failure', () => {
    expect(() => checkGoogleJwt({})).toThrow(WALLET_FAILURE.google);
    expect(() => checkGoogleJwt(null)).toThrow(WalletResultError);
    expect(() => checkGoogleJwt({ jwt: '' })).toThrow(WalletResultError);
    expect(checkGoogleJwt({ jwt: 'a.b.c' })).toBe('a.b.c');
  });

  it('docs/contracts.md §8: HTTP errors and broken results show the failure text, any other rejection its own value', () => {
    expect(walletFailureText('apple', new HttpError('503', 503))).toBe('Failed to generate Apple Wallet pass.');
    expect(walletFailureText('google', new WalletResultError(WALLET_FAILURE.google))).toBe('Failed to generate Google Wallet pass.');
    expect(walletFailureText('apple', 'PassKit said no')).toBe('PassKit said no');
  });

  it("issue 30: the server's reason is shown under the failure text when it gave one", () => {
    expect(walletFailureReason(new HttpError('The card or pet was not found.', 404, 'not_found'))).toBe('The card or pet was not found.');
    expect(walletFailureReason(new HttpError('503', 503))).toBeNull();
    expect(walletFailureReason(new WalletResultError(WALLET_FAILURE.apple))).toBeNull();
  });

  it('base64 of a pass for the iOS wrapper', async () => {
    expect(await blobToBase64(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04])]))).toBe('UEsDBA==');
  });
});
