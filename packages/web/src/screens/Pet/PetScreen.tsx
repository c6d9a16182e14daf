import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import PetsIcon from '@mui/icons-material/Pets';
import { PRODUCT_NAME } from '@vbc/shared/constants';
import { HttpError } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';
import { petQueries } from '../../api/queries.ts';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import PetView from './PetView.tsx';
import { useInitialPet } from './initial-pet.ts';
import { useTranslation } from 'react-i18next';

/** Route /p/:petId — the public page of a virtual pet; its name is the page title. */
export default function PetScreen() {
  const { petId = '' } = useParams();
  const { t } = useTranslation('card');
  // Server-rendered: the first render shows the pet the page came with (refreshed once mounted).
  const pet = useQuery({ ...petQueries.one(petId), initialData: useInitialPet(petId) });
  const name = pet.data?.name ?? '';
  useEffect(() => {
    document.title = name || PRODUCT_NAME;
  }, [name]);

  if (pet.isPending) return <LoadingScreen />;
  if (pet.isError) {
    const missing = pet.error instanceof HttpError && (pet.error.status === 404 || pet.error.status === 400);
    return (
      <EmptyState
        icon={<PetsIcon />}
        title={missing ? t('pet.notFound') : t('pet.loadFailed')}
        text={missing ? t('pet.notFoundText') : errorText(pet.error)}
      />
    );
  }
  return <PetView pet={pet.data} />;
}
