import { useMemo, useRef, type ReactNode } from 'react';
import { CacheProvider, __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
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
 *
 * The tree below keeps its shape when the direction changes (the cache is a provider's value,
 * never an added parent): otherwise everything below would mount anew, the session with it, and a
 * signed-in account's language (known only once the session is back) would be lost and found again
 * with every turn of direction.
 */
export default function LocaleRoot({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const direction = localeDirection(activeLocale(i18n));
  const initial = useRef(direction).current;
  const outer = useEmotionCache();
  const cache = useMemo(() => (direction === initial ? outer : createEmotionCache(direction)), [direction, initial, outer]);
  const themed = <ThemeProvider theme={themeFor(direction)}>{children}</ThemeProvider>;
  return cache ? <CacheProvider value={cache}>{themed}</CacheProvider> : themed;
}
