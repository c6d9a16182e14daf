import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LogoutIcon from '@mui/icons-material/Logout';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import BusinessIcon from '@mui/icons-material/Business';
import ContactPageIcon from '@mui/icons-material/ContactPage';
import SettingsIcon from '@mui/icons-material/Settings';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { consoleQueries } from '../api/queries.ts';
import { useSession } from '../session/SessionContext.tsx';
import { openScanner } from './scanner/open-scanner.ts';

/** The menu button this menu opens from (components/MenuButton.tsx). */
const anchor = () => document.querySelector<HTMLElement>('[data-testid="menu-button"]');

/**
 * docs/contracts.md §2 signed-in menu, opened by the menu button's "menu" client event: Settings, Leads (issue 26), Scan, the
 * corporate console of each business where the account is admin or editor, and Logout (which
 * clears the session even if the call fails, then reloads the page, as the sign-in window's).
 */
export default function AppMenu({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { t } = useTranslation('app');
  const { signOut, status } = useSession();
  const businesses = useQuery({ ...consoleQueries.businesses(), enabled: status === 'signedIn' }).data ?? [];
  const go = (to: string) => {
    onClose();
    navigate(to);
  };
  const logout = async () => {
    onClose();
    await signOut();
    window.location.reload();
  };
  return (
    <Menu
      open
      anchorEl={anchor()}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { 'data-testid': 'app-menu', sx: { minWidth: 220 } } as object }}
    >
      <MenuItem onClick={() => go('/settings')}>
        <ListItemIcon>
          <SettingsIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('menu.settings')}</ListItemText>
      </MenuItem>
      <MenuItem onClick={() => go('/leads')}>
        <ListItemIcon>
          <ContactPageIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('menu.leads')}</ListItemText>
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          openScanner();
        }}
      >
        <ListItemIcon>
          <QrCodeScannerIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('menu.scan')}</ListItemText>
      </MenuItem>
      {businesses.map((b) => (
        <MenuItem key={b.corporateAccountId} data-testid="menu-console" onClick={() => go(`/console/${b.corporateAccountId}`)}>
          <ListItemIcon>
            <BusinessIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={b.name} secondary={t('menu.console')} />
        </MenuItem>
      ))}
      <Divider />
      <MenuItem onClick={() => void logout()}>
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('menu.logout')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
