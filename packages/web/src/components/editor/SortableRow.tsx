import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import type { useDragSort } from './use-drag-sort.ts';

type TSort = ReturnType<typeof useDragSort>;

export interface TSortableRowProps {
  index: number;
  count: number;
  sort: TSort;
  /** What the row is, for the buttons' names ("phone 2"). */
  label: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  children: ReactNode;
}

/**
 * One row of an ordered list in the editor: a drag handle, the fields, and
 * move up / move down / remove buttons (the keyboard and screen-reader way to order).
 */
export default function SortableRow({ index, count, sort, label, onMove, onRemove, children }: TSortableRowProps) {
  const { t } = useTranslation('editor');
  return (
    <Box
      {...sort.rowProps(index)}
      data-testid="sortable-row"
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        p: 1.25,
        pt: 1.75,
        borderRadius: '16px',
        bgcolor: 'rgba(255,255,255,0.03)',
        border: '1px solid rgba(255,255,255,0.08)',
        transition: 'box-shadow .15s ease, border-color .15s ease, transform .15s ease',
        '&[data-dragging="true"]': { borderColor: 'primary.main', boxShadow: '0 10px 28px rgba(0,0,0,0.45)', transform: 'scale(1.01)' },
      }}
    >
      <Box
        {...sort.handleProps(index)}
        aria-hidden
        title={t('sortable.drag')}
        sx={{
          alignSelf: 'stretch',
          display: 'flex',
          alignItems: 'center',
          color: 'text.secondary',
          px: 0.25,
          borderRadius: '12px',
          '&:hover': { color: 'text.primary', bgcolor: 'rgba(255,255,255,0.06)' },
        }}
      >
        <DragIndicatorIcon fontSize="small" />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.25 }}>{children}</Box>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, alignItems: 'center', alignSelf: { md: 'center' } }}>
        <Tooltip title={t('sortable.up')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('sortable.moveUp', { item: label })}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('sortable.down')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('sortable.moveDown', { item: label })}
              disabled={index >= count - 1}
              onClick={() => onMove(index, index + 1)}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('sortable.remove')}>
          <IconButton
            size="small"
            aria-label={t('sortable.removeItem', { item: label })}
            onClick={onRemove}
            sx={{ '&:hover': { color: 'error.main' } }}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
