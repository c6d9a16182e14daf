import { readFileSync } from 'node:fs';

/** A locale of the app's catalogues (packages/shared/src/i18n/locales). */
export type TCatalogueLocale = 'en' | 'fil' | 'es' | 'ar';
type TCatalogue = Record<string, unknown>;

/** One namespace of the app's catalogues in `locale`, as the app loads it. */
export const catalogue = (locale: TCatalogueLocale, namespace: string): TCatalogue =>
  JSON.parse(
    readFileSync(new URL(`../../packages/shared/src/i18n/locales/${locale}/${namespace}.json`, import.meta.url), 'utf8'),
  ) as TCatalogue;

/** The message at `key` ('list.emptyTitle') of a catalogue: a message without arguments, as the app shows it. */
export const message = (messages: TCatalogue, key: string): string => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as TCatalogue | undefined)?.[part], messages);
  if (typeof found !== 'string') throw new Error(`no message ${key}`);
  return found;
};
