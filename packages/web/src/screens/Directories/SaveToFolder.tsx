import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import BookmarkAddedIcon from '@mui/icons-material/BookmarkAdded';
import type { TVirtualContact } from '@vbc/shared/contact';
import type { TDirectorySummary } from '@vbc/shared/directory';
import { createFolder, removeCardFromFolder, saveCardToFolder } from '../../api/directories.ts';
import { errorText } from '../../api/error-text.ts';
import { directoryQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { BOTTOM_NAV_HEIGHT } from '../../components/bottom-nav-height.ts';
import RoundButton from '../../components/RoundButton.tsx';
import AppDialog from '../../dialogs/AppDialog.tsx';
import { notify } from '../../platform/events.ts';
import FolderNameDialog from './FolderNameDialog.tsx';

/**
 * "Save to folder" on a card page, for a signed-in visitor: a floating button that opens the
 * list of one's folders, each ticked when it holds the card; ticking saves, unticking removes.
 * Loaded lazily by the card screen, never part of a card link's first load.
 */
export default function SaveToFolder({
  contact,
}: {
  contact: Pick<TVirtualContact, 'virtualContactId' | 'firstName' | 'lastName' | 'name'>;
}) {
  const id = contact.virtualContactId;
  const { t } = useTranslation('directories');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const list = useQuery({ ...directoryQueries.list(id) });
  const folders = (list.data?.directories ?? []).filter((d) => d.kind === 'folder');
  const saved = folders.some((f) => f.containsCard);
  const name = `${contact.firstName} ${contact.lastName}`.trim() || contact.name;

  const toggle = useMutation({
    mutationFn: (folder: TDirectorySummary) =>
      folder.containsCard ? removeCardFromFolder(folder.dirId, id) : saveCardToFolder(folder.dirId, id),
    onSuccess: async (_answer, folder) => {
      notify(folder.containsCard ? t('save.removed', { name: folder.name }) : t('save.saved', { name: folder.name }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.directories.all });
    },
    onError: (e) => notify(errorText(e), 'warning'),
  });

  return (
    <>
      <RoundButton
        label={t('save.title')}
        title={t('save.title')}
        size={48}
        data-testid="save-to-folder"
        onClick={() => setOpen(true)}
        sx={{
          position: 'fixed',
          left: 20,
          bottom: `calc(${BOTTOM_NAV_HEIGHT + 16}px + env(safe-area-inset-bottom))`,
          zIndex: 1050,
          color: '#fff',
          bgcolor: 'rgba(40,40,50,0.92)',
          border: '1px solid rgba(255,255,255,0.2)',
          boxShadow: '0 6px 20px rgba(0,0,0,0.5)',
        }}
      >
        {saved ? <BookmarkAddedIcon /> : <BookmarkAddIcon />}
      </RoundButton>
      <AppDialog open={open && !naming} onClose={() => setOpen(false)} title={t('save.title')} testId="save-to-folder-dialog">
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {name ? t('save.keep', { name }) : t('save.keepThis')}
          </Typography>
          {list.isPending && <CircularProgress size={24} aria-label={t('save.loading')} />}
          {list.isError && <Typography color="error">{errorText(list.error)}</Typography>}
          <Box sx={{ display: 'grid' }}>
            {folders.map((f) => (
              <FormControlLabel
                key={f.dirId}
                label={f.name}
                control={<Checkbox checked={!!f.containsCard} disabled={toggle.isPending} onChange={() => toggle.mutate(f)} />}
              />
            ))}
          </Box>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between' }}>
          <Button startIcon={<AddIcon />} onClick={() => setNaming(true)}>
            {t('newFolder')}
          </Button>
          <Button variant="contained" onClick={() => setOpen(false)}>
            {t('save.done')}
          </Button>
        </DialogActions>
      </AppDialog>
      {naming && (
        <FolderNameDialog
          title={t('newFolder')}
          saveText={t('save.createAndSave')}
          onClose={() => setNaming(false)}
          onSave={async (folderName) => {
            const folder = await createFolder(folderName);
            await saveCardToFolder(folder.dirId, id);
            notify(t('save.saved', { name: folder.name }));
            await queryClient.invalidateQueries({ queryKey: queryKeys.directories.all });
          }}
        />
      )}
    </>
  );
}
