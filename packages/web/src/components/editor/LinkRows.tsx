import Box from '@mui/material/Box';
import { AddButton } from './EditorSection.tsx';
import Field from './Field.tsx';
import SortableRow from './SortableRow.tsx';
import { useDragSort } from './use-drag-sort.ts';
import { emptyLinkRow, rowOps, type TLinkRow, type TRowsProps } from './list-rows.ts';

/** An ordered list of links (a URL and a name each): add, edit, drag or move, remove; at most 50. */
export default function LinkRows({ rows, onChange, errors, path, addText = '+ Add a link' }: TRowsProps<TLinkRow>) {
  const ops = rowOps(onChange);
  const sort = useDragSort(ops.move);
  return (
    <>
      {rows.map((l, i) => (
        <SortableRow
          key={l.key}
          index={i}
          count={rows.length}
          sort={sort}
          label={`link ${i + 1}`}
          onMove={ops.move}
          onRemove={() => ops.remove(i)}
        >
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
            <Field
              label="Link URL"
              type="url"
              inputMode="url"
              placeholder="example.com"
              value={l.linkUrl}
              onChange={(v) => ops.update(i, { linkUrl: v })}
              error={errors[`${path}.${i}.linkUrl`]}
            />
            <Field
              label="Link name"
              value={l.linkName}
              onChange={(v) => ops.update(i, { linkName: v })}
              error={errors[`${path}.${i}.linkName`]}
            />
          </Box>
        </SortableRow>
      ))}
      <AddButton onClick={() => ops.add(emptyLinkRow())} disabled={rows.length >= 50}>
        {addText}
      </AddButton>
    </>
  );
}
