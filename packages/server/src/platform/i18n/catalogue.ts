/**
 * The server's namespaces of the message catalogue (issue 31), for every locale: `email` (every
 * e-mail), `push` (notification texts), `wallet` (pass labels), `pages` (the pages the server
 * writes itself: link previews, the not-found page, "Forget my details") and `sms` (text
 * messages); and a few words of the web's `card` (the exchange consent sentence, stored as the
 * visitor read it) and `pets` (species names). The files live in packages/shared/src/i18n/locales/{locale}/{namespace}.json;
 * English is SPEC's text.
 */
import arEmail from '@vbc/shared/i18n/locales/ar/email.json' with { type: 'json' };
import arPush from '@vbc/shared/i18n/locales/ar/push.json' with { type: 'json' };
import arWallet from '@vbc/shared/i18n/locales/ar/wallet.json' with { type: 'json' };
import enEmail from '@vbc/shared/i18n/locales/en/email.json' with { type: 'json' };
import enPush from '@vbc/shared/i18n/locales/en/push.json' with { type: 'json' };
import enWallet from '@vbc/shared/i18n/locales/en/wallet.json' with { type: 'json' };
import esEmail from '@vbc/shared/i18n/locales/es/email.json' with { type: 'json' };
import esPush from '@vbc/shared/i18n/locales/es/push.json' with { type: 'json' };
import esWallet from '@vbc/shared/i18n/locales/es/wallet.json' with { type: 'json' };
import filEmail from '@vbc/shared/i18n/locales/fil/email.json' with { type: 'json' };
import filPush from '@vbc/shared/i18n/locales/fil/push.json' with { type: 'json' };
import filWallet from '@vbc/shared/i18n/locales/fil/wallet.json' with { type: 'json' };
import arCard from '@vbc/shared/i18n/locales/ar/card.json' with { type: 'json' };
import arPages from '@vbc/shared/i18n/locales/ar/pages.json' with { type: 'json' };
import arSms from '@vbc/shared/i18n/locales/ar/sms.json' with { type: 'json' };
import enCard from '@vbc/shared/i18n/locales/en/card.json' with { type: 'json' };
import enPages from '@vbc/shared/i18n/locales/en/pages.json' with { type: 'json' };
import enSms from '@vbc/shared/i18n/locales/en/sms.json' with { type: 'json' };
import esCard from '@vbc/shared/i18n/locales/es/card.json' with { type: 'json' };
import esPages from '@vbc/shared/i18n/locales/es/pages.json' with { type: 'json' };
import esSms from '@vbc/shared/i18n/locales/es/sms.json' with { type: 'json' };
import filCard from '@vbc/shared/i18n/locales/fil/card.json' with { type: 'json' };
import filPages from '@vbc/shared/i18n/locales/fil/pages.json' with { type: 'json' };
import filSms from '@vbc/shared/i18n/locales/fil/sms.json' with { type: 'json' };
import arPets from '@vbc/shared/i18n/locales/ar/pets.json' with { type: 'json' };
import enPets from '@vbc/shared/i18n/locales/en/pets.json' with { type: 'json' };
import esPets from '@vbc/shared/i18n/locales/es/pets.json' with { type: 'json' };
import filPets from '@vbc/shared/i18n/locales/fil/pets.json' with { type: 'json' };
import type { TLocale } from '@vbc/shared/i18n/locales';

/** The namespaces the server owns: every key in them is used by the server. */
export const SERVER_NAMESPACES = ['email', 'push', 'wallet', 'pages', 'sms'] as const;
/**
 * The web's namespaces the server also speaks from (a few of their keys, the same words the app
 * shows): `card`'s consent sentence, `pets`' species names (a pet page's link preview).
 */
export const SHARED_NAMESPACES = ['card', 'pets'] as const;
export type TServerNamespace = (typeof SERVER_NAMESPACES)[number] | (typeof SHARED_NAMESPACES)[number];

/** A namespace's messages: nested objects whose leaves are ICU MessageFormat strings. */
export interface TMessages {
  [key: string]: string | TMessages;
}

/** Every locale's server namespaces, as i18next's `resources` take them. */
export const SERVER_CATALOGUE: Readonly<Record<TLocale, Record<TServerNamespace, TMessages>>> = {
  en: { email: enEmail, push: enPush, wallet: enWallet, pages: enPages, sms: enSms, card: enCard, pets: enPets },
  fil: { email: filEmail, push: filPush, wallet: filWallet, pages: filPages, sms: filSms, card: filCard, pets: filPets },
  es: { email: esEmail, push: esPush, wallet: esWallet, pages: esPages, sms: esSms, card: esCard, pets: esPets },
  ar: { email: arEmail, push: arPush, wallet: arWallet, pages: arPages, sms: arSms, card: arCard, pets: arPets },
};
