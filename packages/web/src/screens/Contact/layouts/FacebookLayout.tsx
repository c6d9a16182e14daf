import Box from '@mui/material/Box';
import ActionButton from '../../../components/ActionButton.tsx';
import Typography from '@mui/material/Typography';
import FacebookIcon from '@mui/icons-material/Facebook';
import WorkIcon from '@mui/icons-material/Work';
import { socialUrl } from '@vbc/shared/links';
import type { TSocialMedia } from '@vbc/shared/contact';
import type { TLayoutProps } from '../layout-props.ts';
import ProfilePicture from '../parts/ProfilePicture.tsx';
import Identity, { Biography } from '../parts/Identity.tsx';
import SocialLinks, { PROFILE_REL } from '../../../components/card/SocialLinks.tsx';
import ContactActions from '../parts/ContactActions.tsx';
import { EmailList, LinkList, PhoneList, PlaceList } from '../../../components/card/InfoLists.tsx';
import MarkdownDescriptions from '../../../components/card/MarkdownDescriptions.tsx';
import Videos from '../../../components/card/Videos.tsx';
import WallPhotos from '../parts/WallPhotos.tsx';
import Stats from '../parts/Stats.tsx';
import Section, { CardFrame } from '../parts/Section.tsx';
import { contentFlags } from '../content.ts';
import { Trans, useTranslation } from 'react-i18next';

const FACEBOOK_BLUE = '#1877F2';
/** Facebook's own pressed blue: white text on it reaches WCAG AA (4.7:1; on #1877F2 it is 4.2:1). */
const FACEBOOK_FILL = '#166FE5';

/** The Messenger link of a Facebook entry: m.me with the same account (the last path part of a profile URL). */
export function messengerUrl(entry: TSocialMedia): string | null {
  const id = entry.accountId?.trim();
  if (!id) return null;
  const account = /^https?:\/\//i.test(id)
    ? (id
        .replace(/[?#].*$/, '')
        .split('/')
        .filter(Boolean)
        .pop() ?? '')
    : id;
  return account ? socialUrl({ socialMediaType: 'Messenger', accountId: account }) : null;
}

/**
 * docs/contracts.md §2 facebook layout: a cover image, "Works at {organization}", the
 * biography in quotes and, when the card has a Facebook entry, "Profile" and
 * "Message" buttons (that entry then leaves the social list).
 */
export default function FacebookLayout({ model, onPinGranted }: TLayoutProps) {
  const { contact, accent } = model;
  const { t } = useTranslation('card');
  const facebook = contact.socialMedias.find((s) => s.socialMediaType === 'Facebook' && socialUrl(s));
  const socials = facebook ? contact.socialMedias.filter((s) => s !== facebook) : contact.socialMedias;
  const profileUrl = facebook ? socialUrl(facebook) : null;
  const messageUrl = facebook ? messengerUrl(facebook) : null;
  const has = contentFlags(contact, socials);
  return (
    <CardFrame testId="layout-facebook">
      <Box
        data-testid="cover"
        role={model.cover ? 'img' : undefined}
        aria-label={model.cover ? t('facebook.cover', { name: model.fullName }) : undefined}
        sx={{
          height: { xs: 190, md: 230 },
          bgcolor: accent,
          backgroundImage: model.cover ? `url("${model.cover}")` : `linear-gradient(135deg, ${accent}, ${model.accent2})`,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', px: { xs: 2, sm: 3 }, pb: 2, gap: 2.5 }}>
        <Box sx={{ mt: -9, position: 'relative', zIndex: 1, display: 'flex', justifyContent: { xs: 'center', md: 'flex-start' } }}>
          <ProfilePicture src={model.highResPicture} name={model.fullName} size={150} ring="#1c1c25" />
        </Box>
        <Box sx={{ display: 'grid', gap: 1, textAlign: { xs: 'center', md: 'left' } }}>
          <Identity model={model} align="responsive" showOrganization={false} />
          {contact.organization && (
            <Typography
              data-testid="works-at"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                justifyContent: { xs: 'center', md: 'flex-start' },
                color: 'text.secondary',
              }}
            >
              <WorkIcon fontSize="small" aria-hidden />
              <span>
                <Trans
                  t={t}
                  i18nKey="facebook.worksAt"
                  values={{ organization: contact.organization }}
                  components={{ org: <bdi className="p-org" /> }}
                />
              </span>
            </Typography>
          )}
        </Box>
        {facebook && (
          <Box sx={{ display: 'flex', gap: 1, justifyContent: { xs: 'center', md: 'flex-start' } }}>
            {profileUrl && (
              <ActionButton
                variant="contained"
                color={FACEBOOK_FILL}
                startIcon={<FacebookIcon />}
                href={profileUrl}
                target="_blank"
                rel={PROFILE_REL}
                className="u-url"
                sx={{ minWidth: 120 }}
              >
                {t('facebook.profile')}
              </ActionButton>
            )}
            {messageUrl && (
              <ActionButton href={messageUrl} target="_blank" rel="noopener noreferrer" sx={{ minWidth: 120 }}>
                {t('facebook.message')}
              </ActionButton>
            )}
          </Box>
        )}
        <Biography text={contact.biography} quoted align="responsive" />
        <ContactActions model={model} onPinGranted={onPinGranted} />
        {has.social && <SocialLinks entries={socials} align={{ xs: 'center', md: 'flex-start' }} />}
        {has.contactInfo && (
          <Section>
            <PhoneList phones={contact.phones ?? []} accent={FACEBOOK_BLUE} />
            <EmailList emails={contact.emails ?? []} accent={FACEBOOK_BLUE} />
          </Section>
        )}
        {has.links && <LinkList links={contact.links} accent={FACEBOOK_BLUE} countedFor={contact.virtualContactId} />}
        <Videos videos={contact.videos ?? []} accent={FACEBOOK_BLUE} />
        {has.places && <PlaceList locations={contact.locations} accent={FACEBOOK_BLUE} />}
        <MarkdownDescriptions sources={contact.markdownDescriptions} under={1} />
        <WallPhotos contact={contact} />
        <Stats stats={contact.stats} />
      </Box>
    </CardFrame>
  );
}
