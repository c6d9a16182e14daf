import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Field from './Field.tsx';
import SortableList from './SortableList.tsx';
import { emptyLocationRow, type TLocationRow, type TRowsProps } from './list-rows.ts';

/** How a Google place id begins (an example, the same in every language). */
const PLACE_ID_EXAMPLE = 'ChIJ…';

/** An ordered list of places (title, address, city, country, Google place id): add, edit, drag or move, remove; at most 20. */
export default function LocationRows({ rows, onChange, errors, path, addText }: TRowsProps<TLocationRow>) {
  const { t } = useTranslation('editor');
  return (
    <SortableList
      rows={rows}
      onChange={onChange}
      label={(_, i) => t('rows.place', { number: i + 1 })}
      newRow={emptyLocationRow}
      max={20}
      addText={addText ?? t('places.add')}
    >
      {(l, i, update) => {
        const err = (f: keyof TLocationRow) => errors[`${path}.${i}.${f}`];
        return (
          <>
            <Field label={t('places.placeTitle')} value={l.title} onChange={(v) => update({ title: v })} error={err('title')} />
            <Field
              label={t('places.address')}
              value={l.address}
              onChange={(v) => update({ address: v })}
              error={err('address')}
              autoComplete="street-address"
            />
            <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
              <Field label={t('places.city')} value={l.city} onChange={(v) => update({ city: v })} error={err('city')} />
              <Field label={t('places.country')} value={l.country} onChange={(v) => update({ country: v })} error={err('country')} />
            </Box>
            <Field
              label={t('places.placeId')}
              value={l.googlePlaceId}
              onChange={(v) => update({ googlePlaceId: v })}
              error={err('googlePlaceId')}
              placeholder={PLACE_ID_EXAMPLE}
            />
          </>
        );
      }}
    </SortableList>
  );
}
