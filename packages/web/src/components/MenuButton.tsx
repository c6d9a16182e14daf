import RoundButton from './RoundButton.tsx';
import MenuIcon from '@mui/icons-material/Menu';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { emitClientEvent, hasClientEventListener } from '../platform/events.ts';
import { useSession } from '../session/SessionContext.tsx';
import { TOP_INSET } from '../platform/TopBanner.tsx';

/**
 * The top-corner menu button (docs/contracts.md §2 "Navigation"). Signed out it opens
 * sign-in (the "show login" event, answered by src/dialogs/auth/); signed in
 * it opens the menu, or settings while no menu listens.
 */
export default function MenuButton() {
  const { status } = useSession();
  const navigate = useNavigate();
  const { t } = useTranslation('app');
  const signedIn = status === 'signedIn';
  const onClick = () => {
    if (!signedIn) emitClientEvent('showLogin', {});
    else if (hasClientEventListener('menu')) emitClientEvent('menu');
    else navigate('/settings');
  };
  return (
    <RoundButton
      onClick={onClick}
      label={signedIn ? t('menu.open') : t('menu.signIn')}
      data-testid="menu-button"
      size={44}
      sx={{
        position: 'fixed',
        top: `calc(${TOP_INSET} + max(12px, env(safe-area-inset-top)))`,
        right: 12,
        zIndex: 1100,
        bgcolor: 'rgba(18,18,24,0.55)',
        backdropFilter: 'blur(10px)',
        border: '1px solid rgba(255,255,255,0.12)',
        '&:hover': { bgcolor: 'rgba(40,40,50,0.8)' },
      }}
    >
      <MenuIcon />
    </RoundButton>
  );
}
