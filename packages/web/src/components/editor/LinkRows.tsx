import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Field from './Field.tsx';
import SortableList from './SortableList.tsx';
import { emptyLinkRow, type TLinkRow, type TRowsProps } from './list-rows.ts';

/** An address shown as an example in an empty field (not words: the same in every language). */
const EXAMPLE_SITE = 'example.com';

/** An ordered list of links (a URL and a name each): add, edit, drag or move, remove; at most 50. */
export default function LinkRows({ rows, onChange, errors, path, addText }: TRowsProps<TLinkRow>) {
  const { t } = useTranslation('editor');
  return (
    <SortableList
      rows={rows}
      onChange={onChange}
      label={(_, i) => t('rows.link', { number: i + 1 })}
      newRow={emptyLinkRow}
      max={50}
      addText={addText ?? t('links.add')}
    >
      {(l, i, update) => (
        <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
          <Field
            label={t('links.url')}
            type="url"
            inputMode="url"
            placeholder={EXAMPLE_SITE}
            value={l.linkUrl}
            onChange={(v) => update({ linkUrl: v })}
            error={errors[`${path}.${i}.linkUrl`]}
          />
          <Field
            label={t('links.name')}
            value={l.linkName}
            onChange={(v) => update({ linkName: v })}
            error={errors[`${path}.${i}.linkName`]}
          />
        </Box>
      )}
    </SortableList>
  );
}
