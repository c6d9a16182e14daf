import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import VerifiedIcon from '@mui/icons-material/Verified';
import { errorText } from '../../api/error-text.ts';
import { consoleQueries } from '../../api/queries.ts';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { useSession } from '../../session/SessionContext.tsx';
import AnalyticsSection from './AnalyticsSection.tsx';
import AnnouncementsSection from './AnnouncementsSection.tsx';
import AuditSection from './AuditSection.tsx';
import CardsSection from './CardsSection.tsx';
import TemplateSection from './TemplateSection.tsx';
import DirectorySection from './DirectorySection.tsx';
import ImportSection from './ImportSection.tsx';
import InvitationsSection from './InvitationsSection.tsx';
import LeadsSection from './LeadsSection.tsx';
import MembersSection from './MembersSection.tsx';
import ProfileSection from './ProfileSection.tsx';
import ProvisioningSection from './ProvisioningSection.tsx';
import SsoSection from './SsoSection.tsx';

/** The console's screens, in menu order: their path segments (after /console/{id}/). */
export const CONSOLE_SECTIONS = [
  'profile',
  'template',
  'members',
  'cards',
  'invitations',
  'directory',
  'announcements',
  'leads',
  'provisioning',
  'analytics',
  'audit',
  'sso',
] as const;
/** Screens reached from another one's button (Members → Import), named in the menu by that one. */
const SUB_SECTIONS = { import: 'members' } as const;
type TSectionPath = (typeof CONSOLE_SECTIONS)[number] | keyof typeof SUB_SECTIONS;

const isSection = (path: string): path is TSectionPath =>
  (CONSOLE_SECTIONS as readonly string[]).includes(path) || Object.hasOwn(SUB_SECTIONS, path);

/** A console screen's name in the active language. */
function sectionName(t: (key: string) => string, path: TSectionPath): string {
  switch (path) {
    case 'profile':
      return t('sections.profile');
    case 'template':
      return t('sections.template');
    case 'members':
      return t('sections.members');
    case 'cards':
      return t('sections.cards');
    case 'invitations':
      return t('sections.invitations');
    case 'directory':
      return t('sections.directory');
    case 'announcements':
      return t('sections.announcements');
    case 'leads':
      return t('sections.leads');
    case 'provisioning':
      return t('sections.provisioning');
    case 'analytics':
      return t('sections.analytics');
    case 'audit':
      return t('sections.audit');
    case 'sso':
      return t('sections.sso');
    case 'import':
      return t('sections.import');
  }
}

/**
 * Routes /console/{corporateAccountId}[/{section}]: the corporate console for a business's admins
 * and editors (the signed-in menu lists it). Others get the server's answer: 404 for a non-member,
 * 403 for a plain member.
 */
export default function ConsoleScreen() {
  const { t } = useTranslation('console');
  const { corporateAccountId = '', section = 'profile' } = useParams();
  const { status } = useSession();
  const query = useQuery({ ...consoleQueries.profile(corporateAccountId), enabled: status === 'signedIn' });
  const business = query.data;
  const current = isSection(section) ? section : undefined;
  const menuPath = current === 'import' ? SUB_SECTIONS.import : current;
  const title = business
    ? t('screen.documentTitle', { section: current ? sectionName(t, current) : t('screen.console'), business: business.name })
    : t('screen.title');

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (status === 'checking') return <LoadingScreen />;
  if (status !== 'signedIn') return <EmptyState icon={<BusinessIcon />} title={t('screen.title')} text="" requiresSignIn />;
  if (query.isPending) return <LoadingScreen />;
  if (query.isError || !business) return <EmptyState icon={<BusinessIcon />} title={t('screen.title')} text={errorText(query.error)} />;
  if (!current) return <EmptyState icon={<BusinessIcon />} title={t('screen.title')} text={t('screen.noSection')} />;

  const sections: Record<TSectionPath, ReactElement> = {
    profile: <ProfileSection key={business.profile.lastUpdatedAt} business={business} />,
    template: <TemplateSection business={business} />,
    members: <MembersSection business={business} />,
    cards: <CardsSection business={business} />,
    invitations: <InvitationsSection business={business} />,
    directory: <DirectorySection business={business} />,
    announcements: <AnnouncementsSection business={business} />,
    leads: <LeadsSection business={business} />,
    provisioning: <ProvisioningSection business={business} />,
    analytics: <AnalyticsSection business={business} />,
    audit: <AuditSection business={business} />,
    import: <ImportSection business={business} />,
    sso: <SsoSection business={business} />,
  };

  return (
    <Box
      component="main"
      sx={{ maxWidth: 960, mx: 'auto', px: 2, pt: { xs: 3, sm: 5 }, pb: 6, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}
    >
      <Box sx={{ pr: 6 }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 850, fontSize: { xs: '1.8rem', sm: '2.2rem' }, display: 'flex', alignItems: 'center', gap: 1 }}
        >
          {business.name}
          {business.verified && <VerifiedIcon titleAccess={t('screen.verified')} color="primary" />}
        </Typography>
        <Typography color="text.secondary">{t('screen.role', { role: business.role })}</Typography>
      </Box>
      <Box component="nav" aria-label={t('screen.nav')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {CONSOLE_SECTIONS.map((path) => (
          <Button
            key={path}
            component={RouterLink}
            to={`/console/${business.corporateAccountId}/${path}`}
            variant={path === menuPath ? 'contained' : 'outlined'}
            aria-current={path === current ? 'page' : undefined}
          >
            {sectionName(t, path)}
          </Button>
        ))}
      </Box>
      {sections[current]}
    </Box>
  );
}
