import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import { markdownSx } from './markdown-style.ts';
import { useTranslation } from 'react-i18next';

const Markdown = lazy(() => import('./Markdown.tsx'));

/** The attribute the server-rendered markdown carries: a hash of its sources. */
const ISLAND = 'data-markdown-island';

/** A short hash of the sources, to recognise the server's rendering of the same text. */
const hashOf = (text: string) => {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
  return h.toString(36);
};

/**
 * Markdown the server already rendered into this page, by hash of its sources: read once, before
 * the app hydrates. The page keeps that HTML as it is, so the renderer (the heaviest part of the
 * card) loads only when a card's text is rendered in the browser (another card, an edit).
 */
const serverRendered = new Map<string, string>();
if (typeof document !== 'undefined') {
  for (const element of document.querySelectorAll(`[${ISLAND}]`)) serverRendered.set(element.getAttribute(ISLAND)!, element.innerHTML);
}

/**
 * The card's markdown descriptions, with the renderer loaded only when a card has some.
 * `under`: the level of the heading they sit under (1 in a layout without section headings).
 */
export default function MarkdownDescriptions({ sources, under = 2 }: { sources: readonly string[]; under?: 1 | 2 }) {
  const { t } = useTranslation('card');
  const nonEmpty = sources.filter((s) => s.trim());
  const key = hashOf(`${under}\u0000${nonEmpty.join('\u0000')}`);
  const [html] = useState(() => serverRendered.get(key) ?? null);
  if (nonEmpty.length === 0) return null;
  if (html !== null)
    return <Box data-testid="markdown" {...{ [ISLAND]: key }} sx={markdownSx} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <Box data-testid="markdown" {...{ [ISLAND]: key }} sx={markdownSx}>
      <Suspense
        fallback={<Box aria-label={t('markdown.loading')} sx={{ height: 72, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.06)' }} />}
      >
        <Markdown sources={nonEmpty} under={under} />
      </Suspense>
    </Box>
  );
}
