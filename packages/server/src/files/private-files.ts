import { checkFileLink, signFileLink, type TFileLinkQuery } from './signed-links.ts';

/** A stored file: its row id (displayItemId or documentFileItemId), and the id its signed links sign (obsecuredDisplayItemId for pictures). */
export interface TFileRef {
  kind: 'display' | 'document';
  id: string;
  linkId: string;
}

/**
 * A domain that keeps some files private (conversations: their participants only) says, for a
 * file, whether it is one of its private files and whether `accountId` (null: nobody signed in)
 * may read it. Files that no rule calls private are public.
 */
export type TPrivateFileRule = (file: TFileRef, accountId: string | null) => Promise<{ private: boolean; allowed: boolean }>;

export interface TFileLinkDeps {
  /** The shared key of signed links (every instance reads the same). */
  key: Buffer;
  now: () => number;
  rules: readonly TPrivateFileRule[];
}

/** A conversation photo's address, signed for `accountId` (`<img src>` as it is). */
export function photoLink(deps: TFileLinkDeps, obsecuredId: string, accountId: string): string {
  return signFileLink(deps.key, `/ds/vbc/odisplay/${obsecuredId}`, obsecuredId, accountId, deps.now());
}

/** A conversation document's address, signed for `accountId` (a download link as it is). */
export function documentLink(deps: TFileLinkDeps, documentFileItemId: string, accountId: string): string {
  return signFileLink(deps.key, `/ds/vbc/file/${documentFileItemId}`, documentFileItemId, accountId, deps.now());
}

/**
 * Who may read a file: `public` (card and pet pictures, announcement attachments: cacheable by
 * anyone), `private` with the seconds its signed link has left, or `refused` with the reason the
 * caller is told (a private file without a link, or with an expired, forged or other account's one).
 */
export async function fileAccess(
  deps: TFileLinkDeps,
  file: TFileRef,
  query: TFileLinkQuery,
): Promise<{ access: 'public' } | { access: 'private'; maxAgeSeconds: number } | { access: 'refused'; message: string }> {
  const link = checkFileLink(deps.key, file.linkId, query, deps.now());
  const accountId = link.result === 'valid' ? link.accountId : null;
  const verdicts = await Promise.all(deps.rules.map((rule) => rule(file, accountId)));
  if (!verdicts.some((v) => v.private)) return { access: 'public' };
  if (link.result === 'unsigned') {
    return { access: 'refused', message: 'This file belongs to a conversation: open it from the conversation.' };
  }
  if (link.result === 'expired') {
    return { access: 'refused', message: 'This link to a conversation file has expired: open the conversation again for a fresh one.' };
  }
  if (link.result === 'invalid' || !verdicts.some((v) => v.private && v.allowed)) {
    return { access: 'refused', message: 'This link is not valid for this file.' };
  }
  return { access: 'private', maxAgeSeconds: Math.max(0, Math.floor((link.expiresAtMs - deps.now()) / 1000)) };
}
