import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import BlockIcon from '@mui/icons-material/Block';
import PetsIcon from '@mui/icons-material/Pets';
import { errorText } from '../../api/error-text.ts';
import { petQueries } from '../../api/queries.ts';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { useSession } from '../../session/SessionContext.tsx';
import PetEditor from './PetEditor.tsx';

/** Route /pedit/:petId — the owner's pet editor; anyone else gets a "not yours" page. */
export default function PetEditScreen() {
  const { petId = '' } = useParams();
  const { status, account } = useSession();
  const { t } = useTranslation('pets');
  const mine = !!account?.virtualPets.some((p) => p.virtualPetId === petId);

  const pet = useQuery({ ...petQueries.edit(petId), enabled: status === 'signedIn' && mine });

  if (status === 'checking') return <LoadingScreen />;
  if (status === 'signedOut') return <EmptyState icon={<PetsIcon />} title={t('screen.signedOutTitle')} text="" requiresSignIn />;
  if (!mine) {
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
  if (pet.isPending) return <LoadingScreen />;
  if (pet.isError) return <EmptyState icon={<PetsIcon />} title={t('screen.loadFailed')} text={errorText(pet.error)} />;
  return <PetEditor key={pet.data.virtualPetId} initial={pet.data} />;
}
