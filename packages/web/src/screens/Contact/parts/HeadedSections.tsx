import type { TLayoutProps } from '../layout-props.ts';
import { Biography } from './Identity.tsx';
import SocialLinks from '../../../components/card/SocialLinks.tsx';
import ContactActions from './ContactActions.tsx';
import { EmailList, LinkList, PhoneList, PlaceList } from '../../../components/card/InfoLists.tsx';
import MarkdownDescriptions from '../../../components/card/MarkdownDescriptions.tsx';
import Videos from '../../../components/card/Videos.tsx';
import WallPhotos from './WallPhotos.tsx';
import Stats from './Stats.tsx';
import Section from './Section.tsx';
import { contentFlags } from '../content.ts';
import { useTranslation } from 'react-i18next';

/**
 * The body the simple and artist layouts share (docs/contracts.md §2): the contact actions, then the headed
 * sections that have content, then the stats. `wallColumns`: the wall photos' grid.
 */
export default function HeadedSections({ model, onPinGranted, wallColumns }: TLayoutProps & { wallColumns?: number }) {
  const { contact, accent } = model;
  const { t } = useTranslation('card');
  const has = contentFlags(contact);
  return (
    <>
      <ContactActions model={model} onPinGranted={onPinGranted} />
      {has.about && (
        <Section title={t('sections.about')} accent={accent}>
          <Biography text={contact.biography} align="left" />
          <MarkdownDescriptions sources={contact.markdownDescriptions} />
          <WallPhotos contact={contact} columns={wallColumns} />
        </Section>
      )}
      {has.social && (
        <Section title={t('sections.socialNetworks')} accent={accent}>
          <SocialLinks entries={contact.socialMedias} align="flex-start" />
        </Section>
      )}
      {has.contactInfo && (
        <Section title={t('sections.contactInfo')} accent={accent}>
          <PhoneList phones={contact.phones ?? []} accent={accent} />
          <EmailList emails={contact.emails ?? []} accent={accent} />
        </Section>
      )}
      {has.links && (
        <Section title={t('sections.links')} accent={accent}>
          <LinkList links={contact.links} accent={accent} countedFor={contact.virtualContactId} />
          <Videos videos={contact.videos ?? []} accent={accent} />
        </Section>
      )}
      {has.places && (
        <Section title={t('sections.places')} accent={accent}>
          <PlaceList locations={contact.locations} accent={accent} />
        </Section>
      )}
      <Stats stats={contact.stats} />
    </>
  );
}
