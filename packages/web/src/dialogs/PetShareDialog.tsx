import { petShareUrl } from '@vbc/shared/links';
import type { TClientEvents } from '../platform/events.ts';
import ShareLinkDialog from './ShareLinkDialog.tsx';

/** docs/contracts.md §2 pet share window, like the contact's: the link /ds/vp/i/{petId}. */
export default function PetShareDialog({ pet, onClose }: { pet: TClientEvents['sharePet'] | null; onClose: () => void }) {
  return (
    <ShareLinkDialog
      link={pet ? petShareUrl(window.location.origin, pet.virtualPetId) : null}
      title={pet ? `Share ${pet.name}` : 'Share'}
      qrLabel={pet ? `QR code of ${pet.name}'s page` : ''}
      shareTitle={pet?.name ?? ''}
      shareText={pet ? `Meet ${pet.name}` : ''}
      testId="pet-share-dialog"
      linkTestId="pet-share-link"
      onClose={onClose}
    />
  );
}
