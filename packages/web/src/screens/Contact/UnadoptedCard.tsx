import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import ActionButton from '../../components/ActionButton.tsx';
import Typography from '@mui/material/Typography';
import type { TVirtualContact } from '@vbc/shared/contact';
import { emitClientEvent } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';
import Logo from '../../components/Logo.tsx';
import OrderLink from './parts/OrderLink.tsx';
import { useAfterAdoption } from './adoption/after-adoption.ts';
import { Trans, useTranslation } from 'react-i18next';

/** The adoption form loads only for a signed-in visitor of an unadopted card. */
const AdoptionForm = lazy(() => import('./adoption/AdoptionForm.tsx'));

/**
 * docs/contracts.md §2 unadopted card screen. Signed out: "Login / Register". Signed in:
 * the account it would link to and the adoption form (screens/Contact/adoption/);
 * once adopted, the card's editor opens.
 */
export default function UnadoptedCard({ contact }: { contact: TVirtualContact }) {
  const { status, account } = useSession();
  const { t } = useTranslation('card');
  const afterAdoption = useAfterAdoption();
  // Once adopted, the form's "Adopted!" is the heading: "not adopted yet" above it would contradict it.
  const [adopted, setAdopted] = useState(false);
  return (
    <Box
      component="main"
      data-testid="unadopted"
      data-contact-id={contact.virtualContactId}
      sx={{ minHeight: '85vh', display: 'grid', placeItems: 'center', px: 2, py: 8 }}
    >
      <Box
        sx={{
          width: '100%',
          maxWidth: 440,
          textAlign: 'center',
          display: 'grid',
          gap: 2,
          justifyItems: 'center',
          p: { xs: 3, sm: 4 },
          borderRadius: 5,
          bgcolor: 'background.paper',
          border: '1px solid rgba(255,255,255,0.07)',
          boxShadow: '0 24px 64px rgba(0,0,0,0.45)',
        }}
      >
        <Logo size={64} />
        {!adopted && (
          <>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
              {t('unadopted.title')}
            </Typography>
            <Typography color="text.secondary">{t('unadopted.passcode')}</Typography>
          </>
        )}
        {status === 'signedOut' && (
          <ActionButton variant="contained" size="large" onClick={() => emitClientEvent('showLogin', { reason: 'adopt' })} sx={{ mt: 1 }}>
            {t('unadopted.signIn')}
          </ActionButton>
        )}
        {status === 'signedIn' && account && (
          <>
            {!adopted && (
              <Typography variant="body2" color="text.secondary">
                <Trans t={t} i18nKey="unadopted.linking" values={{ name: account.accountName }} components={{ b: <strong /> }} />
              </Typography>
            )}
            <Suspense fallback={null}>
              <AdoptionForm contactId={contact.virtualContactId} onAdopted={afterAdoption} onSucceeded={() => setAdopted(true)} />
            </Suspense>
          </>
        )}
      </Box>
      <OrderLink />
    </Box>
  );
}
