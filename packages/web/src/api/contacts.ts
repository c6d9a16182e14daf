/** docs/contracts.md §7 calls about public cards, and the §2 file paths. */
import type { TCorporateProfile, TPinValidation, TVirtualContact } from '@vbc/shared/contact';
import { withVisitSource, type TVisitSource } from '@vbc/shared/visit-source';
import { HttpError, http, type TRequestOptions } from './http.ts';

const enc = encodeURIComponent;

export const getContact = (contactId: string, options?: TRequestOptions) =>
  http.get<TVirtualContact>(`/api/vbc/virtualcontact/${enc(contactId)}`, options);

/**
 * Whether a card has this quickId or id, without loading it: the share link `/ds/vbc/i/{id}`
 * redirects for a card and answers 404 otherwise. Rejects with an HttpError for any other answer.
 */
export async function cardExists(contactId: string): Promise<boolean> {
  const response = await fetch(`/ds/vbc/i/${enc(contactId)}`, { method: 'HEAD', redirect: 'manual' });
  if (response.type === 'opaqueredirect') return true;
  if (response.status === 404) return false;
  throw new HttpError(String(response.status), response.status);
}

/**
 * Counts the view of a card the page now shows (issue 30): the server counts it once per visitor per
 * day and never the owner's, whom it knows by the session sent along, under the page's source (issue 29).
 * Never fails the page.
 */
export const recordCardView = (contactId: string, source: TVisitSource | null = null): void => {
  http.post<void>(withVisitSource(`/api/vbc/virtualcontact/${enc(contactId)}/view`, source)).catch(() => undefined);
};

export const getCorporateProfile = (corporateProfileId: string, options?: TRequestOptions) =>
  http.get<TCorporateProfile>(`/api/vbc/corporateProfile/${enc(corporateProfileId)}`, options);

export const getCorporateInfo = (contactId: string, options?: TRequestOptions) =>
  http.get<TCorporateProfile>(`/api/vbc/virtualContact/${enc(contactId)}/corporateInfo`, options);

export const validatePinCode = (virtualContactId: string, pinCode: string) =>
  http.post<TPinValidation>(`/api/vbc/validatepincode/${enc(virtualContactId)}`, { pinCode });

/** "Contact Download": the vCard file, with the PIN access token when unlocked. */
export const contactDownloadUrl = (virtualContactId: string, accessToken?: string | null): string =>
  `/ds/vbc/download/i/${enc(virtualContactId)}${accessToken ? `?accessToken=${enc(accessToken)}` : ''}`;

/** The card's QR code for print (issue 29): an SVG and a 1200 px PNG of its link with `s=qr`. */
export const cardQrDownloads = (contactId: string) => ({
  svg: `/ds/vbc/qr/${enc(contactId)}?format=svg`,
  png: `/ds/vbc/qr/${enc(contactId)}?format=png`,
});

export const displayUrl = (displayItemId: string) => `/ds/vbc/display/${enc(displayItemId)}`;
export const obsecuredDisplayUrl = (obsecuredDisplayItemId: string) => `/ds/vbc/odisplay/${enc(obsecuredDisplayItemId)}`;
export const profilePictureUrl = (id: string) => `/ds/vbc/profilepicture/${enc(id)}`;
export const fileUrl = (documentFileItemId: string) => `/ds/vbc/file/${enc(documentFileItemId)}`;
