import type { TVirtualContact } from '@vbc/shared/contact';
import { accentOf, fillForWhiteText, visibleAccent } from '../../theme.ts';
import { displayUrl } from '../../api/contacts.ts';
import type { TPinGrant } from '../../platform/events.ts';

/**
 * True when the card has PIN protection (docs/contracts.md §3 pinProtectionLevel set). Kept
 * here rather than imported from @vbc/shared/contact, whose zod schemas would
 * enter the bundle with any value import.
 */
export const isPinProtected = (contact: Pick<TVirtualContact, 'pinProtectionLevel'>): boolean => (contact.pinProtectionLevel ?? 0) > 0;

/** What every layout renders: the card as shown (PIN-unlocked data merged in) and derived values. */
export interface TContactModel {
  contact: TVirtualContact;
  /** PIN protection is on and not unlocked: phones, e-mails, download and vCard QR are hidden. */
  locked: boolean;
  /** PIN access token, appended to the download link. */
  accessToken: string | null;
  /** The card's accent (accentColor1, default #282832), lifted to the brand colour when too dark to see. */
  accent: string;
  /** The accent as the fill of a button with white text: darkened until the text reaches WCAG AA. */
  accentFill: string;
  /** The second accent (accentColor2, else the first), same rule. */
  accent2: string;
  /** The normal picture, else the high-resolution one; null → the generic image. */
  picture: string | null;
  /** The high-resolution picture, else the normal one (docs/contracts.md §2: preferred in some layouts). */
  highResPicture: string | null;
  cover: string | null;
  /** The logo of the card's business template (issue 27), or null. */
  logo: string | null;
  fullName: string;
}

/** Builds the model of a card, with a PIN grant applied when there is one. */
export function contactModel(contact: TVirtualContact, grant: TPinGrant | null): TContactModel {
  const shown = grant ? { ...contact, phones: grant.phones, emails: grant.emails } : contact;
  const normal = contact.pictureDisplayItemId ?? contact.highResPictureDisplayItemId;
  const high = contact.highResPictureDisplayItemId ?? contact.pictureDisplayItemId;
  const accent = visibleAccent(accentOf(contact.designSpecification.accentColor1));
  return {
    contact: shown,
    locked: isPinProtected(contact) && !grant,
    accessToken: grant?.accessToken ?? null,
    accent,
    accentFill: fillForWhiteText(accent),
    accent2: visibleAccent(accentOf(contact.designSpecification.accentColor2 ?? contact.designSpecification.accentColor1)),
    picture: normal ? displayUrl(normal) : null,
    highResPicture: high ? displayUrl(high) : null,
    cover: contact.heroImageDisplayItemId ? displayUrl(contact.heroImageDisplayItemId) : null,
    logo: contact.logoDisplayItemId ? displayUrl(contact.logoDisplayItemId) : null,
    fullName: `${contact.firstName} ${contact.lastName}`.trim() || contact.name,
  };
}

/** Photos of the FIRST wall board only (docs/contracts.md §2, §9). */
export const wallPhotos = (contact: TVirtualContact) => contact.wall.boards[0]?.items ?? [];

/**
 * True for a card with nothing filled in yet (just adopted): no name, picture, text, contact
 * rows, links, places, social entries or photos. Its public page says it is being set up rather
 * than showing an empty layout. A PIN-locked card is never counted empty (its rows are hidden, not absent).
 */
export function isBeingSetUp(contact: TVirtualContact): boolean {
  if (isPinProtected(contact)) return false;
  const text = [
    contact.firstName,
    contact.lastName,
    contact.name,
    contact.jobTitle,
    contact.organization,
    contact.biography,
    ...contact.markdownDescriptions,
  ];
  return (
    text.every((t) => !t?.trim()) &&
    !contact.pictureDisplayItemId &&
    !contact.highResPictureDisplayItemId &&
    !contact.heroImageDisplayItemId &&
    (contact.phones?.length ?? 0) +
      (contact.emails?.length ?? 0) +
      contact.links.length +
      (contact.videos?.length ?? 0) +
      contact.locations.length +
      contact.socialMedias.length ===
      0 &&
    wallPhotos(contact).length === 0
  );
}
