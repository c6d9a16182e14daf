import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import { DIALOG_MAX_WIDTH } from '@vbc/shared/constants';
import { SSO_ERRORS, type TSsoError } from '@vbc/shared/sso';
import { notify } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';
import AppDialog from '../AppDialog.tsx';
import AuthForm from './AuthForm.tsx';
import SignedInView from './SignedInView.tsx';
import { useAuthForm } from './use-auth-form.ts';

/** What the window says when it was opened for a purpose (showLogin's `reason`). */
const REASONS: Record<string, string> = {
  adopt: 'Sign in to adopt this card.',
  sendMessage: 'Sign in to send a message.',
  follow: 'Sign in to follow this business.',
};

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
    if (now && !wasSignedIn.current && open && !signingIn.current) notify('Already Logged In', 'info');
    if (!now) signingIn.current = false;
    wasSignedIn.current = now;
  }, [session.status, open]);

  return (
    <AppDialog open={open} onClose={onClose} title="Verify your contact information" maxWidth={DIALOG_MAX_WIDTH} testId="auth-dialog">
      <DialogContent sx={{ pt: 0 }}>
        {session.status === 'signedIn' ? (
          <SignedInView account={session.account} onLogout={session.signOut} onClose={onClose} />
        ) : session.status === 'checking' ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }} role="status" aria-label="Checking your session">
            <CircularProgress aria-hidden />
          </Box>
        ) : (
          <AuthForm
            form={form}
            reason={reason ? REASONS[reason] : undefined}
            ssoError={ssoError ? (SSO_ERRORS[ssoError as TSsoError] ?? SSO_ERRORS.token) : undefined}
            onCancel={onClose}
          />
        )}
      </DialogContent>
    </AppDialog>
  );
}
