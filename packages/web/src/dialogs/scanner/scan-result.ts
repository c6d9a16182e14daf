import { VISIT_SOURCE_PARAM, visitSourceOf, withVisitSource } from '@vbc/shared/visit-source';

/** What a scanned text is (issue 14 "What a scan does"). */
export type TScanResult =
  /** A V.B.C. card or pet of this server: the app route to open. */
  | { kind: 'app'; route: string }
  /** A vCard: offered as a contact download. */
  | { kind: 'vcard'; text: string }
  /** Any other URL or text: shown with Copy, and Open for http(s). */
  | { kind: 'text'; text: string; openable: boolean };

/**
 * Classifies a scanned text: this server's `/vbc/…` app links and `/ds/vbc/i/{id}`, `/ds/vp/i/{id}`
 * share links open in the app; `BEGIN:VCARD` is a contact; anything else is text.
 */
export function classifyScan(text: string, origin: string): TScanResult {
  const trimmed = text.trim();
  if (/^BEGIN:VCARD/i.test(trimmed)) return { kind: 'vcard', text: trimmed };
  let url: URL | null = null;
  try {
    url = new URL(trimmed);
  } catch {
    url = null;
  }
  const web = url !== null && (url.protocol === 'https:' || url.protocol === 'http:');
  if (url && web && url.origin === origin) {
    const card = /^\/ds\/vbc\/i\/([^/]+)\/?$/.exec(url.pathname);
    // The share surface's tag (a printed QR's `s=qr`, issue 29) goes with it: the view counts under it.
    if (card) return { kind: 'app', route: withVisitSource(`/${card[1]}`, visitSourceOf(url.searchParams.get(VISIT_SOURCE_PARAM))) };
    const pet = /^\/ds\/vp\/i\/([^/]+)\/?$/.exec(url.pathname);
    if (pet) return { kind: 'app', route: `/p/${pet[1]}` };
    if (url.pathname === '/vbc' || url.pathname.startsWith('/vbc/')) {
      return { kind: 'app', route: `${url.pathname.slice('/vbc'.length) || '/'}${url.search}${url.hash}` };
    }
  }
  return { kind: 'text', text: trimmed, openable: web };
}
