import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import PlaceIcon from '@mui/icons-material/Place';
import { newKey } from '../form-model.ts';
import EditorSection, { AddButton } from '../../../components/editor/EditorSection.tsx';
import Field from '../../../components/editor/Field.tsx';
import SortableRow from '../parts/SortableRow.tsx';
import { useDragSort } from '../parts/use-drag-sort.ts';
import { listOps } from './list-ops.ts';
import type { TSectionProps } from './types.ts';

/** How a Google place id begins (an example, the same in every language). */
const PLACE_ID_EXAMPLE = 'ChIJ…';
/** Locations: title, address, city, country, Google place id. */
export default function PlacesSection({ form, set, errors }: TSectionProps) {
  const { t } = useTranslation('editor');
  const ops = listOps(set, 'locations');
  const sort = useDragSort(ops.move);
  const err = (i: number, f: string) => errors[`locations.${i}.${f}`];
  return (
    <EditorSection id="places" icon={<PlaceIcon />} title={t('places.title')} hint={t('places.hint')}>
      {form.locations.map((l, i) => (
        <SortableRow
          key={l.key}
          index={i}
          count={form.locations.length}
          sort={sort}
          label={t('rows.place', { number: i + 1 })}
          onMove={ops.move}
          onRemove={() => ops.remove(i)}
        >
          <Field label={t('places.placeTitle')} value={l.title} onChange={(v) => ops.update(i, { title: v })} error={err(i, 'title')} />
          <Field
            label={t('places.address')}
            value={l.address}
            onChange={(v) => ops.update(i, { address: v })}
            error={err(i, 'address')}
            autoComplete="street-address"
          />
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
            <Field label={t('places.city')} value={l.city} onChange={(v) => ops.update(i, { city: v })} error={err(i, 'city')} />
            <Field
              label={t('places.country')}
              value={l.country}
              onChange={(v) => ops.update(i, { country: v })}
              error={err(i, 'country')}
            />
          </Box>
          <Field
            label={t('places.placeId')}
            value={l.googlePlaceId}
            onChange={(v) => ops.update(i, { googlePlaceId: v })}
            error={err(i, 'googlePlaceId')}
            placeholder={PLACE_ID_EXAMPLE}
          />
        </SortableRow>
      ))}
      <AddButton
        onClick={() =>
          ops.add({ key: newKey(), title: '', address: '', city: '', country: '', googlePlaceId: '', latitude: null, longitude: null })
        }
        disabled={form.locations.length >= 20}
      >
        {t('places.add')}
      </AddButton>
    </EditorSection>
  );
}
