import type { TCardSummary, TPetSummary } from '@vbc/shared/account';
import type { TVirtualContact } from '@vbc/shared/contact';
import { cardShareUrl, petShareUrl } from '@vbc/shared/links';
import { emitClientEvent } from '../../platform/events.ts';

/** The session's account lists (the session types are narrower than the API's answer). */
export const asCards = (list: readonly unknown[] | undefined): TCardSummary[] => (list ?? []) as TCardSummary[];
export const asPets = (list: readonly unknown[] | undefined): TPetSummary[] => (list ?? []) as TPetSummary[];

/** A card's name: first and last name, else its name, else `untitled` (the active language's "Untitled card"). */
export const cardName = (c: Pick<TCardSummary, 'firstName' | 'lastName' | 'name'>, untitled: string): string =>
  `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim() || c.name || untitled;

/** A summary dressed as the card the share window expects (it reads ids, names, job title, picture). */
export function shareableCard(c: TCardSummary): TVirtualContact {
  return {
    ...c,
    picture: c.pictureDisplayItemId ? { displayItemId: c.pictureDisplayItemId, contentType: 'image/webp' } : null,
  } as unknown as TVirtualContact;
}

export const shareCard = (c: TCardSummary) => emitClientEvent('shareContact', { contact: shareableCard(c) });
export const cardQr = (c: TCardSummary, title: string) =>
  emitClientEvent('qr', { title, code: cardShareUrl(window.location.origin, c, 'qr') });
export const sharePet = (p: TPetSummary) => emitClientEvent('sharePet', { virtualPetId: p.virtualPetId, name: p.name });
export const petQr = (p: TPetSummary) =>
  emitClientEvent('qr', { title: p.name, code: petShareUrl(window.location.origin, p.virtualPetId) });
