/**
 * Outbound link builders (docs/contracts.md §2 public contact view, §5, §7 "Outbound links"),
 * shared by the public card view and the vCard writer. Pure functions: no DOM,
 * no `URL` global, so they run the same in the server and the browser.
 *
 * Every href they return is safe to put in an `<a href>`: a value that does not
 * start with an allowed scheme is treated as a host name and gets `http://`, so
 * `javascript:` and `data:` never come out as a scheme.
 */
import type { TEmail, TLocation, TSocialMedia, TVirtualContact } from './contact.ts';
import { withVisitSource, type TVisitSource } from './visit-source.ts';

/** The social-entry fields the URL builder reads (a corporate profile's entries have no referenceType). */
export type TSocialLinkInput = Pick<TSocialMedia, 'socialMediaType'> &
  Partial<Pick<TSocialMedia, 'accountId' | 'urlOverride' | 'useUrlOverride'>>;

/** The location fields the maps link reads; all optional (a corporate location has only title and place id). */
export type TMapsLocation = Partial<Pick<TLocation, 'title' | 'address' | 'city' | 'country' | 'googlePlaceId' | 'latitude' | 'longitude'>>;

const HTTP_URL = /^https?:\/\//i;
/** Schemes kept as written by `linkHref`; anything else is read as a host name. */
const LINK_SCHEMES = /^(?:https?:\/\/|mailto:|tel:)/i;
/** Social overrides may also be an app deep link of one of the networks. */
const SOCIAL_SCHEMES = /^(?:https?:\/\/|mailto:|tel:|viber:|weixin:|whatsapp:|tg:|line:|fb-messenger:)/i;

/** Strips leading/trailing spaces and C0 controls (what browsers ignore around a URL). */
// eslint-disable-next-line no-control-regex -- browsers ignore these around a URL; so must we
const trimUrl = (value: string): string => value.replace(/^[\u0000-\u0020\u007f]+|[\u0000-\u0020\u007f]+$/g, '');

/** Percent-encodes whitespace and control characters left inside a URL, so none can break out of it. */
const encodeControls = (value: string): string =>
  // eslint-disable-next-line no-control-regex -- encoding control characters is the point
  value.replace(/[\u0000-\u0020\u007f\u0085\u00a0\u2028\u2029]/g, (c) => encodeURIComponent(c));

/** Encodes one path segment; `@` stays literal (valid in a path, and part of @handles). */
const encodeSegment = (value: string): string => encodeURIComponent(value).replace(/%40/g, '@');

const nonEmpty = (value: string | null | undefined): string | null => {
  const t = value?.trim();
  return t ? t : null;
};

function safeHref(value: string, allowed: RegExp): string {
  const url = trimUrl(value);
  if (!url) return '';
  if (allowed.test(url)) return encodeControls(url);
  // Not an allowed scheme: a bare host ("example.com", "//example.com", "javascript:x"), so http://.
  return `http://${encodeControls(url.replace(/^\/+/, ''))}`;
}

/**
 * docs/contracts.md §5: a link without a leading http gets `http://` prepended. `mailto:` and
 * `tel:` are kept; any other scheme (`javascript:`, `data:` ...) is read as a host
 * name, so the result is never a script URL. Whitespace inside is percent-encoded.
 * A blank input gives ''.
 */
export function linkHref(linkUrl: string): string {
  return safeHref(linkUrl, LINK_SCHEMES);
}

/** `+` kept only when the number starts with one; everything but digits dropped. */
function phoneDigits(value: string, keepPlus: boolean): string | null {
  const digits = value.replace(/\D/g, '');
  if (!digits) return null;
  return keepPlus && value.trim().startsWith('+') ? `+${digits}` : digits;
}

function youtubePath(id: string): string {
  if (id.startsWith('@')) return `@${encodeSegment(id.slice(1))}`;
  if (id.includes('/')) {
    // A channel path such as "channel/UC..." or "c/name".
    return id.split('/').filter(Boolean).map(encodeSegment).join('/');
  }
  return `@${encodeSegment(id)}`;
}

