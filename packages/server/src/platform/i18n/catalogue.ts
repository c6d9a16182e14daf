/**
 * The server's namespaces of the message catalogue (issue 31), for every locale: `email` (every
 * e-mail), `push` (notification texts) and `wallet` (pass labels). The files live in
 * packages/shared/src/i18n/locales/{locale}/{namespace}.json; English is SPEC's text.
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
import type { TLocale } from '@vbc/shared/i18n/locales';

/** The namespaces the server writes in. */
export const SERVER_NAMESPACES = ['email', 'push', 'wallet'] as const;
export type TServerNamespace = (typeof SERVER_NAMESPACES)[number];

/** A namespace's messages: nested objects whose leaves are ICU MessageFormat strings. */
export interface TMessages {
  [key: string]: string | TMessages;
}

/** Every locale's server namespaces, as i18next's `resources` take them. */
export const SERVER_CATALOGUE: Readonly<Record<TLocale, Record<TServerNamespace, TMessages>>> = {
  en: { email: enEmail, push: enPush, wallet: enWallet },
  fil: { email: filEmail, push: filPush, wallet: filWallet },
  es: { email: esEmail, push: esPush, wallet: esWallet },
  ar: { email: arEmail, push: arPush, wallet: arWallet },
};
