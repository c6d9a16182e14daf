import { rowOps } from '../../../components/editor/list-rows.ts';
import type { TCardForm } from '../form-model.ts';
import type { TSetField } from './types.ts';

export type TListKey = 'phones' | 'emails' | 'links' | 'videos' | 'locations' | 'socialMedias' | 'boards' | 'markdownDescriptions';

/** Add / change / remove / move for one list of the form. */
export function listOps<K extends TListKey>(set: TSetField, key: K) {
  type TRow = TCardForm[K][number];
  return rowOps<TRow>((update) => set(key, (prev) => update(prev as TRow[]) as TCardForm[K]));
}
