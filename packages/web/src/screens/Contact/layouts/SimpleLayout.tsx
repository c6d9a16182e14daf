import Box from '@mui/material/Box';
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

/** Headings of the simple (and artist) layout, in order (SPEC §2). */
export const SIMPLE_HEADINGS = ['About', 'Social Networks', 'Contact Info', 'Links', 'Places'] as const;

/** SPEC §2 simple layout: a compact header, then headed sections. */
export default function SimpleLayout({ model, onPinGranted }: TLayoutProps) {
  const { contact, accent } = model;
  const has = contentFlags(contact);
  return (
    <CardFrame testId="layout-simple">
      <Box sx={{ height: 6, background: `linear-gradient(90deg, ${accent}, ${model.accent2})` }} aria-hidden />
      <Box sx={{ display: 'flex', flexDirection: 'column', px: { xs: 2, sm: 3 }, pt: { xs: 9, md: 4 }, pb: 2, gap: 3.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <ProfilePicture src={model.picture} name={model.fullName} size={104} ring={accent} />
          <Identity model={model} align="left" />
        </Box>
        <ContactActions model={model} onPinGranted={onPinGranted} />
        {has.about && (
          <Section title="About" accent={accent}>
            <Biography text={contact.biography} align="left" />
            <MarkdownDescriptions sources={contact.markdownDescriptions} />
            <WallPhotos contact={contact} />
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
