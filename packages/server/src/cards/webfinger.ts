import { isPinProtected } from '@vbc/shared';
import { badRequest, notFound } from '../platform/errors/app-error.ts';
import type { FoundContact } from './find-contact.ts';
import { isUnadopted } from './present-card.ts';

/** What a WebFinger answer needs: the cached public read and the public origin. */
export interface TWebFingerDeps {
  publicUrl: string;
  getPublic(contactId: string): Promise<FoundContact>;
}

/** One link of a JRD (RFC 7033 §4.4.4). */
export interface TJrdLink {
  rel: string;
  type?: string;
  href: string;
}

/** A JSON Resource Descriptor (RFC 7033 §4.4). */
export interface TJrd {
  subject: string;
  aliases: string[];
  links: TJrdLink[];
}

/** The link relations a card's JRD holds (registered in RFC 7033's and WebFinger.net's lists). */
export const JRD_RELS = {
  profilePage: 'http://webfinger.net/rel/profile-page',
  avatar: 'http://webfinger.net/rel/avatar',
  vcard: 'alternate',
} as const;

const ACCT = /^acct:([^@\s]+)@([^@\s/?#]+)$/i;

/** The card a WebFinger resource names: `acct:{quickId}@{host}`, or the card's page URL on this host; null when it names nothing of ours. */
function cardIdOf(resource: string, origin: URL): string | null {
  const acct = ACCT.exec(resource);
  if (acct) {
    if (acct[2]!.toLowerCase() !== origin.host.toLowerCase()) return null;
    try {
      return decodeURIComponent(acct[1]!);
    } catch {
      throw badRequest('resource: the account part is not valid percent-encoding.');
    }
  }
  if (/^acct:/i.test(resource)) throw badRequest('resource: an acct: resource is acct:{quickId}@{host}.');
  if (!/^https?:\/\//i.test(resource)) {
    throw badRequest('resource: must be acct:{quickId}@{host} or the URL of a card page.');
  }
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    throw badRequest('resource: is not a valid URL.');
  }
  if (url.origin !== origin.origin) return null;
  const path = /^\/(?:vbc|ds\/vbc\/i)\/([^/]+)\/?$/.exec(url.pathname);
  return path ? decodeURIComponent(path[1]!) : null;
}

/**
 * WebFinger (RFC 7033) for a card: `acct:{quickId}@{host}` (or the card's page URL) → its JRD,
 * with the profile page, the picture and the vCard download (left out while PIN-protected: a
 * visitor cannot download it). 404 for an unknown or unadopted card or another host; 400 for a
 * resource that is not an acct: or http(s) URI. `rel` narrows the links (RFC 7033 §4.3).
 */
export async function cardWebFinger(deps: TWebFingerDeps, input: { resource: string; rel: readonly string[] }): Promise<TJrd> {
  const origin = new URL(deps.publicUrl);
  const contactId = cardIdOf(input.resource.trim(), origin);
  if (!contactId) throw notFound('card');
  const { row, picture } = await deps.getPublic(contactId);
  if (isUnadopted(row)) throw notFound('card');
  const base = deps.publicUrl.replace(/\/+$/, '');
  const page = `${base}/vbc/${row.quickId}`;
  const links: TJrdLink[] = [{ rel: JRD_RELS.profilePage, type: 'text/html', href: page }];
  if (picture) links.push({ rel: JRD_RELS.avatar, type: picture.contentType, href: `${base}/ds/vbc/profilepicture/${row.quickId}` });
  if (!isPinProtected(row)) links.push({ rel: JRD_RELS.vcard, type: 'text/vcard', href: `${base}/ds/vbc/download/i/${row.quickId}` });
  return {
    subject: `acct:${row.quickId}@${origin.host}`,
    aliases: [page, `${base}/ds/vbc/i/${row.quickId}`],
    links: input.rel.length > 0 ? links.filter((link) => input.rel.includes(link.rel)) : links,
  };
}
