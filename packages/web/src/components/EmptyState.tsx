import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { emitClientEvent } from '../platform/events.ts';
import { useSession } from '../session/SessionContext.tsx';
import { useTranslation } from 'react-i18next';

export interface TEmptyStateProps {
  icon: ReactNode;
  title: string;
  text: string;
  /** When signed out, say so and offer sign-in instead of `text`. */
  requiresSignIn?: boolean;
  action?: ReactNode;
}

/** A designed empty screen for features that arrive later, or lists with nothing yet. */
export default function EmptyState({ icon, title, text, requiresSignIn, action }: TEmptyStateProps) {
  const { status } = useSession();
  const { t } = useTranslation('common');
  const signedOut = requiresSignIn && status === 'signedOut';
  return (
    <Box
      component="main"
      sx={{
        minHeight: '70vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1.5,
        px: 3,
        py: 8,
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 88,
          height: 88,
          borderRadius: '28px',
          display: 'grid',
          placeItems: 'center',
          mb: 1,
          color: 'primary.main',
          bgcolor: 'rgba(154,125,255,0.12)',
          border: '1px solid rgba(154,125,255,0.25)',
          '& svg': { fontSize: 44 },
        }}
      >
        {icon}
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 360 }}>
        {signedOut ? t('signIn.toSee') : text}
      </Typography>
      {signedOut ? (
        <Button variant="contained" sx={{ mt: 1.5 }} onClick={() => emitClientEvent('showLogin', {})}>
          {t('signIn.button')}
        </Button>
      ) : (
        action
      )}
    </Box>
  );
}
