import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { getCardForEdit, type TOwnerVirtualContact } from '../../api/cards.ts';
import { errorText, HttpError } from '../../api/http.ts';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { useSession } from '../../session/SessionContext.tsx';
import CardEditor from './CardEditor.tsx';

type TState = { status: 'loading' } | { status: 'notYours' } | { status: 'failed'; error: string } | { status: 'loaded'; card: TOwnerVirtualContact };

/** Route /edit/:contactId — the owner's card editor; anyone else gets a "not yours" page. */
export default function ContactEditScreen() {
  const { contactId = '' } = useParams();
  const { status } = useSession();
  const [state, setState] = useState<TState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (status !== 'signedIn') return;
    let cancelled = false;
    setState({ status: 'loading' });
    getCardForEdit(contactId)
      .then((card) => !cancelled && setState({ status: 'loaded', card }))
      .catch((e: unknown) => {
        if (cancelled) return;
        if (e instanceof HttpError && (e.status === 404 || e.status === 403)) setState({ status: 'notYours' });
        else setState({ status: 'failed', error: errorText(e) });
      });
    return () => {
      cancelled = true;
    };
  }, [contactId, status, attempt]);

  if (status === 'checking') return <LoadingScreen />;
  if (status === 'signedOut') return <EmptyState icon={<EditIcon />} title="Edit your card" text="" requiresSignIn />;
  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'notYours') {
    return (
      <EmptyState
        icon={<BlockIcon />}
        title="This card isn't yours"
        text="Only the owner of a card can edit it. If it should be yours, sign in with the account that owns it."
        action={<Button variant="contained" component={RouterLink} to="/" sx={{ mt: 1.5 }}>Go home</Button>}
      />
    );
  }
  if (state.status === 'failed') {
    return (
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title="The card could not be loaded"
        text={state.error}
        action={<Button variant="contained" onClick={() => setAttempt((n) => n + 1)} sx={{ mt: 1.5 }}>Try again</Button>}
      />
    );
  }
  return <CardEditor key={state.card.virtualContactId} initial={state.card} />;
}
