import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { useSession } from './session/SessionContext.tsx';
import { BOTTOM_NAV_HEIGHT } from './components/bottom-nav-height.ts';
import LoadingScreen from './components/LoadingScreen.tsx';
import MenuButton from './components/MenuButton.tsx';
import { TOP_INSET } from './platform/TopBanner.tsx';
import NoticeHost from './components/NoticeHost.tsx';
import { useDeferredMount } from './components/use-deferred-mount.ts';

/** App windows (QR, share, prompt, sign-in, PIN ...): loaded once the page is idle or first touched. */
const DialogHost = lazy(() => import('./dialogs/DialogHost.tsx'));
/** Signed in only: its code loads after sign-in. */
const BottomNav = lazy(() => import('./components/BottomNav.tsx'));

/** The frame of every screen: the menu button, the signed-in bottom navigation, notices and app windows. */
export default function AppShell() {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const windowsReady = useDeferredMount();
  return (
    <Box sx={{ minHeight: '100dvh', pt: TOP_INSET, pb: signedIn ? `${BOTTOM_NAV_HEIGHT + 8}px` : 0 }}>
      <MenuButton />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        {signedIn && <BottomNav />}
        {windowsReady && <DialogHost />}
      </Suspense>
      <NoticeHost />
    </Box>
  );
}
