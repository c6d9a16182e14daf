import { useTranslation } from 'react-i18next';
import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CloseIcon from '@mui/icons-material/Close';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { useIsMutating, useMutation } from '@tanstack/react-query';
import { obsecuredDisplayUrl } from '../../../api/contacts.ts';
import { uploadPicture } from '../../../api/files.ts';
import { errorText } from '../../../api/error-text.ts';
import { newKey } from '../../../components/editor/list-rows.ts';
import type { TBoardRow } from '../form-model.ts';
import EditorSection, { AddButton } from '../../../components/editor/EditorSection.tsx';
import Field from '../../../components/editor/Field.tsx';
import SortableRow from '../../../components/editor/SortableRow.tsx';
import { moveItem, useDragSort } from '../../../components/editor/use-drag-sort.ts';
import { listOps } from './list-ops.ts';
import type { TSectionProps } from './types.ts';

/** One board: a title and its photos in a grid ordered by drag (or the arrow buttons). */
function Board({ board, index, onChange }: { board: TBoardRow; index: number; onChange: (patch: Partial<TBoardRow>) => void }) {
  const { t } = useTranslation('editor');
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(board);
  latest.current = board;
  const move = (from: number, to: number) => onChange({ items: moveItem(latest.current.items, from, to) });
  const sort = useDragSort(move, { holdOnTouch: true });

  // One upload per photo, one after the other in the order chosen (one scope per board); the count
  // left is the board's uploads not yet answered, and a failed photo says which file it was.
  const uploads = ['wallUpload', useId()];
  const upload = useMutation({
    mutationKey: uploads,
    scope: { id: uploads.join(':') },
    mutationFn: (file: File) => uploadPicture(file),
    onSuccess: (u) =>
      onChange({
        items: [
          ...latest.current.items,
          { key: newKey(), obsecuredDisplayItemId: u.obsecuredDisplayItemId, width: u.width, height: u.height, caption: '' },
        ],
      }),
    onError: (e, file) => setError(t('wall.uploadFailed', { file: file.name, reason: errorText(e) })),
  });
  const busy = useIsMutating({ mutationKey: uploads });

  const addFiles = (files: FileList | null) => {
    if (!files?.length) return;
    setError(null);
    for (const file of [...files]) upload.mutate(file);
    if (input.current) input.current.value = '';
  };

  const n = board.items.length;
  return (
    <>
      <Field
        label={t('wall.boardTitle', { number: index + 1 })}
        value={board.title}
        onChange={(title) => onChange({ title })}
        placeholder={index === 0 ? t('wall.recentWork') : t('wall.boardTitlePlaceholder')}
      />
      <Box
        component="ul"
        aria-label={t('wall.boardPhotos', { number: index + 1 })}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}
      >
        {board.items.map((item, i) => (
          <Box
            component="li"
            key={item.key}
            {...sort.rowProps(i)}
            data-testid="wall-photo"
            sx={{
              position: 'relative',
              aspectRatio: '1 / 1',
              borderRadius: '12px',
              overflow: 'hidden',
              bgcolor: '#22222c',
              '&[data-dragging="true"]': { outline: '2px solid', outlineColor: 'primary.main', transform: 'scale(1.04)' },
            }}
          >
            <Box
              component="img"
              src={obsecuredDisplayUrl(item.obsecuredDisplayItemId)}
              alt={t('wall.photo', { number: i + 1 })}
              draggable={false}
              {...sort.handleProps(i)}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', userSelect: 'none' }}
            />
            <Box
              sx={{
                position: 'absolute',
                inset: 'auto 0 0 0',
                display: 'flex',
                justifyContent: 'space-between',
                p: 0.25,
                background: 'linear-gradient(transparent, rgba(0,0,0,0.7))',
              }}
            >
              <IconButton
                size="small"
                aria-label={t('wall.earlier', { number: i + 1 })}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
                sx={{ color: '#fff' }}
              >
                <ArrowBackIcon sx={{ fontSize: 16 }} />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t('wall.later', { number: i + 1 })}
                disabled={i === n - 1}
                onClick={() => move(i, i + 1)}
                sx={{ color: '#fff' }}
              >
                <ArrowForwardIcon sx={{ fontSize: 16 }} />
              </IconButton>
            </Box>
            <IconButton
              size="small"
              aria-label={t('wall.remove', { number: i + 1 })}
              onClick={() => onChange({ items: board.items.filter((_, j) => j !== i) })}
              sx={{
                position: 'absolute',
                top: 2,
                right: 2,
                color: '#fff',
                bgcolor: 'rgba(0,0,0,0.55)',
                '&:hover': { bgcolor: 'rgba(0,0,0,0.8)' },
              }}
            >
              <CloseIcon sx={{ fontSize: 16 }} />
            </IconButton>
          </Box>
        ))}
        <Box component="li" sx={{ aspectRatio: '1 / 1' }}>
          <Button
            component="label"
            variant="outlined"
            disabled={busy > 0 || n >= 100}
            sx={{
              width: '100%',
              height: '100%',
              borderRadius: '12px',
              borderStyle: 'dashed',
              flexDirection: 'column',
              gap: 0.5,
              fontSize: '0.8rem',
            }}
          >
            {busy > 0 ? <CircularProgress size={22} aria-label={t('image.uploading')} /> : <PhotoLibraryIcon />}
            {busy > 0 ? t('wall.uploading', { count: busy }) : t('wall.add')}
            <input
              ref={input}
              hidden
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              data-testid={`wall-input-${index}`}
              aria-label={t('wall.addTo', { number: index + 1 })}
              onChange={(e) => addFiles(e.target.files)}
            />
          </Button>
        </Box>
      </Box>
      {error && (
        <Typography variant="caption" color="error.main" role="alert">
          {error}
        </Typography>
      )}
    </>
  );
}

/** Wall boards of photos; the first board is the one the public card shows. */
export default function WallSection({ form, set }: TSectionProps) {
  const { t } = useTranslation('editor');
  const ops = listOps(set, 'boards');
  const sort = useDragSort(ops.move);
  return (
    <EditorSection id="wall" icon={<PhotoLibraryIcon />} title={t('wall.title')} hint={t('wall.hint')}>
      {form.boards.map((b, i) => (
        <SortableRow
          key={b.key}
          index={i}
          count={form.boards.length}
          sort={sort}
          label={t('rows.board', { number: i + 1 })}
          onMove={ops.move}
          onRemove={() => ops.remove(i)}
        >
          <Board board={b} index={i} onChange={(patch) => ops.update(i, patch)} />
        </SortableRow>
      ))}
      <AddButton onClick={() => ops.add({ key: newKey(), title: '', items: [] })} disabled={form.boards.length >= 20}>
        {t('wall.addBoard')}
      </AddButton>
    </EditorSection>
  );
}
