import type { TCardForm } from '../form-model.ts';
import { moveItem } from '../parts/use-drag-sort.ts';
import type { TSetField } from './types.ts';

export type TListKey = 'phones' | 'emails' | 'links' | 'videos' | 'locations' | 'socialMedias' | 'boards' | 'markdownDescriptions';

/** Add / change / remove / move for one list of the form. */
export function listOps<K extends TListKey>(set: TSetField, key: K) {
  type TRow = TCardForm[K][number];
  const apply = (fn: (rows: TRow[]) => TRow[]) => set(key, (prev) => fn(prev as TRow[]) as TCardForm[K]);
  return {
    add: (row: TRow) => apply((rows) => [...rows, row]),
    update: (index: number, patch: Partial<TRow>) => apply((rows) => rows.map((r, i) => (i === index ? { ...r, ...patch } : r))),
    remove: (index: number) => apply((rows) => rows.filter((_, i) => i !== index)),
    move: (from: number, to: number) => apply((rows) => moveItem(rows, from, to)),
  };
}
