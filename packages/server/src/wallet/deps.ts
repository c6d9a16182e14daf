import type { Db } from '../platform/db/client.ts';
import type { TPassSubject } from './pass-subject.ts';
import type { AppleWalletSettings, GoogleWalletSettings } from './settings.ts';

/** What the wallet services need from the app (given once by the plugin). */
export interface WalletDeps {
  db: Db;
  /** The server's signing key: pass tokens derive from it. */
  signingKey: Buffer;
  publicUrl: string;
  /** null: Apple Wallet is not configured (503). */
  apple: AppleWalletSettings | null;
  /** null: Google Wallet is not configured (503). */
  google: GoogleWalletSettings | null;
  /** A card (id or quickId) or a pet (id), through the cards and pets domains; null when neither exists. */
  findSubject(id: string): Promise<TPassSubject | null>;
  /** A display item's bytes (the pass thumbnail), null when it is gone. */
  readPicture(displayItemId: string): Promise<Buffer | null>;
}

/** Apple's web service path under PUBLIC_URL (the pass's webServiceURL; devices append /v1/…). */
export const PASSKIT_PATH = '/api/wallet/passkit';
