import CampaignIcon from '@mui/icons-material/Campaign';
import EmptyState from '../../components/EmptyState.tsx';

/** Routes /announcements and /announcement/:announcementId — announcements list and one announcement. */
export default function AnnouncementsScreen() {
  return <EmptyState icon={<CampaignIcon />} title="Announcements" text="News from V.B.C. and the businesses you follow will appear here." requiresSignIn={true} />;
}
