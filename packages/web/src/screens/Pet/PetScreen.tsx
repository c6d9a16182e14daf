import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import PetsIcon from '@mui/icons-material/Pets';
import { PRODUCT_NAME } from '@vbc/shared/constants';
import type { TVirtualPet } from '@vbc/shared/contact';
import { errorText, HttpError } from '../../api/http.ts';
import { getPet } from '../../api/pets.ts';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import PetView from './PetView.tsx';

type TState = { status: 'loading' } | { status: 'failed'; error: string; missing: boolean } | { status: 'loaded'; pet: TVirtualPet };

/** Route /p/:petId — the public page of a virtual pet; its name is the page title. */
export default function PetScreen() {
  const { petId = '' } = useParams();
  const [state, setState] = useState<TState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    getPet(petId)
      .then((pet) => !cancelled && setState({ status: 'loaded', pet }))
      .catch((e: unknown) => !cancelled && setState({ status: 'failed', error: errorText(e), missing: e instanceof HttpError && (e.status === 404 || e.status === 400) }));
    return () => {
      cancelled = true;
    };
  }, [petId]);
  const name = state.status === 'loaded' ? state.pet.name : '';
  useEffect(() => {
    document.title = name || PRODUCT_NAME;
  }, [name]);

  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'failed') {
    return <EmptyState icon={<PetsIcon />} title={state.missing ? 'Pet not found' : 'The pet could not be loaded'} text={state.missing ? 'This pet tag does not exist or was removed.' : state.error} />;
  }
  return <PetView pet={state.pet} />;
}
