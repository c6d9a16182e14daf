import type { ReactNode } from 'react';
import { AddButton } from './EditorSection.tsx';
import SortableRow from './SortableRow.tsx';
import { useDragSort } from './use-drag-sort.ts';
import { rowOps, type TRowsChange } from './list-rows.ts';

/**
 * An ordered list of an editor: each row a SortableRow (drag handle, move up / down, remove) around
 * the fields `children` draws for it, and an add button under them (off at `max` rows).
 */
export default function SortableList<TRow extends { key: string }>({
  rows,
  onChange,
  label,
  newRow,
  max,
  addText,
  children,
}: {
  rows: TRow[];
  onChange: TRowsChange<TRow>;
  /** What a row is, for its buttons' names ("link 2"). */
  label: (row: TRow, index: number) => string;
  newRow: () => TRow;
  max: number;
  addText: string;
  children: (row: TRow, index: number, update: (patch: Partial<TRow>) => void) => ReactNode;
}) {
  const ops = rowOps(onChange);
  const sort = useDragSort(ops.move);
  return (
    <>
      {rows.map((row, i) => (
        <SortableRow
          key={row.key}
          index={i}
          count={rows.length}
          sort={sort}
          label={label(row, i)}
          onMove={ops.move}
          onRemove={() => ops.remove(i)}
        >
          {children(row, i, (patch) => ops.update(i, patch))}
        </SortableRow>
      ))}
      <AddButton onClick={() => ops.add(newRow())} disabled={rows.length >= max}>
        {addText}
      </AddButton>
    </>
  );
}