function linkedInPath(id: string): string {
  const parts = id.split('/').filter(Boolean);
  const kind = parts[0]?.toLowerCase();
  if (parts.length > 1 && (kind === 'in' || kind === 'company' || kind === 'school' || kind === 'pub')) {
    return parts.map(encodeSegment).join('/');
  }
  return `in/${encodeSegment(id.replace(/^@/, ''))}`;
}

/**
 * The profile URL of a social entry (docs/contracts.md §5, §7):
 * 1. `useUrlOverride` with a non-blank `urlOverride` → the override;
 * 2. an `accountId` beginning with http:// or https:// → used as the full URL;
 * 3. otherwise the network's profile URL built from the id (path parts encoded).
 * Null when there is nothing usable (blank id, or no digits for Viber/WhatsApp).
 * WeChat gives a `weixin://` link; the web shows a QR code for it instead.
 */
export function socialUrl(entry: TSocialLinkInput): string | null {
  const override = nonEmpty(entry.urlOverride);
  if (entry.useUrlOverride && override) return safeHref(override, SOCIAL_SCHEMES);
  const id = nonEmpty(entry.accountId);
  if (!id) return null;
  if (HTTP_URL.test(id)) return safeHref(id, LINK_SCHEMES);
  const handle = id.replace(/^@+/, '');
  if (!handle) return null;
  const seg = encodeSegment(handle);
  switch (entry.socialMediaType) {
    case 'Facebook':
      return `https://www.facebook.com/${seg}`;
    case 'Messenger':
      return `https://m.me/${seg}`;
    case 'Twitter':
      return `https://twitter.com/${seg}`;
    case 'Instagram':
      return `https://www.instagram.com/${seg}`;
    case 'LinkedIn':
      return `https://www.linkedin.com/${linkedInPath(id)}`;
    case 'Viber': {
      const number = phoneDigits(id, true);
      return number ? `viber://chat?number=${encodeURIComponent(number)}` : null;
    }
    case 'Whatsapp': {
      const number = phoneDigits(id, false);
      return number ? `https://wa.me/${number}` : null;
    }
    case 'WeChat':
      return `weixin://dl/chat?${encodeURIComponent(id)}`;
    case 'Telegram':
      return `https://t.me/${seg}`;
    case 'Youtube':
      return `https://www.youtube.com/${youtubePath(id)}`;
    case 'TikTok':
      return `https://www.tiktok.com/@${seg}`;
    case 'Line':
      // LINE official accounts are "@id", personal ids "~id": both kept as written.
      return `https://line.me/R/ti/p/${encodeSegment(id)}`;
    default:
      return null;
  }
}

/**
 * `tel:` link for a phone number: digits, a leading `+`, and `*`/`#` (encoded)
 * kept; spaces and separators dropped. Null when there are no digits.
 */
