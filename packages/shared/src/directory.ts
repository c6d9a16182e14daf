import { z } from 'zod';
import { ZCardSummary } from './account.ts';

/** Limits of an account's own folders. */
export const DIRECTORY_LIMITS = {
  folderNameMaxLength: 60,
  foldersPerAccount: 100,
  cardsPerFolder: 1000,
} as const;

/** The folder every account has, which cannot be renamed or deleted. */
export const SAVED_FOLDER_NAME = 'Saved';

/** A folder's name: trimmed, 1 to 60 characters. */
export const ZFolderName = z
  .string({ error: 'Required.' })
  .trim()
  .min(1, 'Required.')
  .max(DIRECTORY_LIMITS.folderNameMaxLength, `Max ${DIRECTORY_LIMITS.folderNameMaxLength} characters`);

/** POST /api/directories (create a folder) and PUT /api/directories/{dirId} (rename it). */
export const ZFolderInput = z.object({ name: ZFolderName });
export type TFolderInput = z.input<typeof ZFolderInput>;

/**
 * One directory: a business's (its members' linked cards) or one of the account's folders.
 * `relation` says how the viewer reaches it: `owner` of a folder, `member` or `follower` of a
 * business, `visitor` of a public team directory.
 */
export const ZDirectorySummary = z.object({
  dirId: z.string(),
  kind: z.enum(['business', 'folder']),
  name: z.string(),
  cardCount: z.number().int(),
  /** The account's "Saved" folder. */
  isSaved: z.boolean(),
  /** A business directory that opens for anyone with the link. */
  isPublic: z.boolean(),
  relation: z.enum(['owner', 'member', 'follower', 'visitor']),
  /** A business's corporate profile (its 'Verified Business' dialog); null for a folder. */
  corporateProfileId: z.string().nullable(),
  /** With `?contactId=`: whether that card is in this directory. */
  containsCard: z.boolean().optional(),
});
export type TDirectorySummary = z.infer<typeof ZDirectorySummary>;

/** GET /api/directories: businesses the account belongs to or follows, then its folders ("Saved" first). */
export const ZDirectories = z.object({ directories: z.array(ZDirectorySummary) });
export type TDirectories = z.infer<typeof ZDirectories>;

/** Most cards one page of a directory holds, and how many when the request does not say. */
export const DIRECTORY_PAGE = { max: 200, default: 100 } as const;

/**
 * GET /api/directories/{dirId}: the directory with one page of its cards (a business's by name, a
 * folder's newest saved first); `nextCursor` asks for the next page (`?cursor=`), null after the
 * last. `cardCount` counts them all, whatever `q` filters.
 */
export const ZDirectory = ZDirectorySummary.extend({ cards: z.array(ZCardSummary), nextCursor: z.string().nullable() });
export type TDirectory = z.infer<typeof ZDirectory>;

/** GET /api/directories/{dirId}?q=&limit=&cursor= */
export const ZDirectoryQuery = z.object({
  /** Cards whose name, job title or organization hold every word (ignoring case), as search does. */
  q: z.string().trim().max(100, 'Max 100 characters').optional(),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(DIRECTORY_PAGE.max, `must be at most ${DIRECTORY_PAGE.max}`)
    .default(DIRECTORY_PAGE.default),
  cursor: z.string().trim().max(300, 'Not a cursor of this directory.').optional(),
});
export type TDirectoryQuery = z.infer<typeof ZDirectoryQuery>;

/** GET /api/directories?contactId= */
export const ZDirectoriesQuery = z.object({
  contactId: z.string().trim().min(1).max(100).optional(),
});

/** Longest search text. */
export const SEARCH_MAX_LENGTH = 100;

/** GET /api/vbc/search?q= */
export const ZSearchQuery = z.object({
  q: z.string({ error: 'Required.' }).trim().min(1, 'Required.').max(SEARCH_MAX_LENGTH, `Max ${SEARCH_MAX_LENGTH} characters`),
});

/** GET /api/vbc/search answer: matching cards, best first. */
export const ZSearchResult = z.object({ results: z.array(ZCardSummary) });
export type TSearchResult = z.infer<typeof ZSearchResult>;
