import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '@vbc/shared/constants';
import type { TVirtualContact } from '@vbc/shared/contact';
import { validatePinCode } from '../../api/contacts.ts';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { pinFailure } from '../../dialogs/pin/pin-outcome.ts';
import { emitClientEvent, type TPinGrant } from '../../platform/events.ts';
import { recordRecent } from '../../platform/recents.ts';
import ContactView from './ContactView.tsx';
import UnadoptedCard from './UnadoptedCard.tsx';
import { contactModel, isPinProtected } from './model.ts';
import { tagFollowedLinks } from '../../platform/visit-source.ts';
import { useTranslation } from 'react-i18next';
import { CONTACT_LOAD_ERROR, useContact } from './use-contact.ts';

const ErrorDialog = lazy(() => import('../../dialogs/ErrorDialog.tsx'));
/** A wrong card address (issue 30): a way home and a search, not an error window whose retry cannot help. */
const NotFound = lazy(() => import('../../components/NotFound.tsx'));

/** Route /:contactId (a full id or a quickId), optional ?pin= (docs/contracts.md §2). */
export default function ContactScreen() {
  const { contactId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useTranslation('card');
  const { state, reload } = useContact(contactId);
  // Keyed by the loaded card object: a reload gives a new object, so the lock resets (docs/contracts.md §4).
  const [grant, setGrant] = useState<{ contact: TVirtualContact; grant: TPinGrant } | null>(null);
  const [errorOpen, setErrorOpen] = useState(true);
  const contact = state.status === 'loaded' ? state.contact : null;
  const pin = search.get('pin');

  // Title: first + last name; the product name while loading (docs/contracts.md §2).
  const name = contact && !contact.hasVirginAccessProtection ? `${contact.firstName} ${contact.lastName}`.trim() || contact.name : '';
  useEffect(() => {
    document.title = name || PRODUCT_NAME;
  }, [name]);

  // docs/contracts.md §4: every view goes into the local history.
  const viewedId = contact && !contact.hasVirginAccessProtection ? contact.virtualContactId : null;
  useEffect(() => {
    if (viewedId) recordRecent(viewedId);
  }, [viewedId]);

  // Issue 29: while the card shows, its links and download carry the page's source when followed.
  useEffect(() => tagFollowedLinks(), []);

  // docs/contracts.md §4: a PIN in the query is tried on load and on change; the lock resets when the card reloads.
  const locked = contact && isPinProtected(contact) ? contact : null;
  // A refused one opens the PIN window showing why ("Wrong Pin", or the lock-out's wait), as a PIN typed there would.
  useEffect(() => {
    if (!locked || !pin) return;
    const controller = new AbortController();
    const onGranted = (result: TPinGrant) => setGrant({ contact: locked, grant: result });
    validatePinCode(locked.virtualContactId, pin)
      .then((result) => !controller.signal.aborted && onGranted(result))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        emitClientEvent('enterPin', {
          virtualContactId: locked.virtualContactId,
          onGranted,
          tried: { pin, failure: pinFailure(error) },
          signal: controller.signal,
        });
      });
    return () => controller.abort();
  }, [locked, pin]);

  useEffect(() => {
    setErrorOpen(true);
  }, [state.status]);

  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'notFound') {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <NotFound kind="card" />
      </Suspense>
    );
  }
  if (state.status === 'failed') {
    return (
      <>
        <LoadingScreenless />
        <Suspense fallback={null}>
          <ErrorDialog
            message={errorOpen ? (state.error === CONTACT_LOAD_ERROR ? t('loadError') : state.error) : null}
            onRetry={reload}
            onClose={() => {
              setErrorOpen(false);
              navigate('/', { replace: true });
            }}
          />
        </Suspense>
      </>
    );
  }
  if (state.contact.hasVirginAccessProtection) return <UnadoptedCard contact={state.contact} />;
  const shown = state.contact;
  const active = grant && grant.contact === shown ? grant.grant : null;
  return <ContactView model={contactModel(shown, active)} onPinGranted={(g) => setGrant({ contact: shown, grant: g })} />;
}

/** The empty page behind the error dialog. */
function LoadingScreenless() {
  return <main aria-hidden style={{ minHeight: '80vh' }} />;
}
