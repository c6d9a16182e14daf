import type { TWalletAvailability } from '@vbc/shared/wallet';
import type { WalletDeps } from './deps.ts';

/** Which wallets this server can make passes for: those whose settings were given and checked at start. */
export function walletAvailability(deps: Pick<WalletDeps, 'apple' | 'google'>): TWalletAvailability {
  return { apple: deps.apple !== null, google: deps.google !== null };
}
