import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import { DIALOG_MAX_WIDTH } from '@vbc/shared/constants';
import type { TSsoError } from '@vbc/shared/sso';
import { notify } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';
import AppDialog from '../AppDialog.tsx';
import AuthForm from './AuthForm.tsx';
import SignedInView from './SignedInView.tsx';
import { useAuthForm } from './use-auth-form.ts';
import { useTranslation } from 'react-i18next';

/** What the window says when it was opened for a purpose (showLogin's `reason`), in the active language. */
function useReasons(): Record<string, string> {
  const { t } = useTranslation('auth');
  return { adopt: t('reasons.adopt'), sendMessage: t('reasons.sendMessage'), follow: t('reasons.follow') };
}

/** A refused single sign-on's reason (SSO_ERRORS' keys), in the active language; an unknown one reads as `token`. */
function useSsoErrorText(): (error: string) => string {
  const { t } = useTranslation('auth');
  return (error) => {
    switch (error as TSsoError) {
      case 'state':
        return t('sso.state');
      case 'nonce':
        return t('sso.nonce');
      case 'email_unverified':
        return t('sso.emailUnverified');
      case 'email_domain':
        return t('sso.emailDomain');
      case 'denied':
        return t('sso.denied');
      case 'idp_down':
        return t('sso.idpDown');
      case 'handoff':
        return t('sso.handoff');
      default:
        return t('sso.token');
    }
  };
}

/**
 * docs/contracts.md §2 authentication window, 'Verify your contact information': the
 * login / register form, or, when already signed in, who is signed in and Logout.
 */
export default function AuthDialog({
  open,
  reason,
  ssoError,
  onSignedIn,
  onClose,
}: {
  open: boolean;
  reason?: string;
  /** A single sign-on came back refused: one of SSO_ERRORS' reasons. */
  ssoError?: string;
  onSignedIn?: () => void;
  onClose: () => void;
}) {
  const session = useSession();
  const { t } = useTranslation('auth');
  const reasons = useReasons();
  const ssoErrorText = useSsoErrorText();
  const status = useRef(session.status);
  status.current = session.status;
  /** Set while this window signs in, so that only a sign-in from elsewhere reads as "Already Logged In". */
  const signingIn = useRef(false);
  const form = useAuthForm({
    isSignedIn: () => status.current === 'signedIn',
    signIn: (result) => {
      signingIn.current = true;
      session.signIn(result);
      // The step that asked for sign-in carries on (its window waits for its listener to mount).
      onSignedIn?.();
    },
    onDone: onClose,
  });

  // Another tab signed in while this window was open: say so (docs/contracts.md §4) as the window turns to the signed-in view.
  const wasSignedIn = useRef(session.status === 'signedIn');
  useEffect(() => {
    const now = session.status === 'signedIn';
    if (now && !wasSignedIn.current && open && !signingIn.current) notify(t('toasts.alreadySignedIn'), 'info');
    if (!now) signingIn.current = false;
    wasSignedIn.current = now;
  }, [session.status, open, t]);

  return (
    <AppDialog open={open} onClose={onClose} title={t('title')} maxWidth={DIALOG_MAX_WIDTH} testId="auth-dialog">
      <DialogContent sx={{ pt: 0 }}>
        {session.status === 'signedIn' ? (
          <SignedInView account={session.account} onLogout={session.signOut} onClose={onClose} />
        ) : session.status === 'checking' ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }} role="status" aria-label={t('checking')}>
            <CircularProgress aria-hidden />
          </Box>
        ) : (
          <AuthForm
            form={form}
            reason={reason ? reasons[reason] : undefined}
            ssoError={ssoError ? ssoErrorText(ssoError) : undefined}
            onCancel={onClose}
          />
        )}
      </DialogContent>
    </AppDialog>
  );
}