export function telHref(phone: string | { phoneNumber: string }): string | null {
  const raw = (typeof phone === 'string' ? phone : phone.phoneNumber).trim();
  if (!/\d/.test(raw)) return null;
  const body = raw.replace(/[^\d*#]/g, '').replace(/#/g, '%23');
  return `tel:${raw.startsWith('+') ? '+' : ''}${body}`;
}

/** `mailto:` link for an address (characters that would start a query or fragment are encoded). Null when blank. */
export function mailtoHref(email: string | { email: string }): string | null {
  const address = nonEmpty(typeof email === 'string' ? email : email.email);
  if (!address) return null;
  return `mailto:${encodeURIComponent(address).replace(/%40/g, '@').replace(/%2B/g, '+')}`;
}

/** docs/contracts.md §2: an e-mail is shown by its name when it has one, else by its address. */
export function emailLabel(e: Pick<TEmail, 'email'> & { name?: string | null }): string {
  return nonEmpty(e.name) ?? e.email.trim();
}

const MAPS_SEARCH = 'https://www.google.com/maps/search/?api=1&query=';

/**
 * Google Maps link for a place (docs/contracts.md §7): by place id when known; else by
 * coordinates at zoom 15; else a search for the joined address, city and
 * country (the title alone when there is no address part). Null when empty.
 */
export function mapsUrl(location: TMapsLocation): string | null {
  const placeId = nonEmpty(location.googlePlaceId);
  if (placeId) return `https://www.google.com/maps/place/?q=place_id:${encodeURIComponent(placeId)}`;
  const { latitude: lat, longitude: lng } = location;
  if (typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng)) {
    return `${MAPS_SEARCH}${lat},${lng}&zoom=15`;
  }
  const parts = [location.address, location.city, location.country].map(nonEmpty).filter((p) => p !== null);
  const query = parts.length > 0 ? parts.join(', ') : nonEmpty(location.title);
  return query ? `${MAPS_SEARCH}${encodeURIComponent(query)}` : null;
}

/** The Facebook sharer link for a page (the share window's "Share To Facebook"). */
export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

/** Where the share window can send a link (issue 30 "More ways to share"). */
export const SHARE_TARGETS = ['Facebook', 'WhatsApp', 'Messenger', 'Telegram', 'LinkedIn', 'SMS', 'Email'] as const;
export type TShareTarget = (typeof SHARE_TARGETS)[number];

/** What is shared: the link, a title (an e-mail's subject) and a line of text sent with the link. */
export interface TShareContent {
  url: string;
  title: string;
  text: string;
}

/**
 * The plain share link of each target, the page's link and text encoded into it: web sharer
 * addresses, the Messenger app's `fb-messenger:` link, `sms:` and `mailto:`. No target needs a
 * third-party script or an app id.
 */
export function shareTargetUrl(target: TShareTarget, { url, title, text }: TShareContent): string {
  const u = encodeURIComponent(url);
  const withText = text.trim() ? `${encodeURIComponent(text.trim())}%20${u}` : u;
  switch (target) {
    case 'Facebook':
      return facebookShareUrl(url);
    case 'WhatsApp':
      return `https://wa.me/?text=${withText}`;
    case 'Messenger':
      return `fb-messenger://share/?link=${u}`;
    case 'Telegram':
      return `https://t.me/share/url?url=${u}${text.trim() ? `&text=${encodeURIComponent(text.trim())}` : ''}`;
    case 'LinkedIn':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'SMS':
      // `?&body=` is the form both iOS and Android read.
      return `sms:?&body=${withText}`;
    case 'Email':
      return `mailto:?subject=${encodeURIComponent(title.trim())}&body=${text.trim() ? `${encodeURIComponent(text.trim())}%0A` : ''}${u}`;
  }
}

const stripSlash = (publicUrl: string): string => publicUrl.trim().replace(/\/+$/, '');

/**
 * docs/contracts.md §2 public link of a card: `{publicUrl}/ds/vbc/i/{quickId or virtualContactId}`,
 * the quickId preferred when present; tagged `?s={source}` by a share surface (issue 29).
 */
export function cardShareUrl(
  publicUrl: string,
  contact: Pick<TVirtualContact, 'virtualContactId'> & { quickId?: string | null },
  source?: TVisitSource,
): string {
  const id = nonEmpty(contact.quickId) ?? contact.virtualContactId;
  return withVisitSource(`${stripSlash(publicUrl)}/ds/vbc/i/${encodeURIComponent(id)}`, source);
}

/** The counting redirect of the card's `n`-th link (issue 29): `/ds/vbc/l/{contactId}/{n}`, tagged with the page's source. */
export function countedLinkPath(contactId: string, n: number, source?: TVisitSource | null): string {
  return withVisitSource(`/ds/vbc/l/${encodeURIComponent(contactId)}/${n}`, source);
}

/** docs/contracts.md §2 public link of a pet: `{publicUrl}/ds/vp/i/{virtualPetId}`. */
export function petShareUrl(publicUrl: string, petId: string): string {
  return `${stripSlash(publicUrl)}/ds/vp/i/${encodeURIComponent(petId)}`;
}
