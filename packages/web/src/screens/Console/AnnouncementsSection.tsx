import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { TAuthoredAnnouncement } from '@vbc/shared/announcement';
import type { TCorporateConsole } from '@vbc/shared/corporate';
import { withdrawCorporateAnnouncement } from '../../api/corporate.ts';
import { errorText } from '../../api/error-text.ts';
import { consoleQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useFormat } from '../../i18n/format.ts';
import { emitClientEvent, notify } from '../../platform/events.ts';
import AnnouncementEditor from './AnnouncementEditor.tsx';
import { ConsoleList, ConsoleRow, ConsoleSection } from './ConsoleSection.tsx';

type TEditing = { kind: 'new' } | { kind: 'edit'; announcement: TAuthoredAnnouncement } | null;

/** Console: the business's announcements (drafts too): write, edit, publish, withdraw. */
export default function AnnouncementsSection({ business }: { business: TCorporateConsole }) {
  const { t } = useTranslation('console');
  const format = useFormat();
  const id = business.corporateAccountId;
  const client = useQueryClient();
  const statusText = (a: TAuthoredAnnouncement) =>
    a.isDraft
      ? t('announcements.draft')
      : t('announcements.publishedStatus', { when: format.dateTime(a.publishedAt ?? a.lastUpdatedAt), count: a.recipientCount });
  const list = useQuery(consoleQueries.announcements(id));
  const [editing, setEditing] = useState<TEditing>(null);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.console.announcements(id) }),
      client.invalidateQueries({ queryKey: queryKeys.announcements.all }),
    ]);
  const withdraw = (a: TAuthoredAnnouncement) =>
    emitClientEvent('prompt', {
      title: t('announcements.withdrawTitle'),
      message: t('announcements.withdrawQuestion', { title: a.title }),
      yesText: t('announcements.withdraw'),
      noText: t('announcements.cancel'),
      onYes: async () => {
        await withdrawCorporateAnnouncement(id, a.announcementId);
        notify(t('announcements.withdrawn'));
        await refresh();
      },
    });
  const done = async (saved: TAuthoredAnnouncement | null) => {
    setEditing(null);
    if (saved) {
      notify(saved.isDraft ? t('announcements.draftSaved') : t('announcements.published'));
      await refresh();
    }
  };

  return (
    <ConsoleSection
      title={t('sections.announcements')}
      description={t('announcements.description')}
      action={
        !editing && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'new' })}>
            {t('announcements.new')}
          </Button>
        )
      }
    >
      {editing && (
        <AnnouncementEditor
          key={editing.kind === 'edit' ? editing.announcement.announcementId : 'new'}
          corporateAccountId={id}
          editing={editing.kind === 'edit' ? editing.announcement : null}
          onDone={(saved) => void done(saved)}
        />
      )}
      {list.error && (
        <Typography role="alert" color="error.main">
          {errorText(list.error)}
        </Typography>
      )}
      {list.data?.length === 0 && !editing && <Typography color="text.secondary">{t('announcements.none')}</Typography>}
      {list.data && list.data.length > 0 && (
        <ConsoleList label={t('announcements.list')}>
          {list.data.map((a) => (
            <ConsoleRow
              key={a.announcementId}
              testId="console-announcement"
              actions={
                <>
                  <Button onClick={() => setEditing({ kind: 'edit', announcement: a })}>{t('announcements.editButton')}</Button>
                  <Button color="inherit" onClick={() => withdraw(a)}>
                    {t('announcements.withdraw')}
                  </Button>
                </>
              }
            >
              <Typography sx={{ fontWeight: 700 }} noWrap>
                {a.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {statusText(a)}
              </Typography>
            </ConsoleRow>
          ))}
        </ConsoleList>
      )}
    </ConsoleSection>
  );
}
