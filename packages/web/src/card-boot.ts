/**
 * The only script a server-rendered public card page loads before the visitor acts
 * (packages/server/src/web/: the card is already in the HTML, with its styles). Links (call,
 * e-mail, download, social profiles, places) work without any script; where the browser has a share
 * sheet for files, "Contact Download" hands its .vcf to it (platform/share-file.ts). This module
 * records the view in the recently viewed list and counts it on the server (with the session, so the
 * owner's own visits are not counted), has the service worker keep the page for offline use, then
 * starts the app (main.tsx, which hydrates the page):
 * at once for a signed-in visitor, a ?pin= link or an exchange waiting to be sent, otherwise on
 * the first touch, key or focus.
 * A button pressed before the app is there is pressed again once it has hydrated and knows
 * the visitor (a signed-in visitor's chat button then opens their message window, not sign-in).
 * No React here: it must stay a few hundred bytes.
 */
import { INITIAL_CARD_ELEMENT_ID, readInlinedJson } from './screens/Contact/initial-card-id.ts';
import { recordRecent } from './platform/recents.ts';
import { recordCardView } from './api/contacts.ts';
import { readStored } from './platform/storage.ts';
import { HYDRATED_EVENT, READY_EVENT } from './page-events.ts';
import { keepPageOffline, registerServiceWorker } from './pwa/service-worker-client.ts';
import { SHARE_FILE_ATTRIBUTE, shareLinkedFile } from './platform/share-file.ts';
import { pageSource, tagFollowedLinks } from './platform/visit-source.ts';

const card = readInlinedJson<{ virtualContactId?: unknown; hasVirginAccessProtection?: boolean }>(
  INITIAL_CARD_ELEMENT_ID,
  (c) => typeof c.virtualContactId === 'string',
);
if (card && !card.hasVirginAccessProtection) {
  recordRecent(card.virtualContactId as string);
  recordCardView(card.virtualContactId as string, pageSource());
}
// Until the app is there, links followed carry the page's source (issue 29); then the card screen does it.
const untagLinks = tagFollowedLinks();
// A card opened once opens again offline (issue 30): the worker is there and keeps this page.
registerServiceWorker();
keepPageOffline();

let started = false;
let hydrated = false;
/** The button pressed before the app was there, and how to find it again once the page has re-rendered. */
let pressed: { element: HTMLElement; testId: string | undefined } | null = null;
const INTENT = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

document.addEventListener(
  HYDRATED_EVENT,
  () => {
    hydrated = true;
    document.removeEventListener('click', onClick, true);
    untagLinks();
  },
  { once: true },
);

// Replayed once the visitor is known, not at hydration: the server rendered the page signed out,
// and a signed-in visitor's chat button is only theirs (or gone, on their own card) after the check.
document.addEventListener(
  READY_EVENT,
  () => {
    const held = pressed;
    pressed = null;
    if (!held) return;
    // In a task of its own: the event arrives inside React's commit, where a click is not dispatched.
    setTimeout(() => {
      const again = held.testId ? document.querySelector<HTMLElement>(`[data-testid="${CSS.escape(held.testId)}"]`) : null;
      const target = again ?? (held.element.isConnected ? held.element : null);
      target?.click();
    }, 0);
  },
  { once: true },
);

function start() {
  if (started) return;
  started = true;
  for (const type of INTENT) document.removeEventListener(type, start, true);
  void import('./main.tsx');
}

/**
 * A button (not a link) pressed before the app is there: held until it has hydrated. A shareable
 * download link ("Contact Download") goes to the share sheet at once, where the browser has one.
 */
function onClick(event: MouseEvent) {
  if (hydrated) return;
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>(`a[${SHARE_FILE_ATTRIBUTE}]`);
  if (link) {
    if (shareLinkedFile(link)) event.preventDefault();
    return;
  }
  const target = (event.target as Element | null)?.closest<HTMLElement>('button, [role="button"]');
  if (!target) return;
  event.preventDefault();
  event.stopPropagation();
  pressed = { element: target, testId: target.dataset.testid };
  start();
}

document.addEventListener('click', onClick, true);
// An exchange kept on this device without a network (issue 26) is sent by the app: start it.
if (readStored('accessToken') || readStored('exchangeOutbox') || new URLSearchParams(window.location.search).has('pin')) start();
else for (const type of INTENT) document.addEventListener(type, start, { capture: true, passive: true });
performance.mark('vbc:interactive');
