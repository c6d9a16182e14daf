import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinkIcon from '@mui/icons-material/Link';
import { newKey } from '../form-model.ts';
import EditorSection, { AddButton } from '../../../components/editor/EditorSection.tsx';
import Field from '../../../components/editor/Field.tsx';
import SortableRow from '../parts/SortableRow.tsx';
import { useDragSort } from '../parts/use-drag-sort.ts';
import { listOps } from './list-ops.ts';
import type { TSectionProps } from './types.ts';

/** Addresses shown as examples in empty fields (not words: the same in every language). */
const EXAMPLE_SITE = 'example.com';
const EXAMPLE_VIDEO = 'https://youtube.com/watch?v=…';
/** Links (URL and a name) and videos (URL and a title). */
export default function LinksSection({ form, set, errors }: TSectionProps) {
  const { t } = useTranslation('editor');
  const links = listOps(set, 'links');
  const videos = listOps(set, 'videos');
  const linkSort = useDragSort(links.move);
  const videoSort = useDragSort(videos.move);
  return (
    <EditorSection id="links" icon={<LinkIcon />} title={t('links.title')} hint={t('links.hint')}>
      {form.links.map((l, i) => (
        <SortableRow
          key={l.key}
          index={i}
          count={form.links.length}
          sort={linkSort}
          label={t('rows.link', { number: i + 1 })}
          onMove={links.move}
          onRemove={() => links.remove(i)}
        >
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
            <Field
              label={t('links.url')}
              type="url"
              inputMode="url"
              placeholder={EXAMPLE_SITE}
              value={l.linkUrl}
              onChange={(v) => links.update(i, { linkUrl: v })}
              error={errors[`links.${i}.linkUrl`]}
            />
            <Field
              label={t('links.name')}
              value={l.linkName}
              onChange={(v) => links.update(i, { linkName: v })}
              error={errors[`links.${i}.linkName`]}
            />
          </Box>
        </SortableRow>
      ))}
      <AddButton onClick={() => links.add({ key: newKey(), linkUrl: '', linkName: '' })} disabled={form.links.length >= 50}>
        {t('links.add')}
      </AddButton>
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
