import type { TVirtualContact, TVirtualPet } from '@vbc/shared';
import { PRODUCT_NAME } from '@vbc/shared';
import { cardIndexable, cardJsonLd, profileUrls, type TCardUrls } from './card-identity.ts';
import type { TRenderedPage } from './card-renderer.ts';
import { LOCALES, localeDirection, type TLocale } from '@vbc/shared/i18n/locales';
import { speciesName } from '@vbc/shared/pet-species';
import { translatorFor } from '../platform/i18n/translator.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON that is safe inside a <script> element: no `</script>`, no HTML comment openers, no line separators. */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The id of the <script type="application/json"> element the SPA reads its first card from. */
export const INITIAL_CARD_ELEMENT_ID = 'vbc-initial-card';
/** The same for the pet page (web src/screens/Pet/initial-pet.ts). */
export const INITIAL_PET_ELEMENT_ID = 'vbc-initial-pet';
/** The same for a server-rendered page's language and messages (web src/i18n/i18n.ts). */
export const INLINED_MESSAGES_ELEMENT_ID = 'vbc-i18n';

/** What a shared link's preview shows, and the data the page's first render uses. */
interface TPreview {
  title: string;
  description: string;
  type: 'profile' | 'website';
  page: string;
  image: string | null;
  inline: { elementId: string; value: unknown };
  /** More <head> tags, already escaped (a card's identity: canonical, JSON-LD, noindex …). */
  head?: string[];
}

/**
 * index.html as the app's shell in `locale` (issue 31): `<html lang dir>` and the loading screen's
 * words (docs/contracts.md §2 loading state), so a visitor whose app has not started yet neither
 * reads English nor sees the page in the wrong direction.
 */
export function localizedShell(indexHtml: string, locale: TLocale): string {
  const t = translatorFor(locale, 'pages');
  return indexHtml
    .replace(/<html lang="[^"]*"[^>]*>/, `<html lang="${locale}" dir="${localeDirection(locale)}">`)
    .replace('<p>Loading V.B.C.</p>', `<p>${escapeHtml(t('loading.text'))}</p>`)
    .replace('aria-label="Loading"', `aria-label="${escapeHtml(t('loading.label'))}"`);
}

/**
 * The page in each of the product's languages (`?lang=`, issue 31), for search engines to show a
 * reader the one in their language; `x-default` is the page itself (it follows the reader's browser).
 */
function languageAlternates(page: string): string[] {
  const url = new URL(page);
  url.searchParams.delete('lang');
  const inLanguage = (locale: TLocale) => {
    const alternate = new URL(url);
    alternate.searchParams.set('lang', locale);
    return alternate.href;
  };
  return [
    ...LOCALES.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${escapeHtml(inLanguage(locale))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url.href)}">`,
  ];
}

/** index.html in `locale` with title, description and OpenGraph/Twitter tags for link previews, and the page's data inlined. */
function renderPreviewPage(indexHtml: string, locale: TLocale, preview: TPreview): string {
  const { title, description, page, image } = preview;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="${preview.type}">`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(page)}">`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : '',
    `<script type="application/json" id="${preview.inline.elementId}">${scriptSafeJson(preview.inline.value)}</script>`,
    ...languageAlternates(page),
    ...(preview.head ?? []),
  ]
    .filter(Boolean)
    .join('\n    ');
  return localizedShell(indexHtml, locale)
    .replace(/<title>[^<]*<\/title>/, '')
    .replace('</head>', `    ${tags}\n  </head>`);
}

/**
 * A card page's identity in <head> (issue 29, card-identity.ts): its canonical URL, `noindex`
 * where due, the vCard as an alternate, `rel="me"` per social profile and the JSON-LD.
 */
function cardIdentityTags(contact: TVirtualContact, urls: TCardUrls, title: string): string[] {
  const jsonLd = cardJsonLd(contact, urls);
  return [
    `<link rel="canonical" href="${escapeHtml(urls.page)}">`,
    cardIndexable(contact) ? '' : '<meta name="robots" content="noindex">',
    urls.vcard ? `<link rel="alternate" type="text/vcard" href="${escapeHtml(urls.vcard)}" title="${escapeHtml(`${title} (vCard)`)}">` : '',
    ...profileUrls(contact).map((url) => `<link rel="me" href="${escapeHtml(url)}">`),
    jsonLd ? `<script type="application/ld+json">${scriptSafeJson(jsonLd)}</script>` : '',
  ].filter(Boolean);
}

/**
 * index.html for one card: title, description and OpenGraph/Twitter tags for
 * link previews, its identity (canonical, JSON-LD, vCard link, noindex where due), and the
 * card itself inlined so the first render needs no API round trip. The words the server adds
 * (a description for a card without job or company) are in the page's `locale` (issue 31).
 */
export function renderCardPage(indexHtml: string, contact: TVirtualContact, urls: TCardUrls, locale: TLocale): string {
  const title = contact.hasVirginAccessProtection ? PRODUCT_NAME : contact.name || PRODUCT_NAME;
  const description =
    [contact.jobTitle, contact.organization].filter(Boolean).join(' · ') || translatorFor(locale, 'pages')('preview.card', { title });
  return renderPreviewPage(indexHtml, locale, {
    title,
    description,
    type: 'profile',
    page: urls.page,
    image: urls.image,
    inline: { elementId: INITIAL_CARD_ELEMENT_ID, value: contact },
    head: cardIdentityTags(contact, urls, title),
  });
}

/** index.html for a pet's page (/vbc/p/{petId}), as renderCardPage for a card: the pet as a visitor sees it. */
export function renderPetPage(indexHtml: string, pet: TVirtualPet, urls: { page: string; image: string | null }, locale: TLocale): string {
  const title = pet.name || PRODUCT_NAME;
  // Every pet has a species: the preview names it (after the breed, when the owner gave one).
  const kind = [pet.breed, speciesName(translatorFor(locale, 'pets'), pet.species)].filter(Boolean).join(' · ');
  const description = pet.isLost ? translatorFor(locale, 'pages')('preview.petLost', { title }) : kind;
  return renderPreviewPage(indexHtml, locale, {
    title,
    description,
    type: 'website',
    ...urls,
    inline: { elementId: INITIAL_PET_ELEMENT_ID, value: pet },
  });
}

/**
 * A card (or pet) page as the server rendered it: the card's markup in #root (marked `data-ssr`, so the
 * app hydrates it), its styles in <head>, its language on <html lang dir> with its messages inlined
 * (issue 31), and in place of the app's scripts only the small boot script, which starts the app when
 * the visitor acts (web src/card-boot.ts).
 */
export function withServerRendering(
  cardPage: string,
  rendered: TRenderedPage,
  boot: { bootScript: string; bootImports: string[] },
): string {
  const root = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;
  if (!root.test(cardPage)) return cardPage;
  const messages = { locale: rendered.locale, messages: rendered.messages };
  return cardPage
    .replace(/<html lang="[^"]*"[^>]*>/, `<html lang="${escapeHtml(rendered.locale)}" dir="${rendered.direction}">`)
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      '</head>',
      `  ${rendered.styles}\n    <script type="application/json" id="${INLINED_MESSAGES_ELEMENT_ID}">${scriptSafeJson(messages)}</script>\n    <script type="module" crossorigin src="/vbc/${boot.bootScript}"></script>\n${boot.bootImports.map((file) => `    <link rel="modulepreload" crossorigin href="/vbc/${file}">\n`).join('')}  </head>`,
    )
    .replace(root, (_match, end: string) => `<div id="root" data-ssr>${rendered.html}</div>${end}`);
}
