import { useEffect, type ReactElement } from 'react';
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
import { ROLE_LABELS } from './MembersSection.tsx';

/** The console's screens, in menu order: path segment (after /console/{id}/) and name. */
export const CONSOLE_SECTIONS = [
  { path: 'profile', name: 'Profile' },
  { path: 'template', name: 'Template' },
  { path: 'members', name: 'Members' },
  { path: 'cards', name: 'Cards' },
  { path: 'invitations', name: 'Invitations' },
  { path: 'directory', name: 'Directory' },
  { path: 'announcements', name: 'Announcements' },
  { path: 'leads', name: 'Leads' },
  { path: 'provisioning', name: 'Provisioning' },
  { path: 'analytics', name: 'Analytics' },
  { path: 'audit', name: 'Audit' },
  { path: 'sso', name: 'Domains and SSO' },
] as const;
/** Screens reached from another one's button (Members → Import), named in the menu by that one. */
const SUB_SECTIONS = [{ path: 'import', name: 'Import members', parent: 'members' }] as const;
type TSectionPath = (typeof CONSOLE_SECTIONS)[number]['path'] | (typeof SUB_SECTIONS)[number]['path'];

/**
 * Routes /console/{corporateAccountId}[/{section}]: the corporate console for a business's admins
 * and editors (the signed-in menu lists it). Others get the server's answer: 404 for a non-member,
 * 403 for a plain member.
 */
export default function ConsoleScreen() {
  const { corporateAccountId = '', section = 'profile' } = useParams();
  const { status } = useSession();
  const query = useQuery({ ...consoleQueries.profile(corporateAccountId), enabled: status === 'signedIn' });
  const business = query.data;
  const current = [...CONSOLE_SECTIONS, ...SUB_SECTIONS].find((s) => s.path === section);
  const menuPath = current && 'parent' in current ? current.parent : current?.path;

  useEffect(() => {
    document.title = business ? `${current?.name ?? 'Console'} · ${business.name} console` : 'Corporate console';
  }, [business, current]);

  if (status === 'checking') return <LoadingScreen />;
  if (status !== 'signedIn') return <EmptyState icon={<BusinessIcon />} title="Corporate console" text="" requiresSignIn />;
  if (query.isPending) return <LoadingScreen />;
  if (query.isError || !business) return <EmptyState icon={<BusinessIcon />} title="Corporate console" text={errorText(query.error)} />;
  if (!current) return <EmptyState icon={<BusinessIcon />} title="Corporate console" text="There is no such part of the console." />;

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
          {business.verified && <VerifiedIcon titleAccess="Verified Business" color="primary" />}
        </Typography>
        <Typography color="text.secondary">Corporate console · you are {ROLE_LABELS[business.role].toLowerCase()}</Typography>
      </Box>
      <Box component="nav" aria-label="Console" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {CONSOLE_SECTIONS.map((s) => (
          <Button
            key={s.path}
            component={RouterLink}
            to={`/console/${business.corporateAccountId}/${s.path}`}
            variant={s.path === menuPath ? 'contained' : 'outlined'}
            aria-current={s.path === current.path ? 'page' : undefined}
          >
            {s.name}
          </Button>
        ))}
      </Box>
      {sections[current.path]}
    </Box>
  );
}
