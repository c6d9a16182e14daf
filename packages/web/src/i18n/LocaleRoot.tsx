import { useMemo, useRef, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { localeDirection } from '@vbc/shared/i18n/locales';
import { createEmotionCache } from '../emotion-cache.ts';
import { themeFor } from '../theme.ts';
import { activeLocale } from './i18n.ts';

/**
 * The theme in the active language's direction (issue 31): Arabic mirrors the whole app. The
 * page starts with the emotion cache of its first language's direction (main.tsx, ssr/); when the
 * language changes direction, a cache of the other direction takes over below this point.
 */
export default function LocaleRoot({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const direction = localeDirection(activeLocale(i18n));
  const initial = useRef(direction).current;
  const cache = useMemo(() => (direction === initial ? null : createEmotionCache(direction)), [direction, initial]);
  const themed = <ThemeProvider theme={themeFor(direction)}>{children}</ThemeProvider>;
  return cache ? <CacheProvider value={cache}>{themed}</CacheProvider> : themed;
}
