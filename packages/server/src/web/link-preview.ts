import type { TVirtualContact } from '@vbc/shared';
import { PRODUCT_NAME } from '@vbc/shared';

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

/**
 * index.html for one card: title, description and OpenGraph/Twitter tags for
 * link previews, and the card itself inlined so the first render needs no
 * API round trip.
 */
export function renderCardPage(indexHtml: string, contact: TVirtualContact, urls: { page: string; image: string | null }): string {
  const title = contact.hasVirginAccessProtection ? PRODUCT_NAME : contact.name || PRODUCT_NAME;
  const description = [contact.jobTitle, contact.organization].filter(Boolean).join(' · ') || `${title} — digital business card`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="profile">`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(urls.page)}">`,
    urls.image ? `<meta property="og:image" content="${escapeHtml(urls.image)}">` : '',
    `<meta name="twitter:card" content="${urls.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    urls.image ? `<meta name="twitter:image" content="${escapeHtml(urls.image)}">` : '',
    `<script type="application/json" id="${INITIAL_CARD_ELEMENT_ID}">${scriptSafeJson(contact)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  return indexHtml.replace(/<title>[^<]*<\/title>/, '').replace('</head>', `    ${tags}\n  </head>`);
}
