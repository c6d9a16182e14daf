/**
 * Server rendering of the public card and the pet page (issue 13): the same App, router, screen and layout
 * components the browser runs, rendered to HTML with their emotion styles extracted, so the
 * card paints from the first response; the browser hydrates it later (main.tsx). Built by
 * `vite build --ssr` into dist-ssr/ and loaded by the server (packages/server/src/web/).
 */
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { CacheProvider } from '@emotion/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as TI18n } from 'i18next';
import { isLocale, localeDirection, LOCALES, type TLocale } from '@vbc/shared/i18n/locales';
import { createMemoryRouter } from 'react-router';
import type { TVirtualContact, TVirtualPet } from '@vbc/shared/contact';
import { createQueryClient } from '../api/query-client.ts';
import { ServerQueryClientContext } from '../api/server-query-client.ts';
import App from '../App.tsx';
import { createEmotionCache } from '../emotion-cache.ts';
import { BASENAME, ContactScreen, PetScreen, routes } from '../router.tsx';
import { ServerCardContext } from '../screens/Contact/initial-card.ts';
import { LAYOUTS } from '../screens/Contact/layout-loaders.ts';
import { ServerPetContext } from '../screens/Pet/initial-pet.ts';
import { instanceForRendering, PUBLIC_NAMESPACES, type TInlinedMessages } from '../i18n/i18n.ts';

/**
 * What the server puts into the page: the markup of #root, the style element for <head>, and the
 * page's language (issue 31): `<html lang dir>` and the messages the browser starts with.
 */
export interface TRenderedPage {
  html: string;
  styles: string;
  locale: TLocale;
  direction: 'ltr' | 'rtl';
  /** The public namespaces in `locale` (i18n/i18n.ts PUBLIC_NAMESPACES), for the page to inline. */
  messages: TInlinedMessages;
}

/** A style element's text may not close the element. */
const safeCss = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * Renders `url` (a path under /vbc/, with its query) showing `contact`, the card as the public
 * API presents it to a visitor (PIN-hidden rows already left out). Resolves once every part of
 * the page, lazily loaded ones included, has rendered in place; rejects after `timeoutMs`.
 */
export function renderCard(url: string, contact: TVirtualContact, locale: TLocale = 'en', timeoutMs = 5000): Promise<TRenderedPage> {
  return renderPage(url, locale, (app) => <ServerCardContext.Provider value={contact}>{app}</ServerCardContext.Provider>, timeoutMs);
}

/**
 * Renders `url` (/vbc/p/{petId}) showing `pet` as the public API presents it to a visitor (the
 * owner's phone only when the owner shows it), with the app's pet screen and a query client of
 * its own.
 */
export function renderPet(url: string, pet: TVirtualPet, locale: TLocale = 'en', timeoutMs = 5000): Promise<TRenderedPage> {
  return renderPage(
    url,
    locale,
    (app) => (
      <ServerQueryClientContext.Provider value={createQueryClient()}>
        <ServerPetContext.Provider value={pet}>{app}</ServerPetContext.Provider>
      </ServerQueryClientContext.Provider>
    ),
    timeoutMs,
  );
}

type TWithData = (app: ReactNode) => ReactNode;

async function renderPage(url: string, requested: TLocale, withData: TWithData, timeoutMs: number): Promise<TRenderedPage> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const locale = isLocale(requested) ? requested : 'en';
  const { instance, messages } = await instanceForRendering(locale, PUBLIC_NAMESPACES);
  const direction = localeDirection(locale);
  // A part whose module was not loaded yet suspends once; React then streams it in with an inline
  // script (which the CSP forbids). The first pass loads what was missing: render again.
  for (let pass = 0; pass < 3; pass++) {
    const page = await renderOnce(url, instance, direction, withData, deadline);
    if (!/<template id="B:|<script/.test(page.html)) return { ...page, locale, direction, messages };
  }
  throw new Error(`server rendering of ${url} left parts suspended`);
}

async function renderOnce(
  url: string,
  i18n: TI18n,
  direction: 'ltr' | 'rtl',
  withData: TWithData,
  signal: AbortSignal,
): Promise<{ html: string; styles: string }> {
  // One cache per page: what it holds afterwards is exactly the CSS this page uses (mirrored in a right-to-left language).
  const cache = createEmotionCache(direction);
  cache.compat = true;
  const router = createMemoryRouter(routes, { basename: BASENAME, initialEntries: [url] });
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <CacheProvider value={cache}>{withData(<App router={router} hydrating />)}</CacheProvider>
      </I18nextProvider>
    </StrictMode>,
    // Never "outline" a large part (sent after its fallback, moved in by an inline script): all in place.
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const inserted = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  // The browser's emotion cache (same key) adopts this element and the ids it lists: nothing is inserted twice.
  const styles = `<style data-emotion="${cache.key} ${inserted.map(([id]) => id).join(' ')}">${safeCss(inserted.map(([, css]) => css).join(''))}</style>`;
  return { html, styles };
}

/**
 * Loads the card and pet screens, the card layouts and the markdown renderer before the first page is asked
 * for (the server awaits it at start), so no visitor waits for a module to load.
 */
export async function warmUp(): Promise<void> {
  await Promise.all([
    ContactScreen.preload(),
    PetScreen.preload(),
    ...Object.values(LAYOUTS).map((layout) => layout.preload()),
    import('../components/card/Markdown.tsx'),
    // Every language's public messages, so no page waits for one (issue 31).
    ...LOCALES.map((locale) => instanceForRendering(locale, PUBLIC_NAMESPACES)),
  ]);
}
