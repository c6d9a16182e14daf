import { petShareUrl } from '@vbc/shared/links';
import type { TClientEvents } from '../platform/events.ts';
import ShareLinkDialog from './ShareLinkDialog.tsx';
import { useTranslation } from 'react-i18next';

/** docs/contracts.md §2 pet share window, like the contact's: the link /ds/vp/i/{petId}. */
export default function PetShareDialog({ pet, onClose }: { pet: TClientEvents['sharePet'] | null; onClose: () => void }) {
  const { t } = useTranslation('card');
  return (
    <ShareLinkDialog
      link={pet ? petShareUrl(window.location.origin, pet.virtualPetId) : null}
      title={pet ? t('share.petTitle', { name: pet.name }) : t('share.title')}
      qrLabel={pet ? t('share.petQrLabel', { name: pet.name }) : ''}
      shareTitle={pet?.name ?? ''}
      shareText={pet ? t('share.meetPet', { name: pet.name }) : ''}
      testId="pet-share-dialog"
      linkTestId="pet-share-link"
      onClose={onClose}
    />
  );
}
