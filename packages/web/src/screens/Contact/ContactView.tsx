import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { useSession } from '../../session/SessionContext.tsx';
import type { TLayoutProps } from './layout-props.ts';
import { hasLayout, LAYOUTS } from './layout-loaders.ts';
import { isBeingSetUp } from './model.ts';
import ChatFab from './parts/ChatFab.tsx';
import OrderLink from './parts/OrderLink.tsx';
import SettingUp from './parts/SettingUp.tsx';

/** "Save to folder" (screens/Directories), for signed-in visitors only: loaded after the card, never in its first load. */
const SaveToFolder = lazy(() => import('../Directories/SaveToFolderSlot.tsx'));

/**
 * A loaded card: its layout (none for an unknown designation; a card with nothing filled in
 * says it is being set up), the /order/ link, the chat button; on a business-owned card whose
 * holder left, "{name} is no longer with {business}." above it; on a card linked to a business
 * whose template has a logo, that logo at the top (issue 27).
 */
export default function ContactView(props: TLayoutProps) {
  const { contact, accent, logo } = props.model;
  const designation = contact.designSpecification.design.designation;
  const signedIn = useSession().status === 'signedIn';
  const { t } = useTranslation('card');
  const Layout = hasLayout(designation) ? LAYOUTS[designation] : undefined;
  return (
    <Box component="main" data-testid="contact-view" data-designation={designation} sx={{ pb: 12 }}>
      {logo && (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2, pb: 1 }}>
          <Box
            component="img"
            src={logo}
            alt={contact.organization ? t('businessLogo.named', { organization: contact.organization }) : t('businessLogo.unnamed')}
            data-testid="business-logo"
            sx={{ display: 'block', maxHeight: 48, maxWidth: 200, objectFit: 'contain' }}
          />
        </Box>
      )}
      {contact.noLongerWith && (
        <Box
          role="status"
          data-testid="no-longer-with"
          sx={{
            maxWidth: 560,
            mx: 'auto',
            mt: 2,
            mb: 1,
            px: 2,
            py: 1.5,
            borderRadius: 2,
            bgcolor: 'background.paper',
            fontWeight: 700,
            textAlign: 'center',
          }}
        >
          {contact.noLongerWith}
        </Box>
      )}
      {isBeingSetUp(contact) ? (
        <>
          <SettingUp contact={contact} />
          <OrderLink />
        </>
      ) : Layout ? (
        <Suspense fallback={<LoadingScreen />}>
          <Layout {...props} />
          <OrderLink />
        </Suspense>
      ) : (
        <Box data-testid="no-layout" sx={{ minHeight: '60vh' }} />
      )}
      <ChatFab contact={contact} accent={accent} />
      {signedIn && (
        <Suspense fallback={null}>
          <SaveToFolder contact={contact} />
        </Suspense>
      )}
    </Box>
  );
}
