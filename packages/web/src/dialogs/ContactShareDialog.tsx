import { cardShareUrl } from '@vbc/shared/links';
import type { TVirtualContact } from '@vbc/shared/contact';
import { cardQrDownloads, profilePictureUrl } from '../api/contacts.ts';
import ShareLinkDialog from './ShareLinkDialog.tsx';
import { useTranslation } from 'react-i18next';

/**
 * docs/contracts.md §2 contact share window: the card's share link, its picture in the middle of the QR.
 * The link copied or shared says `s=link`, the QR code `s=qr` (issue 29), so the owner's chart tells them apart.
 */
export default function ContactShareDialog({ contact, onClose }: { contact: TVirtualContact | null; onClose: () => void }) {
  const { t } = useTranslation('card');
  const name = contact ? `${contact.firstName} ${contact.lastName}`.trim() || contact.name : '';
  const downloads = contact && !contact.hasVirginAccessProtection ? cardQrDownloads(contact.quickId || contact.virtualContactId) : null;
  return (
    <ShareLinkDialog
      link={contact ? cardShareUrl(window.location.origin, contact, 'link') : null}
      qrLink={contact ? cardShareUrl(window.location.origin, contact, 'qr') : null}
      qrDownloads={
        downloads
          ? [
              { label: t('share.qrSvg'), href: downloads.svg },
              { label: t('share.qrPng'), href: downloads.png },
            ]
          : undefined
      }
      title={t('share.title')}
      qrLabel={t('share.cardQrLabel', { name })}
      qrImage={contact?.picture ? profilePictureUrl(contact.quickId || contact.virtualContactId) : null}
      shareTitle={name}
      shareText={contact?.jobTitle ? `${name} — ${contact.jobTitle}` : name}
      testId="share-dialog"
      linkTestId="share-link"
      onClose={onClose}
    />
  );
}
