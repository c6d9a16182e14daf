import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import WalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { emitClientEvent } from '../platform/events.ts';

/** Opens docs/contracts.md §2's Apple or Google wallet pass dialog for the owner's card (client events of docs/contracts.md §3). */
export function addToWallet(provider: 'apple' | 'google', virtualContactId: string): void {
  emitClientEvent(provider === 'apple' ? 'generateAppleWalletPass' : 'generateGoogleWalletPass', { virtualContactId });
}

/** A wallet icon on an owner's card tile: "Add to Apple Wallet" / "Add to Google Wallet". */
export default function WalletMenuButton({ virtualContactId, title }: { virtualContactId: string; title: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (provider: 'apple' | 'google') => {
    setAnchor(null);
    addToWallet(provider, virtualContactId);
  };
  return (
    <>
      <IconButton
        aria-label={`Add ${title} to a wallet`}
        title="Add to wallet"
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <WalletIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('apple')}>Add to Apple Wallet</MenuItem>
        <MenuItem onClick={() => pick('google')}>Add to Google Wallet</MenuItem>
      </Menu>
    </>
  );
}
