/**
 * The app's translations (issue 31): one i18next instance with ICU MessageFormat messages
 * (i18next-icu), its catalogues in @vbc/shared (src/i18n/locales/{locale}/{namespace}.json).
 * A namespace is fetched by dynamic import when a component first asks for it in the active
 * language, so a visitor downloads only the messages of their own language. See README.md here.
 */
import i18next, { type BackendModule, type i18n as TI18n, type ResourceLanguage } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, localeDirection, type TLocale } from '@vbc/shared/i18n/locales';

/** Every catalogue file, each its own chunk: `../locales/ar/card.json` → () => import(…). */
const CATALOGUES = import.meta.glob<Record<string, unknown>>('../../../shared/src/i18n/locales/*/*.json', { import: 'default' });
const catalogueKey = (locale: string, namespace: string) => `../../../shared/src/i18n/locales/${locale}/${namespace}.json`;

/** The namespaces there are (the catalogue files of English, which every locale has too: scripts/check-i18n.ts). */
export const NAMESPACES: readonly string[] = Object.keys(CATALOGUES)
  .map((key) => /\/locales\/en\/([\w-]+)\.json$/.exec(key)?.[1])
  .filter((ns): ns is string => Boolean(ns));

/**
 * The namespaces a public card page, the pet page and their dialogs (share, exchange, PIN, sign-in)
 * use: a server-rendered page carries them inlined in its language, so the app hydrates and opens
 * those dialogs without fetching messages. Any other namespace loads when first used.
 */
export const PUBLIC_NAMESPACES: readonly string[] = ['common', 'card', 'auth'].filter((ns) => NAMESPACES.includes(ns));

/** The messages of one namespace in one locale. */
export async function loadCatalogue(locale: TLocale, namespace: string): Promise<Record<string, unknown>> {
  const load = CATALOGUES[catalogueKey(locale, namespace)];
  if (!load) throw new Error(`no catalogue ${locale}/${namespace}`);
  return load();
}

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLocale(language)) return callback(new Error(`unknown locale ${language}`), false);
    loadCatalogue(language, namespace).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Messages put into a server-rendered page for the browser to start with: `{ namespace: messages }`. */
export type TInlinedMessages = ResourceLanguage;

/** The id of the <script type="application/json"> element holding a server-rendered page's locale and messages. */
export const INLINED_MESSAGES_ELEMENT_ID = 'vbc-i18n';

/**
 * Starts the app's instance in `locale`, with `messages` already there (a server-rendered page's,
 * so hydration renders the same words without waiting). Further namespaces load on demand.
 */
export async function initI18n(locale: TLocale, messages: TInlinedMessages = {}): Promise<TI18n> {
  if (!i18next.isInitialized) {
    await i18next
      .use(backend)
      .use(ICU)
      .use(initReactI18next)
      .init({
        lng: locale,
        supportedLngs: [...LOCALES],
        // Every key is in every locale (scripts/check-i18n.ts): no second language to download.
        fallbackLng: false,
        ns: [],
        defaultNS: 'common',
        partialBundledLanguages: true,
        resources: { [locale]: messages },
        interpolation: { escapeValue: false }, // React escapes
        returnNull: false,
        react: { useSuspense: true },
      });
  } else {
    for (const [namespace, bundle] of Object.entries(messages)) i18next.addResourceBundle(locale, namespace, bundle, true, false);
    await i18next.changeLanguage(locale);
  }
  return i18next;
}

/** The instance's active locale (English before it starts). */
export const activeLocale = (instance: TI18n = i18next): TLocale => {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
};

/** Keeps <html lang dir> on the active locale (screen readers, fonts, the mirrored layout). */
export function followDocumentLanguage(instance: TI18n = i18next): void {
  const apply = (lng: string) => {
    const locale = isLocale(lng) ? lng : DEFAULT_LOCALE;
    document.documentElement.lang = locale;
    document.documentElement.dir = localeDirection(locale);
  };
  apply(instance.language);
  instance.on('languageChanged', apply);
}

/**
 * An instance of its own for one server rendering in `locale`, sharing the loaded catalogues:
 * pages in different languages render side by side without changing each other's language.
 * Loads `namespaces` in `locale` first and returns them too, for the page to inline.
 */
export async function instanceForRendering(
  locale: TLocale,
  namespaces: readonly string[],
): Promise<{ instance: TI18n; messages: TInlinedMessages }> {
  const base = await initI18n(DEFAULT_LOCALE);
  await Promise.all(
    namespaces.map(async (ns) => {
      if (!base.hasResourceBundle(locale, ns)) base.addResourceBundle(locale, ns, await loadCatalogue(locale, ns), true, false);
    }),
  );
  const instance = base.cloneInstance({ lng: locale, initAsync: false });
  const messages = Object.fromEntries(namespaces.map((ns) => [ns, base.getResourceBundle(locale, ns) as Record<string, unknown>]));
  return { instance, messages };
}

export { i18next as i18n };
