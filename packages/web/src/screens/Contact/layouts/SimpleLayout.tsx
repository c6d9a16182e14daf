import Box from '@mui/material/Box';
import type { TLayoutProps } from '../layout-props.ts';
import ProfilePicture from '../parts/ProfilePicture.tsx';
import Identity from '../parts/Identity.tsx';
import { CardFrame } from '../parts/Section.tsx';
import HeadedSections from '../parts/HeadedSections.tsx';

/** Headings of the simple (and artist) layout, in order (docs/contracts.md §2). */
export const SIMPLE_HEADINGS = ['About', 'Social Networks', 'Contact Info', 'Links', 'Places'] as const;

/** docs/contracts.md §2 simple layout: a compact header, then headed sections. */
export default function SimpleLayout({ model, onPinGranted }: TLayoutProps) {
  const { accent } = model;
  return (
    <CardFrame testId="layout-simple">
      <Box sx={{ height: 6, background: `linear-gradient(90deg, ${accent}, ${model.accent2})` }} aria-hidden />
      <Box sx={{ display: 'flex', flexDirection: 'column', px: { xs: 2, sm: 3 }, pt: { xs: 9, md: 4 }, pb: 2, gap: 3.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <ProfilePicture src={model.picture} name={model.fullName} size={104} ring={accent} />
          <Identity model={model} align="left" />
        </Box>
        <HeadedSections model={model} onPinGranted={onPinGranted} />
      </Box>
    </CardFrame>
  );
}
