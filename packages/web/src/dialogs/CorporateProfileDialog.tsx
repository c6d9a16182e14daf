import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import { CORPORATE_DIALOG_MAX_WIDTH } from '@vbc/shared/constants';
import { obsecuredDisplayUrl } from '../api/contacts.ts';
import { errorText } from '../api/error-text.ts';
import { corporateQueries } from '../api/queries.ts';
import SocialLinks from '../components/card/SocialLinks.tsx';
import { EmailList, LinkList, PhoneList, PlaceList } from '../components/card/InfoLists.tsx';
import AppDialog from './AppDialog.tsx';
import FollowButton from './FollowButton.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/format.ts';

const CORPORATE_ACCENT = '#1f5fc4';

/** docs/contracts.md §2 corporate profile dialog: headed 'Verified Business', loaded by corporate-profile id, with Close. */
export default function CorporateProfileDialog({ corporateProfileId, onClose }: { corporateProfileId: string; onClose: () => void }) {
  const query = useQuery(corporateQueries.profile(corporateProfileId));
  const { t } = useTranslation('card');
  const format = useFormat();
  const signedIn = useSession().status === 'signedIn';
  const profile = query.data ?? null;
  const error = query.error ? errorText(query.error) : null;

  const hero = profile?.heroImage ? obsecuredDisplayUrl(profile.heroImage.obsecuredDisplayItemId) : null;
  const logo = profile?.profileImage ? obsecuredDisplayUrl(profile.profileImage.obsecuredDisplayItemId) : null;

  return (
    <AppDialog
      open
      onClose={onClose}
      maxWidth={CORPORATE_DIALOG_MAX_WIDTH}
      testId="corporate-dialog"
      title={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <VerifiedIcon sx={{ color: 'corporate.main' }} aria-hidden /> {t('corporate.title')}
        </Box>
      }
    >
      <DialogContent sx={{ pt: 0 }}>
        {!profile && !error && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={t('common:loading')} />
          </Box>
        )}
        {error && (
          <Typography role="alert" color="error.main">
            {error}
          </Typography>
        )}
        {profile && (
          <Stack sx={{ gap: 2 }}>
            <Box sx={{ position: 'relative', mb: logo ? 4 : 0 }}>
              {hero && (
                <Box
                  component="img"
                  src={hero}
                  alt=""
                  sx={{ width: '100%', height: 120, objectFit: 'cover', borderRadius: 2, display: 'block' }}
                />
              )}
              {logo && (
                <Box
                  component="img"
                  src={logo}
                  alt={t('corporate.logo', { name: profile.name })}
                  sx={{
                    position: hero ? 'absolute' : 'static',
                    left: 16,
                    bottom: -32,
                    width: 72,
                    height: 72,
                    borderRadius: '50%',
                    border: '3px solid',
                    borderColor: 'background.paper',
                    objectFit: 'cover',
                  }}
                />
              )}
            </Box>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
              {profile.name}
            </Typography>
            {profile.description && (
              <Typography dir="auto" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {profile.description}
              </Typography>
            )}
            {profile.verifiedDomains && profile.verifiedDomains.length > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="verified-domains" sx={{ overflowWrap: 'anywhere' }}>
                {t('corporate.verifiedDomains', { domains: profile.verifiedDomains.join(', ') })}
              </Typography>
            )}
            <PhoneList phones={profile.phones.map((p) => ({ phoneNumber: p.phoneNumber, type: 'Work' }))} accent={CORPORATE_ACCENT} />
            <EmailList emails={profile.emails.map((e) => ({ email: e.email, name: null }))} accent={CORPORATE_ACCENT} />
            <LinkList links={profile.links.map((l) => ({ linkUrl: l.linkUrl, linkName: null }))} accent={CORPORATE_ACCENT} />
            <PlaceList
              locations={profile.locations.map((l) => ({
                title: l.title,
                googlePlaceId: l.googlePlaceId,
                address: null,
                city: null,
                country: null,
                latitude: null,
                longitude: null,
              }))}
              accent={CORPORATE_ACCENT}
            />
            <SocialLinks entries={profile.socialMedias} size={40} align="flex-start" />
            <Box>
              <Typography variant="overline" color="text.secondary">
                {t('corporate.lastUpdated')}
              </Typography>
              <Typography data-testid="corporate-last-updated">{format.date(profile.lastUpdatedAt)}</Typography>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {signedIn && profile && <FollowButton corporateProfileId={corporateProfileId} />}
        <Button onClick={onClose} variant="contained">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
