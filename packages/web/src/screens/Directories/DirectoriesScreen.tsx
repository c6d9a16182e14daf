import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import BusinessIcon from '@mui/icons-material/Business';
import DeleteIcon from '@mui/icons-material/DeleteForever';
import EditIcon from '@mui/icons-material/Edit';
import FolderIcon from '@mui/icons-material/Folder';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import type { TDirectorySummary } from '@vbc/shared/directory';
import { createFolder, deleteFolder, renameFolder } from '../../api/directories.ts';
import { errorText } from '../../api/error-text.ts';
import { directoryQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import EmptyState from '../../components/EmptyState.tsx';
import InvitationsBanner from '../../components/InvitationsBanner.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { emitClientEvent, notify } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';
import FolderNameDialog from './FolderNameDialog.tsx';
import IconTile from '../../components/IconTile.tsx';

function DirectoryRow({ dir, onRename, onDelete }: { dir: TDirectorySummary; onRename?: () => void; onDelete?: () => void }) {
  const { t } = useTranslation('directories');
  const icon = dir.kind === 'business' ? <BusinessIcon /> : dir.isSaved ? <BookmarkIcon /> : <FolderIcon />;
  const cards = t('list.cards', { count: dir.cardCount });
  const detail =
    dir.kind === 'business'
      ? dir.relation === 'member'
        ? t('list.memberDetail', { cards })
        : t('list.followingDetail', { cards })
      : cards;
  return (
    <Box
      component="li"
      data-testid="directory-row"
      sx={{
        listStyle: 'none',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1.25,
        borderRadius: '18px',
        bgcolor: 'background.paper',
        border: '1px solid rgba(255,255,255,0.07)',
        '&:hover': { borderColor: 'rgba(154,125,255,0.45)' },
      }}
    >
      <Box
        component={RouterLink}
        to={`/directory/${dir.dirId}`}
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: 1, minWidth: 0, color: 'inherit', textDecoration: 'none' }}
      >
        <IconTile>{icon}</IconTile>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {dir.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        </Box>
      </Box>
      {onRename && (
        <IconButton aria-label={t('list.renameFolder', { name: dir.name })} title={t('list.rename')} onClick={onRename}>
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {onDelete && (
        <IconButton aria-label={t('list.deleteFolder', { name: dir.name })} title={t('list.delete')} onClick={onDelete}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

type TNaming = { kind: 'create' } | { kind: 'rename'; dir: TDirectorySummary };

/** Route /directories: the businesses one belongs to or follows, then one's folders ("Saved" first). */
export default function DirectoriesScreen() {
  const { status } = useSession();
  const { t } = useTranslation('directories');
  const queryClient = useQueryClient();
  const [naming, setNaming] = useState<TNaming | null>(null);
  const list = useQuery({ ...directoryQueries.list(), enabled: status === 'signedIn' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.directories.all });
  const remove = useMutation({
    mutationFn: (dir: TDirectorySummary) => deleteFolder(dir.dirId),
    onSuccess: async () => {
      notify(t('list.deleted'));
      await refresh();
    },
  });

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  if (status === 'checking') return <LoadingScreen />;
  if (status !== 'signedIn') return <EmptyState icon={<FolderSharedIcon />} title={t('title')} text="" requiresSignIn />;
  if (list.isPending) return <LoadingScreen />;
  if (list.isError)
    return (
      <EmptyState
        icon={<FolderSharedIcon />}
        title={t('title')}
        text={errorText(list.error)}
        action={<Button onClick={() => list.refetch()}>{t('tryAgain')}</Button>}
      />
    );

  const businesses = list.data.directories.filter((d) => d.kind === 'business');
  const folders = list.data.directories.filter((d) => d.kind === 'folder');
  const askDelete = (dir: TDirectorySummary) =>
    emitClientEvent('prompt', {
      title: t('delete.title'),
      message: t('delete.message', { name: dir.name }),
      yesText: t('list.delete'),
      noText: t('cancel'),
      onYes: () => remove.mutateAsync(dir).then(() => undefined),
    });

  return (
    <Box
      component="main"
      sx={{ maxWidth: 760, mx: 'auto', px: 2, pt: { xs: 3, sm: 5 }, pb: 6, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}
    >
      <Box sx={{ pr: 6 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 850, fontSize: { xs: '1.8rem', sm: '2.2rem' } }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
      </Box>
      <InvitationsBanner />
      {businesses.length > 0 && (
        <Box component="section" aria-labelledby="dirs-businesses">
          <Typography id="dirs-businesses" variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1.5 }}>
            {t('businesses')}
          </Typography>
          <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.25 }}>
            {businesses.map((d) => (
              <DirectoryRow key={d.dirId} dir={d} />
            ))}
          </Box>
        </Box>
      )}
      <Box component="section" aria-labelledby="dirs-folders">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
          <Typography id="dirs-folders" variant="h6" component="h2" sx={{ fontWeight: 800 }}>
            {t('folders')}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setNaming({ kind: 'create' })}>
            {t('newFolder')}
          </Button>
        </Box>
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.25 }}>
          {folders.map((d) => (
            <DirectoryRow
              key={d.dirId}
              dir={d}
              onRename={d.isSaved ? undefined : () => setNaming({ kind: 'rename', dir: d })}
              onDelete={d.isSaved ? undefined : () => askDelete(d)}
            />
          ))}
        </Box>
      </Box>
      {naming?.kind === 'create' && (
        <FolderNameDialog
          title={t('newFolder')}
          saveText={t('create')}
          onClose={() => setNaming(null)}
          onSave={async (name) => {
            await createFolder(name);
            await refresh();
          }}
        />
      )}
      {naming?.kind === 'rename' && (
        <FolderNameDialog
          title={t('renameTitle')}
          saveText={t('list.rename')}
          initial={naming.dir.name}
          onClose={() => setNaming(null)}
          onSave={async (name) => {
            await renameFolder(naming.dir.dirId, name);
            await refresh();
          }}
        />
      )}
    </Box>
  );
}
