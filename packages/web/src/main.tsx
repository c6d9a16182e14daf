import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RESERVED_ROUTE_WORDS } from '@vbc/shared/constants';
import { CacheProvider } from '@emotion/react';
import App from './App.tsx';
import { createEmotionCache } from './emotion-cache.ts';
import { ContactScreen, createAppRouter, PetScreen } from './router.tsx';
import { registerServiceWorker } from './pwa/service-worker-client.ts';
import { initialCardFor } from './screens/Contact/initial-card.ts';
import { hasLayout, LAYOUTS } from './screens/Contact/layout-loaders.ts';
import { readInlinedJson } from './screens/Contact/initial-card-id.ts';
import { isLocale, localeDirection } from '@vbc/shared/i18n/locales';
import { followDocumentLanguage, initI18n, INLINED_MESSAGES_ELEMENT_ID, type TInlinedMessages } from './i18n/i18n.ts';
import { browserLanguages, chooseLocale, queryLocale, storedLocale } from './i18n/choose-locale.ts';

// A card link (/vbc/{id}): fetch the card screen, and the inlined card's layout, now, in parallel with React starting.
const [first, ...rest] = window.location.pathname.replace(/^\/vbc\/?/, '').split('/');
const cardChunks: Promise<unknown>[] = [];
if (first && rest.filter(Boolean).length === 0 && !(RESERVED_ROUTE_WORDS as readonly string[]).includes(first.toLowerCase())) {
  cardChunks.push(ContactScreen.preload());
  const designation = initialCardFor(decodeURIComponent(first))?.designSpecification.design.designation;
  if (designation && hasLayout(designation)) cardChunks.push(LAYOUTS[designation]!.preload());
}
// A pet page (/vbc/p/{petId}), also rendered on the server: its screen before it hydrates.
if (first === 'p' && rest.filter(Boolean).length === 1) cardChunks.push(PetScreen.preload());

// A new version was deployed while this page was open: its old chunks are gone. Reload once to get the new ones.
const RELOADED_AT = 'vbc.chunkReloadAt';
window.addEventListener('vite:preloadError', (event) => {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 10_000) return; // just reloaded: let the error show instead of looping
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return; // no session storage: no safe way to avoid a reload loop
  }
  event.preventDefault();
  window.location.reload();
});

// The language (issue 31): a server-rendered page's, whose messages it carries (hydration renders the
// same words); else the choice order (i18n/choose-locale.ts; the account's comes once it is loaded).
const inlined = readInlinedJson<{ locale: unknown; messages: TInlinedMessages }>(
  INLINED_MESSAGES_ELEMENT_ID,
  (value) => isLocale(value.locale) && typeof value.messages === 'object',
);
const locale =
  inlined && isLocale(inlined.locale)
    ? inlined.locale
    : chooseLocale({ query: queryLocale(window.location.search), stored: storedLocale(), browser: browserLanguages() });
await initI18n(locale, inlined?.messages);
followDocumentLanguage();

const router = createAppRouter();
const emotionCache = createEmotionCache(localeDirection(locale));
const root = document.getElementById('root')!;
if (root.hasAttribute('data-ssr')) {
  // Rendered on the server (src/ssr/): hydrate once the page's chunks are here, so the whole page hydrates in one pass.
  await Promise.all(cardChunks).catch(() => undefined);
  hydrateRoot(
    root,
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <App router={router} hydrating />
      </CacheProvider>
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <App router={router} />
      </CacheProvider>
    </StrictMode>,
  );
}
registerServiceWorker();
