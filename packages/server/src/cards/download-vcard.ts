import { cardShareUrl, isPinProtected, vcardFileName, writeJCard, writeVCard, type TVCardVersion, type TVisitSource } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { AppError, notFound } from '../platform/errors/app-error.ts';
import type { FileStorage } from '../files/index.ts';
import type { FoundContact } from './find-contact.ts';
import { verifyPinAccess } from './pin/pin-access.ts';
import { isUnadopted, presentContact } from './present-card.ts';
import type { StatsCounter } from './stats-counter.ts';
import { vcardPhoto } from './vcard-photo.ts';

/** What a vCard download needs: the cached public read, the PIN key, the picture's bytes, the counter and the share links' origin. */
export interface TVCardDeps {
  db: Db;
  storage: FileStorage;
  signingKey: Buffer;
  stats: StatsCounter;
  publicUrl: string;
  getPublic(contactId: string): Promise<FoundContact>;
}

/** A card as a vCard file, with the name to save it under. */
export interface TVCardFile {
  vcard: string;
  fileName: string;
}

/** What a download may be answered in (issue 29): vCard 3.0 (the default), vCard 4.0 or jCard (RFC 7095). */
export type TVCardFormat = TVCardVersion | 'jcard';

/** A download: the body, its media type and the name to save it under. */
export interface TVCardDownload {
  body: string;
  contentType: string;
  fileName: string;
}

/**
 * docs/contracts.md §7 vCard download of a card by id or quickId, in the format asked for: 404 while it waits to be adopted; 403 for a
 * PIN-protected card unless the caller owns it or brings a valid PIN access token. The owner's
 * own downloads are not counted.
 */
export async function downloadVCard(
  deps: TVCardDeps,
  input: {
    contactId: string;
    accountId: string | undefined;
    accessToken: string | undefined;
    format: TVCardFormat;
    /** Where the visit came from (the page's `s=`, issue 29); untagged is `direct`. */
    source?: TVisitSource | null;
  },
): Promise<TVCardDownload> {
  const { row, picture } = await deps.getPublic(input.contactId);
  if (isUnadopted(row)) throw notFound('card');
  const owner = !!input.accountId && row.ownerAccountId === input.accountId;
  if (isPinProtected(row) && !owner && !verifyPinAccess(deps.signingKey, row, input.accessToken)) {
    throw new AppError('forbidden', 'This card is protected by a PIN: enter the PIN to download it.');
  }
  const contact = presentContact(row, picture, { revealContactInfo: true });
  const photo = await vcardPhoto(deps, picture);
  const url = cardShareUrl(deps.publicUrl, contact);
  if (!owner) deps.stats.record(row.id, 'download', input.source ?? 'direct');
  const fileName = vcardFileName(contact);
  if (input.format === 'jcard') {
    const body = JSON.stringify(writeJCard(contact, { photo, url }));
    return { body, contentType: 'application/vcard+json', fileName: fileName.replace(/\.vcf$/, '.json') };
  }
  return { body: writeVCard(contact, { photo, url, version: input.format }), contentType: 'text/vcard; charset=utf-8', fileName };
}

/** A card's vCard as any visitor may have it, with its public link: what an e-mail to a visitor attaches (leads/). */
export interface TVisitorVCard extends TVCardFile {
  /** The card's share link. */
  url: string;
  /** The card's name as it shows (first and last). */
  name: string;
}

/**
 * The vCard the download route gives a visitor (the same writer, picture and link), for a card sent
 * by e-mail: not counted as a download; a PIN-protected card's PIN-hidden rows (phones, e-mails) are
 * left out rather than refused, since the mail carries no PIN.
 */
export async function visitorVCard(deps: TVCardDeps, contactId: string): Promise<TVisitorVCard> {
  const { row, picture } = await deps.getPublic(contactId);
  if (isUnadopted(row)) throw notFound('card');
  const contact = presentContact(row, picture, { revealContactInfo: false });
  const photo = await vcardPhoto(deps, picture);
  const url = cardShareUrl(deps.publicUrl, contact);
  return { vcard: writeVCard(contact, { photo, url }), fileName: vcardFileName(contact), url, name: contact.name };
}
