import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TLayoutProps } from './layout-props.ts';
import ProfilePicture from '../parts/ProfilePicture.tsx';
import Identity, { Biography } from '../parts/Identity.tsx';
import SocialLinks from '../parts/SocialLinks.tsx';
import ContactActions from '../parts/ContactActions.tsx';
import { EmailList, LinkList, PhoneList, PlaceList } from '../parts/InfoLists.tsx';
import MarkdownDescriptions from '../parts/MarkdownDescriptions.tsx';
import WallPhotos from '../parts/WallPhotos.tsx';
import Stats from '../parts/Stats.tsx';
import Section, { CardFrame } from '../parts/Section.tsx';
import { contentFlags } from '../content.ts';

/** SPEC §2 artist layout: headings, and the name doubled as huge background text behind the foreground name. */
export default function ArtistLayout({ model, onPinGranted }: TLayoutProps) {
  const { contact, accent, accent2 } = model;
  const has = contentFlags(contact);
  return (
    <CardFrame testId="layout-artist">
      <Box sx={{ position: 'relative', pt: { xs: 9, md: 6 }, pb: 3, px: { xs: 2, sm: 3 }, overflow: 'hidden' }}>
        <Typography
          aria-hidden
          data-testid="artist-name-background"
          sx={{
            position: 'absolute', left: -8, right: -8, top: { xs: 40, md: 24 }, lineHeight: 0.86, fontWeight: 900,
            fontSize: { xs: '4.6rem', md: '6.5rem' }, textTransform: 'uppercase', letterSpacing: -2, overflowWrap: 'anywhere',
            color: 'transparent', WebkitTextStroke: `2px ${accent}`, opacity: 0.55, userSelect: 'none', pointerEvents: 'none',
          }}
        >
          {model.fullName}
        </Typography>
        <Box sx={{ display: 'flex', flexDirection: 'column', position: 'relative', alignItems: 'flex-start', gap: 2.5 }}>
          <ProfilePicture src={model.highResPicture} name={model.fullName} size={168} shape="rounded" ring={accent} />
          <Box sx={{ '& h1': { background: `linear-gradient(90deg, #fff, ${accent2})`, WebkitBackgroundClip: 'text', backgroundClip: 'text', color: 'transparent' } }}>
            <Identity model={model} align="left" />
          </Box>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', px: { xs: 2, sm: 3 }, pb: 2, gap: 3.5 }}>
        <ContactActions model={model} onPinGranted={onPinGranted} />
        {has.about && (
          <Section title="About" accent={accent}>
            <Biography text={contact.biography} align="left" />
            <MarkdownDescriptions sources={contact.markdownDescriptions} />
            <WallPhotos contact={contact} columns={2} />
          </Section>
        )}
        {has.social && (
          <Section title="Social Networks" accent={accent}>
            <SocialLinks entries={contact.socialMedias} align="flex-start" />
          </Section>
        )}
        {has.contactInfo && (
          <Section title="Contact Info" accent={accent}>
            <PhoneList phones={contact.phones ?? []} accent={accent} />
            <EmailList emails={contact.emails ?? []} accent={accent} />
          </Section>
        )}
        {has.links && (
          <Section title="Links" accent={accent}>
            <LinkList links={contact.links} accent={accent} />
          </Section>
        )}
        {has.places && (
          <Section title="Places" accent={accent}>
            <PlaceList locations={contact.locations} accent={accent} />
          </Section>
        )}
        <Stats stats={contact.stats} />
      </Box>
    </CardFrame>
  );
}
