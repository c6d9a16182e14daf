import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';

const Markdown = lazy(() => import('./Markdown.tsx'));

/** The card's markdown descriptions, with the renderer loaded only when a card has some. */
export default function MarkdownDescriptions({ sources }: { sources: readonly string[] }) {
  const nonEmpty = sources.filter((s) => s.trim());
  if (nonEmpty.length === 0) return null;
  return (
    <Suspense fallback={<Box aria-label="Loading description" sx={{ height: 72, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.06)' }} />}>
      <Markdown sources={nonEmpty} />
    </Suspense>
  );
}
