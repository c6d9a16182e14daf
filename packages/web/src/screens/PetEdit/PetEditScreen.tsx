import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import BlockIcon from '@mui/icons-material/Block';
import PetsIcon from '@mui/icons-material/Pets';
import type { TVirtualPet } from '@vbc/shared/contact';
import { errorText } from '../../api/http.ts';
import { getPet } from '../../api/pets.ts';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { useSession } from '../../session/SessionContext.tsx';
import PetEditor from './PetEditor.tsx';

type TState = { status: 'loading' } | { status: 'failed'; error: string } | { status: 'loaded'; pet: TVirtualPet };

/** Route /pedit/:petId — the owner's pet editor; anyone else gets a "not yours" page. */
export default function PetEditScreen() {
  const { petId = '' } = useParams();
  const { status, account } = useSession();
  const [state, setState] = useState<TState>({ status: 'loading' });
  const mine = !!account?.virtualPets.some((p) => p.virtualPetId === petId);

  useEffect(() => {
    if (status !== 'signedIn' || !mine) return;
    let cancelled = false;
    getPet(petId)
      .then((pet) => !cancelled && setState({ status: 'loaded', pet }))
      .catch((e: unknown) => !cancelled && setState({ status: 'failed', error: errorText(e) }));
    return () => {
      cancelled = true;
    };
  }, [petId, status, mine]);

  if (status === 'checking') return <LoadingScreen />;
  if (status === 'signedOut') return <EmptyState icon={<PetsIcon />} title="Edit your pet" text="" requiresSignIn />;
  if (!mine) {
    return (
      <EmptyState
        icon={<BlockIcon />}
        title="This pet isn't yours"
        text="Only the owner can edit a pet's page."
        action={<Button variant="contained" component={RouterLink} to="/" sx={{ mt: 1.5 }}>Go home</Button>}
      />
    );
  }
  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'failed') return <EmptyState icon={<PetsIcon />} title="The pet could not be loaded" text={state.error} />;
  return <PetEditor key={state.pet.virtualPetId} initial={state.pet} />;
}
