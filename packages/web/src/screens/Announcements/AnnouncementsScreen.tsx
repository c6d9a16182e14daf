import { lazy, Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import CampaignIcon from '@mui/icons-material/Campaign';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import type { TAnnouncement } from '@vbc/shared/announcement';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { obsecuredDisplayUrl } from '../../api/contacts.ts';
import { announcementQueries } from '../../api/queries.ts';
import { announcementSource } from '../../dialogs/announcement-source.ts';
import { useSession } from '../../session/SessionContext.tsx';

/** The window loads when one is opened (its markdown renderer is the heavy part). */
const AnnouncementDialog = lazy(() => import('../../dialogs/AnnouncementDialog.tsx'));

function AnnouncementRow({ announcement, onOpen }: { announcement: TAnnouncement; onOpen: () => void }) {
  const unread = !announcement.isRead;
  const { t } = useTranslation(['announcements', 'app']);
  const format = useFormat();
  return (
    <ButtonBase
      onClick={onOpen}
      data-testid="announcement-row"
      data-unread={unread ? 'true' : 'false'}
      sx={{
        width: '100%',
        textAlign: 'left',
        justifyContent: 'flex-start',
        gap: 1.5,
        p: 1.5,
        borderRadius: 2,
        bgcolor: unread ? 'rgba(154,125,255,0.08)' : 'transparent',
        '&:hover': { bgcolor: 'rgba(255,255,255,0.06)' },
      }}
    >
      <Box
        sx={{
          width: 56,
          height: 56,
          flex: 'none',
          borderRadius: 2,
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(154,125,255,0.12)',
          color: 'primary.main',
        }}
      >
        {announcement.imageId ? (
          <Box
            component="img"
            src={obsecuredDisplayUrl(announcement.imageId)}
            alt=""
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <CampaignIcon aria-hidden />
        )}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          component="h2"
          sx={{ fontWeight: unread ? 700 : 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {announcement.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('row.sourceAndDate', {
            source: announcementSource(t, announcement),
            date: format.date(announcement.publishedAt ?? announcement.lastUpdatedAt),
          })}
        </Typography>
      </Box>
      {unread && (
        <Box
          role="img"
          aria-label={t('row.unread')}
          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', flex: 'none' }}
        />
      )}
    </ButtonBase>
  );
}

/**
 * Routes /announcements and /announcement/:announcementId — one screen (docs/contracts.md §2): the list (title,
 * image, 'From …', date, unread mark), with the announcement window open on the second route.
 */
export default function AnnouncementsScreen() {
  const { status } = useSession();
  const { announcementId } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation('announcements');
  const signedIn = status === 'signedIn';
  const list = useQuery({ ...announcementQueries.list(), enabled: signedIn });
  // docs/contracts.md §8: announcements that cannot be fetched are only logged (the list stays empty).
  useEffect(() => {
    if (list.error) console.warn('announcements fetch failed', list.error);
  }, [list.error]);

  useEffect(() => {
    const previous = document.title;
    document.title = t('documentTitle');
    return () => {
      document.title = previous;
    };
  }, [t]);

  if (status === 'checking') return <LoadingScreen />;
  if (!signedIn) {
    return <EmptyState icon={<CampaignIcon />} title={t('title')} text={t('empty')} requiresSignIn />;
  }
  const announcements = list.data?.announcements ?? [];
  return (
    <>
      {list.isPending ? (
        <LoadingScreen />
      ) : announcements.length === 0 ? (
        <EmptyState icon={<CampaignIcon />} title={t('title')} text={t('empty')} />
      ) : (
        <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 2, pt: 3, pb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2, pr: 7 }}>
            {t('title')}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {announcements.map((a) => (
              <AnnouncementRow key={a.announcementId} announcement={a} onOpen={() => navigate(`/announcement/${a.announcementId}`)} />
            ))}
          </Box>
        </Box>
      )}
      {announcementId && (
        <Suspense fallback={null}>
          <AnnouncementDialog announcementId={announcementId} onClose={() => navigate('/announcements')} />
        </Suspense>
      )}
    </>
  );
}
