import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TLayoutProps } from '../layout-props.ts';
import ProfilePicture from '../parts/ProfilePicture.tsx';
import Identity from '../parts/Identity.tsx';
import { CardFrame } from '../parts/Section.tsx';
import HeadedSections from '../parts/HeadedSections.tsx';

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
            fontSize: { xs: '3.4rem', sm: '4.4rem', md: '5.4rem' },
            textTransform: 'uppercase',
            letterSpacing: -1,
            overflowWrap: 'anywhere',
            color: 'transparent',
            WebkitTextStroke: `2px ${accent}`,
            opacity: 0.55,
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
