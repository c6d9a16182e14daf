import { cardShareUrl } from '@vbc/shared/links';
import type { TVirtualContact } from '@vbc/shared/contact';
import { cardQrDownloads, profilePictureUrl } from '../api/contacts.ts';
import ShareLinkDialog from './ShareLinkDialog.tsx';

/**
 * docs/contracts.md §2 contact share window: the card's share link, its picture in the middle of the QR.
 * The link copied or shared says `s=link`, the QR code `s=qr` (issue 29), so the owner's chart tells them apart.
 */
export default function ContactShareDialog({ contact, onClose }: { contact: TVirtualContact | null; onClose: () => void }) {
  const name = contact ? `${contact.firstName} ${contact.lastName}`.trim() || contact.name : '';
  return (
    <ShareLinkDialog
      link={contact ? cardShareUrl(window.location.origin, contact, 'link') : null}
      qrLink={contact ? cardShareUrl(window.location.origin, contact, 'qr') : null}
      qrDownloads={contact && !contact.hasVirginAccessProtection ? cardQrDownloads(contact.quickId || contact.virtualContactId) : undefined}
      title="Share"
      qrLabel={`QR code of ${name}'s card`}
      qrImage={contact?.picture ? profilePictureUrl(contact.quickId || contact.virtualContactId) : null}
      shareTitle={name}
      shareText={contact?.jobTitle ? `${name} — ${contact.jobTitle}` : name}
      testId="share-dialog"
      linkTestId="share-link"
      onClose={onClose}
    />
  );
}
