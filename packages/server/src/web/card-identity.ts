/**
 * The card page as an identity document (issue 29): schema.org JSON-LD (a `ProfilePage` whose
 * `mainEntity` is the `Person`, or the `Organization` of a corporate card), the canonical URL,
 * `<link rel="alternate" type="text/vcard">`, `<link rel="me">` per social profile, and
 * `noindex` where the card must stay out of search engines. Everything is built from the card as
 * a visitor sees it (`presentContact` without the PIN): PIN-hidden phones and e-mails are not
 * in it, so they cannot reach any of these.
 */
import type { Organization, Person, PostalAddress, ProfilePage, WithContext } from 'schema-dts';
import { isPinProtected, linkHref, socialUrl, type TVirtualContact } from '@vbc/shared';

/** The addresses of a card's page, picture and vCard (absolute). */
export interface TCardUrls {
  /** The canonical page: `{PUBLIC_URL}/vbc/{quickId}`. */
  page: string;
  image: string | null;
  /** The vCard download; null when a visitor cannot download it (PIN-protected, unadopted). */
  vcard: string | null;
}

/**
 * May search engines index the card's page? Not when its owner switched "Listed in search
 * engines" off, nor for a PIN-protected card (its owner keeps it to those given the PIN) or one
 * waiting to be adopted (nobody's yet).
 */
export const cardIndexable = (contact: TVirtualContact): boolean =>
  contact.listedInSearchEngines && !isPinProtected(contact) && !contact.hasVirginAccessProtection;

/** The vCard download a visitor may use, else null. */
export const visitorVCardUrl = (contact: TVirtualContact, url: string): string | null =>
  isPinProtected(contact) || contact.hasVirginAccessProtection ? null : url;

const present = (value: string | null | undefined): string | undefined => value?.trim() || undefined;
const list = <T>(values: T[]): T[] | undefined => (values.length > 0 ? values : undefined);

/** The card's social profiles on the web (http and https links: what `sameAs` and `rel="me"` name). */
export function profileUrls(contact: Pick<TVirtualContact, 'socialMedias'>): string[] {
  const urls = contact.socialMedias.map((entry) => socialUrl(entry)).filter((url): url is string => !!url && /^https?:\/\//i.test(url));
  return [...new Set(urls)];
}

/** The card as schema.org JSON-LD: a ProfilePage about its Person (or its Organization, for a corporate card). */
export function cardJsonLd(contact: TVirtualContact, urls: TCardUrls): WithContext<ProfilePage> | null {
  if (contact.hasVirginAccessProtection) return null;
  const place = contact.locations.find((l) => present(l.address));
  const address: PostalAddress | undefined = place && {
    '@type': 'PostalAddress',
    name: present(place.title),
    streetAddress: present(place.address),
    addressLocality: present(place.city),
    addressCountry: present(place.country),
  };
  const shared = {
    '@id': `${urls.page}#card`,
    url: urls.page,
    image: urls.image ?? undefined,
    description: present(contact.biography),
    sameAs: list([...profileUrls(contact), ...contact.links.map((l) => linkHref(l.linkUrl)).filter(Boolean)]),
    // The visitor's view: empty while PIN-protected.
    telephone: list((contact.phones ?? []).map((p) => p.phoneNumber)),
    email: list((contact.emails ?? []).map((e) => e.email)),
    address,
  };
  const name = contact.name || present(contact.organization) || 'Card';
  const mainEntity: Person | Organization = contact.isCorporateProfile
    ? { '@type': 'Organization', ...shared, name: present(contact.organization) ?? name, logo: urls.image ?? undefined }
    : {
        '@type': 'Person',
        ...shared,
        name,
        givenName: present(contact.firstName),
        familyName: present(contact.lastName),
        jobTitle: present(contact.jobTitle),
        worksFor: present(contact.organization) && { '@type': 'Organization', name: present(contact.organization)! },
      };
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: urls.page,
    name,
    dateModified: contact.updatedAt,
    mainEntity,
  };
}
