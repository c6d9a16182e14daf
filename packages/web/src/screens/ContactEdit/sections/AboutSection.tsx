import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArticleIcon from '@mui/icons-material/Article';
import { newKey } from '../../../components/editor/list-rows.ts';
import type { TMarkdownRow } from '../form-model.ts';
import { markdownSx } from '../../../components/card/markdown-style.ts';
import EditorSection, { AddButton } from '../../../components/editor/EditorSection.tsx';
import Field from '../../../components/editor/Field.tsx';
import SortableRow from '../../../components/editor/SortableRow.tsx';
import { useDragSort } from '../../../components/editor/use-drag-sort.ts';
import { listOps } from './list-ops.ts';
import type { TSectionProps } from './types.ts';

const Markdown = lazy(() => import('../../../components/card/Markdown.tsx'));

function MarkdownEditor({
  row,
  index,
  error,
  onChange,
}: {
  row: TMarkdownRow;
  index: number;
  error?: string;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation('editor');
  const [tab, setTab] = useState(0);
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, v: number) => setTab(v)}
        aria-label={t('about.mode', { number: index + 1 })}
        sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, py: 0.5 } }}
      >
        <Tab label={t('about.write')} />
        <Tab label={t('about.preview')} />
      </Tabs>
      {tab === 0 ? (
        <Field
          label={t('about.field', { number: index + 1 })}
          value={row.text}
          onChange={onChange}
          error={error}
          multiline
          minRows={4}
          placeholder={t('about.placeholder')}
          sx={{ mt: 1, '& textarea': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.875rem' } }}
          helperText={t('about.help')}
        />
      ) : (
        <Box
          data-testid="markdown-preview"
          sx={{ mt: 1, p: 1.5, minHeight: 96, borderRadius: '12px', border: '1px solid rgba(255,255,255,0.12)' }}
        >
          {row.text.trim() ? (
            <Suspense fallback={<Typography color="text.secondary">…</Typography>}>
              <Box sx={markdownSx}>
                <Markdown sources={[row.text]} />
              </Box>
            </Suspense>
          ) : (
            <Typography color="text.secondary">{t('about.nothing')}</Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

/** Markdown descriptions, each with Write / Preview. */
export default function AboutSection({ form, set, errors }: TSectionProps) {
  const { t } = useTranslation('editor');
  const ops = listOps(set, 'markdownDescriptions');
  const sort = useDragSort(ops.move);
  const rows = form.markdownDescriptions;
  return (
    <EditorSection id="about" icon={<ArticleIcon />} title={t('about.title')} hint={t('about.hint')}>
      {rows.map((row, i) => (
        <SortableRow
          key={row.key}
          index={i}
          count={rows.length}
          sort={sort}
          label={t('rows.description', { number: i + 1 })}
          onMove={ops.move}
          onRemove={() => ops.remove(i)}
        >
          <MarkdownEditor row={row} index={i} error={errors[`markdownDescriptions.${i}`]} onChange={(text) => ops.update(i, { text })} />
        </SortableRow>
      ))}
      <AddButton onClick={() => ops.add({ key: newKey(), text: '' })} disabled={rows.length >= 10}>
        {t('about.add')}
      </AddButton>
    </EditorSection>
  );
}
