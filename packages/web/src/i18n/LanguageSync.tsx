import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { createAppRouter } from '../router.tsx';
import { useSession } from '../session/SessionContext.tsx';
import {
  accountLocale,
  browserLanguages,
  chooseLocale,
  LANGUAGE_CHOSEN_EVENT,
  queryLocale,
  storedLocale,
  writeLocaleCookie,
} from './choose-locale.ts';

/**
 * Keeps the app in the language the choices pick (choose-locale.ts): the page's `?lang=`, the
 * signed-in account's language, the device's choice, the browser's. Runs after hydration (the
 * first render is in the server's language) and again on navigation, sign-in and a choice made
 * in Settings.
 */
export default function LanguageSync({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const { i18n } = useTranslation();
  const { account, status } = useSession();
  const [search, setSearch] = useState(router.state.location.search);
  const [chosen, setChosen] = useState(0);
  useEffect(() => router.subscribe((state) => setSearch(state.location.search)), [router]);
  // The server renders pages (a card, a pet) before the app starts, in the vbc_lang cookie's language:
  // the account's choice while signed in, else the device's — once the session says which it is.
  const kept = status === 'checking' ? undefined : (accountLocale(account) ?? storedLocale());
  useEffect(() => {
    if (kept !== undefined) writeLocaleCookie(kept);
  }, [kept, chosen]);
  useEffect(() => {
    const changed = () => setChosen((n) => n + 1);
    document.addEventListener(LANGUAGE_CHOSEN_EVENT, changed);
    return () => document.removeEventListener(LANGUAGE_CHOSEN_EVENT, changed);
  }, []);
  const locale = chooseLocale({
    query: queryLocale(search),
    account: accountLocale(account),
    stored: storedLocale(),
    browser: browserLanguages(),
  });
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [i18n, locale, chosen]);
  return null;
}
