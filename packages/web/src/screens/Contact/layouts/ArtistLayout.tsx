import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { textOnDark } from '../../../theme.ts';
import type { TLayoutProps } from '../layout-props.ts';
import ProfilePicture from '../parts/ProfilePicture.tsx';
import Identity from '../parts/Identity.tsx';
import { CardFrame } from '../parts/Section.tsx';
import HeadedSections from '../parts/HeadedSections.tsx';

/** The backdrop's largest size at each width (a short name). */
const BACKDROP_REM = { xs: 3.4, sm: 4.4, md: 5.4 } as const;
/** An upper-case heavy letter's width in ems, a little generous so the longest word always fits. */
const LETTER_EM = 0.82;
/** Never smaller than this: a name made of one very long word may then break (it is a decoration). */
const BACKDROP_MIN_REM = 0.75;

/**
 * The outlined name's font size at each breakpoint: as large as the design asks, but small enough
 * that the name's longest word fits on one line of the card (its text box is the card's width, at most
 * 600 px, less 48 px of padding), so a long name wraps between words instead of being cut mid-word
 * into a giant outline that fills the first screen (issue 30).
 */
export function backdropFontSize(name: string): Record<keyof typeof BACKDROP_REM, string> {
  const longest = Math.max(1, ...name.split(/\s+/).map((word) => [...word].length));
  const fit = `max(${BACKDROP_MIN_REM}rem, calc((min(100vw, 600px) - 48px) / ${(longest * LETTER_EM).toFixed(2)}))`;
  const size = (rem: number) => `min(${rem}rem, ${fit})`;
  return { xs: size(BACKDROP_REM.xs), sm: size(BACKDROP_REM.sm), md: size(BACKDROP_REM.md) };
}

/**
 * docs/contracts.md §2 artist layout: headings, and the name doubled: huge outlined letters
 * across the top of the card, within its margins, then the portrait and the
 * foreground name below them (neither clipped at the edge nor under the portrait).
 */
export default function ArtistLayout({ model, onPinGranted }: TLayoutProps) {
  const { accent, accent2 } = model;
  return (
    <CardFrame testId="layout-artist">
      <Box sx={{ position: 'relative', pt: { xs: 9, md: 5 }, pb: 3, px: { xs: 2, sm: 3 }, overflow: 'hidden' }}>
        <Typography
          aria-hidden
          data-testid="artist-name-background"
          sx={{
            mb: 2.5,
            lineHeight: 0.9,
            fontWeight: 900,
            fontSize: backdropFontSize(model.fullName),
            textTransform: 'uppercase',
            letterSpacing: -1,
            // Whole words per line; a word is cut only if it cannot fit even at the smallest size.
            overflowWrap: 'break-word',
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 3,
            overflow: 'hidden',
            color: 'transparent',
            // The outline is the letters' only ink: the accent as text on the dark card (4.5:1), no fading.
            WebkitTextStroke: `clamp(1px, 0.035em, 2px) ${textOnDark(accent)}`,
            userSelect: 'none',
            pointerEvents: 'none',
          }}
        >
          {model.fullName}
        </Typography>
        <Box sx={{ display: 'flex', flexDirection: 'column', position: 'relative', alignItems: 'flex-start', gap: 2.5 }}>
          <ProfilePicture src={model.highResPicture} name={model.fullName} size={168} shape="rounded" ring={accent} />
          <Box
            sx={{
              '& h1': {
                background: `linear-gradient(90deg, #fff, ${accent2})`,
                WebkitBackgroundClip: 'text',
                backgroundClip: 'text',
                color: 'transparent',
              },
            }}
          >
            <Identity model={model} align="left" />
          </Box>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', px: { xs: 2, sm: 3 }, pb: 2, gap: 3.5 }}>
        <HeadedSections model={model} onPinGranted={onPinGranted} wallColumns={2} />
      </Box>
    </CardFrame>
  );
}
