import Box from '@mui/material/Box';
import { AddButton } from './EditorSection.tsx';
import Field from './Field.tsx';
import SortableRow from './SortableRow.tsx';
import { useDragSort } from './use-drag-sort.ts';
import { emptyLocationRow, rowOps, type TLocationRow, type TRowsProps } from './list-rows.ts';

/** An ordered list of places (title, address, city, country, Google place id): add, edit, drag or move, remove; at most 20. */
export default function LocationRows({ rows, onChange, errors, path, addText = '+ Add a place' }: TRowsProps<TLocationRow>) {
  const ops = rowOps(onChange);
  const sort = useDragSort(ops.move);
  const err = (i: number, f: string) => errors[`${path}.${i}.${f}`];
  return (
    <>
      {rows.map((l, i) => (
        <SortableRow
          key={l.key}
          index={i}
          count={rows.length}
          sort={sort}
          label={`place ${i + 1}`}
          onMove={ops.move}
          onRemove={() => ops.remove(i)}
        >
          <Field label="Place title" value={l.title} onChange={(v) => ops.update(i, { title: v })} error={err(i, 'title')} />
          <Field
            label="Address"
            value={l.address}
            onChange={(v) => ops.update(i, { address: v })}
            error={err(i, 'address')}
            autoComplete="street-address"
          />
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
            <Field label="City" value={l.city} onChange={(v) => ops.update(i, { city: v })} error={err(i, 'city')} />
            <Field label="Country" value={l.country} onChange={(v) => ops.update(i, { country: v })} error={err(i, 'country')} />
          </Box>
          <Field
            label="Google place id (optional)"
            value={l.googlePlaceId}
            onChange={(v) => ops.update(i, { googlePlaceId: v })}
            error={err(i, 'googlePlaceId')}
            placeholder="ChIJ…"
          />
        </SortableRow>
      ))}
      <AddButton onClick={() => ops.add(emptyLocationRow())} disabled={rows.length >= 20}>
        {addText}
      </AddButton>
    </>
  );
}
