import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { HttpError } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';
import { cardQueries } from '../../api/queries.ts';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { useSession } from '../../session/SessionContext.tsx';
import CardEditor from './CardEditor.tsx';

/** Route /edit/:contactId — the owner's card editor; anyone else gets a "not yours" page. */
export default function ContactEditScreen() {
  const { contactId = '' } = useParams();
  const { status } = useSession();
  const { t } = useTranslation('editor');
  const card = useQuery({ ...cardQueries.edit(contactId), enabled: status === 'signedIn' });
  const notYours = card.error instanceof HttpError && (card.error.status === 404 || card.error.status === 403);

  if (status === 'checking') return <LoadingScreen />;
  if (status === 'signedOut') return <EmptyState icon={<EditIcon />} title={t('screen.signedOutTitle')} text="" requiresSignIn />;
  // "Try again" shows the loading screen until the answer, as the first load does.
  if (card.isPending || (card.isError && card.isFetching)) return <LoadingScreen />;
  if (notYours) {
    return (
      <EmptyState
        icon={<BlockIcon />}
        title={t('screen.notYoursTitle')}
        text={t('screen.notYoursText')}
        action={
          <Button variant="contained" component={RouterLink} to="/" sx={{ mt: 1.5 }}>
            {t('screen.goHome')}
          </Button>
        }
      />
    );
  }
  if (card.isError) {
    return (
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title={t('screen.loadFailed')}
        text={errorText(card.error)}
        action={
          <Button variant="contained" onClick={() => void card.refetch()} sx={{ mt: 1.5 }}>
            {t('screen.tryAgain')}
          </Button>
        }
      />
    );
  }
  return <CardEditor key={card.data.virtualContactId} initial={card.data} />;
}
