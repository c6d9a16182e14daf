import { socialUrl } from '@vbc/shared/links';
import type { TSocialMedia, TVirtualContact } from '@vbc/shared/contact';
import { wallPhotos } from './model.ts';
import type { TContentFlags } from './parts/Section.tsx';

/** True when a social entry can be shown (a profile URL or an uploaded QR). */
export const showableSocial = (s: TSocialMedia) => !!socialUrl(s) || !!s.qrCode;

/** What a card has to show, so layouts draw headings only over content. */
export function contentFlags(contact: TVirtualContact, socials: readonly TSocialMedia[] = contact.socialMedias): TContentFlags {
  return {
    about: !!contact.biography?.trim() || contact.markdownDescriptions.some((m) => m.trim()) || wallPhotos(contact).length > 0,
    social: socials.some(showableSocial),
    contactInfo: (contact.phones?.length ?? 0) + (contact.emails?.length ?? 0) > 0,
    links: contact.links.length > 0 || (contact.videos?.length ?? 0) > 0,
    places: contact.locations.length > 0,
  };
}
