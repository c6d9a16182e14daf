import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ANNOUNCEMENT_DIALOG_MAX_WIDTH, ANNOUNCEMENT_HEADER_MAX_HEIGHT } from '@vbc/shared/constants';
import { announcementSource } from './announcement-source.ts';
import { markAnnouncementRead } from '../api/announcements.ts';
import { fileUrl, obsecuredDisplayUrl } from '../api/contacts.ts';
import { announcementQueries } from '../api/queries.ts';
import { queryKeys } from '../api/query-keys.ts';
import MarkdownDescriptions from '../components/card/MarkdownDescriptions.tsx';
import DocumentIcon from '../components/DocumentIcon.tsx';
import AppDialog from './AppDialog.tsx';
import { useFormat } from '../i18n/format.ts';

/**
 * docs/contracts.md §2 announcement view (max width 500): title, header image (max height 150), the markdown
 * rendered then sanitized, 'From …', 'Last Updated At: <local date time>', attachments with an
 * icon by content type. Opening it marks it read (the list and the tab's badge refetch).
 */
export default function AnnouncementDialog({ announcementId, onClose }: { announcementId: string; onClose: () => void }) {
  const client = useQueryClient();
  const { t } = useTranslation('app');
  const format = useFormat();
  const query = useQuery(announcementQueries.one(announcementId));
  const announcement = query.data ?? null;
  const markRead = useMutation({
    mutationFn: () => markAnnouncementRead(announcementId),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.announcements.list() }),
    onError: (error) => console.warn('announcement read mark failed', error),
  });
  // docs/contracts.md §8: an announcement that cannot be fetched is only logged.
  useEffect(() => {
    if (query.error) console.warn('announcement fetch failed', query.error);
  }, [query.error]);
  const unread = announcement !== null && !announcement.isRead;
  const { mutate } = markRead;
  useEffect(() => {
    if (unread) mutate();
  }, [unread, mutate]);

  return (
    <AppDialog
      open
      onClose={onClose}
      maxWidth={ANNOUNCEMENT_DIALOG_MAX_WIDTH}
      testId="announcement-dialog"
      title={announcement?.title ?? t('announcement.title')}
    >
      <DialogContent sx={{ pt: 0 }}>
        {query.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={t('loading.progress')} />
          </Box>
        )}
        {announcement && (
          <Stack sx={{ gap: 2 }}>
            {announcement.imageId && (
              <Box
                component="img"
                src={obsecuredDisplayUrl(announcement.imageId)}
                alt=""
                data-testid="announcement-image"
                sx={{ width: '100%', maxHeight: ANNOUNCEMENT_HEADER_MAX_HEIGHT, objectFit: 'cover', borderRadius: 2, display: 'block' }}
              />
            )}
            <MarkdownDescriptions sources={[announcement.content]} />
            <Box>
              <Typography data-testid="announcement-from" sx={{ fontWeight: 600 }}>
                {announcementSource(t, announcement)}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="announcement-updated">
                {t('announcement.updated', { when: format.dateTime(announcement.lastUpdatedAt) })}
              </Typography>
            </Box>
            {announcement.attachments.length > 0 && (
              <Stack component="ul" aria-label={t('announcement.attachments')} sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
                {announcement.attachments.map((file) => (
                  <Box component="li" key={file.documentFileItemId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <DocumentIcon contentType={file.contentType} />
                    <Link href={fileUrl(file.documentFileItemId)} download={file.name} data-testid="announcement-attachment">
                      {file.name}
                    </Link>
                  </Box>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained">
          {t('actions.close')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
