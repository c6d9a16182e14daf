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

const PLACEHOLDER = '## What I do\nI help teams **ship faster**.\n\n- Product design\n- [My portfolio](https://example.com)';

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
  const [tab, setTab] = useState(0);
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, v: number) => setTab(v)}
        aria-label={`Description ${index + 1} mode`}
        sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, py: 0.5 } }}
      >
        <Tab label="Write" />
        <Tab label="Preview" />
      </Tabs>
      {tab === 0 ? (
        <Field
          label={`Description ${index + 1} (markdown)`}
          value={row.text}
          onChange={onChange}
          error={error}
          multiline
          minRows={4}
          placeholder={PLACEHOLDER}
          sx={{ mt: 1, '& textarea': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.875rem' } }}
          helperText="**bold**, *italic*, ## headings, - lists, [links](https://…)"
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
            <Typography color="text.secondary">Nothing to preview yet.</Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

/** Markdown descriptions, each with Write / Preview. */
export default function AboutSection({ form, set, errors }: TSectionProps) {
  const ops = listOps(set, 'markdownDescriptions');
  const sort = useDragSort(ops.move);
  const rows = form.markdownDescriptions;
  return (
    <EditorSection id="about" icon={<ArticleIcon />} title="About" hint="Longer text with headings, lists and links.">
      {rows.map((row, i) => (
        <SortableRow
          key={row.key}
          index={i}
          count={rows.length}
          sort={sort}
          label={`description ${i + 1}`}
          onMove={ops.move}
          onRemove={() => ops.remove(i)}
        >
          <MarkdownEditor row={row} index={i} error={errors[`markdownDescriptions.${i}`]} onChange={(text) => ops.update(i, { text })} />
        </SortableRow>
      ))}
      <AddButton onClick={() => ops.add({ key: newKey(), text: '' })} disabled={rows.length >= 10}>
        + Add a description
      </AddButton>
    </EditorSection>
  );
}
