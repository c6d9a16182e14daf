import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { TAuthoredAnnouncement } from '@vbc/shared/announcement';
import type { TCorporateConsole } from '@vbc/shared/corporate';
import { withdrawCorporateAnnouncement } from '../../api/corporate.ts';
import { errorText } from '../../api/error-text.ts';
import { consoleQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { emitClientEvent, notify } from '../../platform/events.ts';
import AnnouncementEditor from './AnnouncementEditor.tsx';
import { ConsoleList, ConsoleRow, ConsoleSection } from './ConsoleSection.tsx';

type TEditing = { kind: 'new' } | { kind: 'edit'; announcement: TAuthoredAnnouncement } | null;

const statusText = (a: TAuthoredAnnouncement) =>
  a.isDraft
    ? 'Draft'
    : `Published ${new Date(a.publishedAt ?? a.lastUpdatedAt).toLocaleString()} · ${a.recipientCount === 1 ? '1 recipient' : `${a.recipientCount} recipients`}`;

/** Console: the business's announcements (drafts too): write, edit, publish, withdraw. */
export default function AnnouncementsSection({ business }: { business: TCorporateConsole }) {
  const id = business.corporateAccountId;
  const client = useQueryClient();
  const list = useQuery(consoleQueries.announcements(id));
  const [editing, setEditing] = useState<TEditing>(null);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.console.announcements(id) }),
      client.invalidateQueries({ queryKey: queryKeys.announcements.all }),
    ]);
  const withdraw = (a: TAuthoredAnnouncement) =>
    emitClientEvent('prompt', {
      title: 'Withdraw announcement',
      message: `Withdraw "${a.title}"? Its recipients no longer see it.`,
      yesText: 'Withdraw',
      noText: 'Cancel',
      onYes: async () => {
        await withdrawCorporateAnnouncement(id, a.announcementId);
        notify('Announcement withdrawn');
        await refresh();
      },
    });
  const done = async (saved: TAuthoredAnnouncement | null) => {
    setEditing(null);
    if (saved) {
      notify(saved.isDraft ? 'Draft saved' : 'Announcement published');
      await refresh();
    }
  };

  return (
    <ConsoleSection
      title="Announcements"
      description="Announcements reach your members and everyone who follows the business."
      action={
        !editing && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'new' })}>
            New announcement
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
      {list.data?.length === 0 && !editing && <Typography color="text.secondary">No announcements yet.</Typography>}
      {list.data && list.data.length > 0 && (
        <ConsoleList label="Announcements">
          {list.data.map((a) => (
            <ConsoleRow
              key={a.announcementId}
              testId="console-announcement"
              actions={
                <>
                  <Button onClick={() => setEditing({ kind: 'edit', announcement: a })}>Edit</Button>
                  <Button color="inherit" onClick={() => withdraw(a)}>
                    Withdraw
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
