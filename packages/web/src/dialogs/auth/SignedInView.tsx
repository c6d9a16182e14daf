import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useMutation } from '@tanstack/react-query';
import type { TPersonalAccount } from '../../api/accounts.ts';
import { Trans, useTranslation } from 'react-i18next';

/** "{phone} or {email}": the phone when the account has one, else the e-mail address. */
export const accountContact = (account: Pick<TPersonalAccount, 'accountPhoneNumber' | 'accountEmail'>): string =>
  account.accountPhoneNumber || account.accountEmail || '';

/** Up to two initials of a name, for an avatar. */
export const initialsOf = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('') || '?';

/**
 * docs/contracts.md §2: the authentication window when already signed in. Logout clears
 * the session even if the call fails, then reloads the page.
 */
export default function SignedInView({
  account,
  onLogout,
  onClose,
}: {
  account: TPersonalAccount | null;
  onLogout: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const logout = useMutation({ mutationFn: onLogout, onSuccess: () => window.location.reload() });
  const busy = logout.isPending;
  const name = account?.accountName ?? '';
  return (
    <Box sx={{ display: 'grid', gap: 2.5, justifyItems: 'center', textAlign: 'center', py: 1 }} data-testid="signed-in-view">
      <Avatar sx={{ width: 64, height: 64, fontSize: 26, fontWeight: 700, background: 'linear-gradient(135deg, #8c6cff, #26c6da)' }}>
        {initialsOf(name)}
      </Avatar>
      <Typography>
        <Trans
          t={t}
          i18nKey="signedIn.as"
          values={{ name, contact: account ? accountContact(account) : '' }}
          components={{ b: <b />, ltr: <bdi dir="ltr" /> }}
        />
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center' }}>
        <Button color="inherit" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => logout.mutate()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <LogoutIcon />}
          autoFocus
        >
          {t('signedIn.logout')}
        </Button>
      </Box>
    </Box>
  );
}
