import Box from '@mui/material/Box';
import type { TLayoutProps } from '../layout-props.ts';
import ProfilePicture from '../parts/ProfilePicture.tsx';
import Identity, { Biography } from '../parts/Identity.tsx';
import SocialLinks from '../../../components/card/SocialLinks.tsx';
import ContactActions from '../parts/ContactActions.tsx';
import { EmailList, LinkList, PhoneList, PlaceList } from '../../../components/card/InfoLists.tsx';
import MarkdownDescriptions from '../../../components/card/MarkdownDescriptions.tsx';
import Videos from '../../../components/card/Videos.tsx';
import WallPhotos from '../parts/WallPhotos.tsx';
import Stats from '../parts/Stats.tsx';
import { CardFrame } from '../parts/Section.tsx';

/** docs/contracts.md §2 default layout: no headings, a decorative top background. */
export default function DefaultLayout({ model, onPinGranted }: TLayoutProps) {
  const { contact, accent, accent2 } = model;
  return (
    <CardFrame testId="layout-default">
      <Box
        aria-hidden
        data-testid="decorative-background"
        sx={{
          height: { xs: 170, md: 190 },
          background: `radial-gradient(circle at 18% 30%, rgba(255,255,255,0.22) 0 12%, transparent 13%),
            radial-gradient(circle at 85% 10%, rgba(255,255,255,0.14) 0 18%, transparent 19%),
            radial-gradient(circle at 70% 90%, rgba(0,0,0,0.18) 0 22%, transparent 23%),
            linear-gradient(135deg, ${accent}, ${accent2})`,
          clipPath: 'ellipse(120% 100% at 50% 0%)',
        }}
      />
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          px: { xs: 2, sm: 3 },
          pb: 2,
          mt: { xs: -9, md: -10 },
          gap: 2.5,
          alignItems: 'stretch',
          position: 'relative',
          zIndex: 1,
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <ProfilePicture src={model.picture} name={model.fullName} size={140} />
        </Box>
        <Identity model={model} />
        <Biography text={contact.biography} />
        <SocialLinks entries={contact.socialMedias} />
        <ContactActions model={model} onPinGranted={onPinGranted} />
        <PhoneList phones={contact.phones ?? []} accent={accent} />
        <EmailList emails={contact.emails ?? []} accent={accent} />
        <LinkList links={contact.links} accent={accent} countedFor={contact.virtualContactId} />
        <Videos videos={contact.videos ?? []} accent={accent} />
        <PlaceList locations={contact.locations} accent={accent} />
        <MarkdownDescriptions sources={contact.markdownDescriptions} under={1} />
        <WallPhotos contact={contact} />
        <Stats stats={contact.stats} />
      </Box>
    </CardFrame>
  );
}
