import type { TDirectorySummary } from '@vbc/shared';
import type { directoryFolders } from '../platform/db/schema/index.ts';

export type FolderRow = typeof directoryFolders.$inferSelect;

/** A business a viewer reaches, as read with its card count. */
export interface BusinessRow {
  id: string;
  name: string;
  corporateProfileId: string;
  isPublic: boolean;
  cardCount: number;
}

/** Folder row (or the columns of it a list reads) → directory summary (always the owner's). */
export function presentFolder(
  row: Pick<FolderRow, 'id' | 'name' | 'isSaved'>,
  cardCount: number,
  containsCard?: boolean,
): TDirectorySummary {
  return {
    dirId: row.id,
    kind: 'folder',
    name: row.name,
    cardCount,
    isSaved: row.isSaved,
    isPublic: false,
    relation: 'owner',
    corporateProfileId: null,
    ...(containsCard === undefined ? {} : { containsCard }),
  };
}

/** Business → directory summary, as seen by a member, a follower or (public directory) a visitor. */
export function presentBusiness(row: BusinessRow, relation: 'member' | 'follower' | 'visitor', containsCard?: boolean): TDirectorySummary {
  return {
    dirId: row.id,
    kind: 'business',
    name: row.name,
    cardCount: row.cardCount,
    isSaved: false,
    isPublic: row.isPublic,
    relation,
    corporateProfileId: row.corporateProfileId,
    ...(containsCard === undefined ? {} : { containsCard }),
  };
}
