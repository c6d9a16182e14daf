/**
 * Not-found pages (issue 30): the server's page for a browser that follows a wrong short link
 * (`/ds/vbc/i/{x}`), and the app's screens for a wrong card address or any unknown path. Their
 * words are in the catalogues (issue 31): the app's `common:notFound.*`, the server's
 * `pages:notFound.*`.
 */

/** Where a not-found page's search goes: the Others screen's Search tab with the words typed. */
export const CARD_SEARCH_PATH = '/vbc/others';
