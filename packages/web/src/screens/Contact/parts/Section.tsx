import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A block of the card; with a `title` it gets a heading (simple, artist and facebook layouts). */
export default function Section({
  title,
  children,
  accent,
  gap = 1.5,
}: {
  title?: string;
  children: ReactNode;
  accent?: string;
  gap?: number;
}) {
  return (
    <Box component="section" sx={{ display: 'grid', gap }}>
      {title && (
        <Typography
          variant="subtitle2"
          component="h2"
          sx={{
            textTransform: 'uppercase',
            letterSpacing: 1.4,
            fontWeight: 700,
            color: 'text.secondary',
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            '&::before': { content: '""', width: 14, height: 3, borderRadius: 2, bgcolor: accent ?? 'primary.main' },
          }}
        >
          {title}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/**
 * The card panel: full-bleed on a phone, a rounded raised panel from md up. Its text breaks anywhere
 * a word (a pasted URL, a 300-letter word) would otherwise run past the screen (issue 30).
 */
export function CardFrame({ children, testId }: { children: ReactNode; testId: string }) {
  // `h-card` (microformats2, issue 29): the card's parts carry their `p-`/`u-` classes.
  return (
    <Box
      component="article"
      className="h-card"
      data-testid={testId}
      sx={{
        position: 'relative',
        maxWidth: 600,
        overflowWrap: 'anywhere',
        mx: 'auto',
        overflow: 'hidden',
        mt: { xs: 0, md: 4 },
        borderRadius: { xs: 0, md: 5 },
        bgcolor: { xs: 'transparent', md: 'background.paper' },
        border: { xs: 'none', md: '1px solid rgba(255,255,255,0.07)' },
        boxShadow: { xs: 'none', md: '0 24px 64px rgba(0,0,0,0.45)' },
      }}
    >
      {children}
    </Box>
  );
}

/** Which parts of a card have something to show (a heading is never shown over nothing). */
export interface TContentFlags {
  about: boolean;
  social: boolean;
  contactInfo: boolean;
  links: boolean;
  places: boolean;
}
