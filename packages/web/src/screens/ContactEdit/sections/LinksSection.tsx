import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinkIcon from '@mui/icons-material/Link';
import { newKey } from '../../../components/editor/list-rows.ts';
import EditorSection, { AddButton } from '../../../components/editor/EditorSection.tsx';
import Field from '../../../components/editor/Field.tsx';
import LinkRows from '../../../components/editor/LinkRows.tsx';
import SortableRow from '../../../components/editor/SortableRow.tsx';
import { useDragSort } from '../../../components/editor/use-drag-sort.ts';
import { listOps } from './list-ops.ts';
import type { TSectionProps } from './types.ts';

/** An address shown as an example in an empty field (not words: the same in every language). */
const EXAMPLE_VIDEO = 'https://youtube.com/watch?v=…';
/** Links (URL and a name) and videos (URL and a title). */
export default function LinksSection({ form, set, errors }: TSectionProps) {
  const { t } = useTranslation('editor');
  const videos = listOps(set, 'videos');
  const videoSort = useDragSort(videos.move);
  return (
    <EditorSection id="links" icon={<LinkIcon />} title={t('links.title')} hint={t('links.hint')}>
      <LinkRows rows={form.links} onChange={(update) => set('links', update)} errors={errors} path="links" />
      {form.videos.map((v, i) => (
        <SortableRow
          key={v.key}
          index={i}
          count={form.videos.length}
          sort={videoSort}
          label={t('rows.video', { number: i + 1 })}
          onMove={videos.move}
          onRemove={() => videos.remove(i)}
        >
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
            <Field
              label={t('links.videoUrl')}
              type="url"
              inputMode="url"
              placeholder={EXAMPLE_VIDEO}
              value={v.videoUrl}
              onChange={(x) => videos.update(i, { videoUrl: x })}
              error={errors[`videos.${i}.videoUrl`]}
            />
            <Field
              label={t('links.videoTitle')}
              value={v.title}
              onChange={(x) => videos.update(i, { title: x })}
              error={errors[`videos.${i}.title`]}
            />
          </Box>
        </SortableRow>
      ))}
      <AddButton onClick={() => videos.add({ key: newKey(), videoUrl: '', title: '' })} disabled={form.videos.length >= 20}>
        {t('links.addVideo')}
      </AddButton>
    </EditorSection>
  );
}
