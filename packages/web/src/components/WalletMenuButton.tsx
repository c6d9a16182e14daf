import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import WalletIcon from '@mui/icons-material/AccountBalanceWallet';
import type { TWalletAvailability } from '@vbc/shared/wallet';
import { walletQueries } from '../api/queries.ts';
import { emitClientEvent } from '../platform/events.ts';
import { useTranslation } from 'react-i18next';

const NONE: TWalletAvailability = { apple: false, google: false };

/**
 * The wallets the server can make passes for (GET /api/wallet/availability, issue 30): none while
 * the answer is on its way or if it failed, so a button that cannot work is never offered.
 */
export function useWalletAvailability(): TWalletAvailability {
  return useQuery(walletQueries.availability()).data ?? NONE;
}

/** Opens docs/contracts.md §2's Apple or Google wallet pass dialog for the owner's card (client events of docs/contracts.md §3). */
export function addToWallet(provider: 'apple' | 'google', virtualContactId: string): void {
  emitClientEvent(provider === 'apple' ? 'generateAppleWalletPass' : 'generateGoogleWalletPass', { virtualContactId });
}

/**
 * A wallet icon on an owner's card tile: "Add to Apple Wallet" / "Add to Google Wallet", each only
 * when the server can make that pass; no icon at all when it can make neither.
 */
export default function WalletMenuButton({ virtualContactId, title }: { virtualContactId: string; title: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { t } = useTranslation('card');
  const wallets = useWalletAvailability();
  if (!wallets.apple && !wallets.google) return null;
  const pick = (provider: 'apple' | 'google') => {
    setAnchor(null);
    addToWallet(provider, virtualContactId);
  };
  return (
    <>
      <IconButton
        aria-label={t('wallet.addCardToWallet', { title })}
        title={t('wallet.addToWallet')}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <WalletIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {wallets.apple && <MenuItem onClick={() => pick('apple')}>{t('wallet.addApple')}</MenuItem>}
        {wallets.google && <MenuItem onClick={() => pick('google')}>{t('wallet.addGoogle')}</MenuItem>}
      </Menu>
    </>
  );
}
