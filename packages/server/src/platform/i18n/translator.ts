import { createInstance } from 'i18next';
import ICU from 'i18next-icu';
import { DEFAULT_LOCALE, LOCALES, matchLocale, parseAcceptLanguage, type TLocale } from '@vbc/shared/i18n/locales';
import { SERVER_CATALOGUE, SERVER_NAMESPACES, SHARED_NAMESPACES, type TServerNamespace } from './catalogue.ts';

/** Values a message's ICU arguments take (`{name}`, `{count, plural, …}`). User text is inserted as it is, never translated. */
export type TMessageValues = Record<string, string | number>;

/** One namespace's messages in one locale: `t('code.verify.subject', { code })`. */
export type Translator = (key: string, values?: TMessageValues) => string;

/**
 * The server's one i18next instance (i18next-icu: messages are ICU MessageFormat), initialised
 * synchronously from the bundled catalogue. A key missing in a locale falls back to English.
 */
const i18n = createInstance();
void i18n.use(new ICU()).init({
  resources: SERVER_CATALOGUE,
  supportedLngs: [...LOCALES],
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  ns: [...SERVER_NAMESPACES, ...SHARED_NAMESPACES],
  defaultNS: false,
  initAsync: false,
  // Values are plain text; a mail's HTML part escapes the whole sentence (platform/html/escape-html.ts).
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
});

const cache = new Map<string, Translator>();

/** The messages of `namespace` in `locale` (i18next's getFixedT). */
export function translatorFor(locale: TLocale, namespace: TServerNamespace): Translator {
  const id = `${locale}:${namespace}`;
  let translator = cache.get(id);
  if (!translator) {
    const t = i18n.getFixedT(locale, namespace);
    translator = (key, values) => t(key, values ?? {});
    cache.set(id, translator);
  }
  return translator;
}

/** Whom a request's messages are for: their account's language when set, else their `Accept-Language`, else English. */
export function requestLocale(request: {
  account?: { language: TLocale | null } | null;
  headers: { 'accept-language'?: string | undefined };
}): TLocale {
  return request.account?.language ?? matchLocale(parseAcceptLanguage(request.headers['accept-language']));
}

/** A recipient's language: the one they chose, else `fallback` (the causing request's, or English). */
export const recipientLocale = (chosen: TLocale | null | undefined, fallback: TLocale = DEFAULT_LOCALE): TLocale => chosen ?? fallback;
