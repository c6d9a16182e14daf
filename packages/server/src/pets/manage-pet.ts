import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { virtualPets } from '../platform/db/schema/index.ts';
import type { z } from 'zod';
import type { TVirtualPetInput } from '@vbc/shared';
import type { TPetPatchBody, ZPetCreateBody } from './pet-input.ts';
import { claimOwnedImages, releaseUnusedImages } from '../files/index.ts';
import { nextUpdatedAt, staleWrite, unchangedSince, type TPrecondition } from '../platform/db/row-version.ts';
import type { FileStorage } from '../files/index.ts';
import { findPet, getOwnedPet, type FoundPet, type PetRow } from './find-pet.ts';

type Details = PetRow['details'];

/** What a pet's owner writes need: the database, storage (a released picture's file goes after the commit) and the change notice. */
export interface TPetWriteDeps {
  db: Db;
  storage: FileStorage;
  /** Tells this instance's listeners (wallet passes) of a committed change; never throws. */
  changed(petId: string): void;
}

const pictureRefs = (id: string | null | undefined) => (id ? [{ field: 'pictureDisplayItemId', ref: id }] : []);

/** A new pet owned by `accountId`; its picture must be the account's own upload. */
export async function createPet(db: Db, accountId: string, input: z.infer<typeof ZPetCreateBody>): Promise<FoundPet> {
  const { name, pictureDisplayItemId, ...details } = input;
  const id = await db.transaction(async (tx) => {
    await claimOwnedImages(tx, accountId, pictureRefs(pictureDisplayItemId));
    const [row] = await tx
      .insert(virtualPets)
      .values({ ownerAccountId: accountId, name, pictureDisplayItemId, details })
      .returning({ id: virtualPets.id });
    return row!.id;
  });
  return (await findPet(db, id))!;
}

/**
 * Writes the given fields of a pet its owner changes; the others keep their values. 409 when
 * stale. A picture the save replaced or removed, used nowhere else, is deleted with it. After the
 * commit: the change notice, then the picture's files are removed.
 */
export async function updatePet(
  deps: TPetWriteDeps,
  petId: string,
  accountId: string,
  patch: Omit<TPetPatchBody, 'updatedAt'>,
  precondition: TPrecondition,
): Promise<FoundPet> {
  const { db } = deps;
  const { row } = await getOwnedPet(db, petId, accountId, 'write');
  const before = row.pictureDisplayItemId;
  const { name, pictureDisplayItemId, ...detailPatch } = patch;
  const changes = Object.fromEntries(Object.entries(detailPatch).filter(([, v]) => v !== undefined)) as Partial<
    Omit<TVirtualPetInput, 'name' | 'pictureDisplayItemId'>
  >;
  const details: Details = { ...row.details, ...changes };
  const storageKeys = await db.transaction(async (tx) => {
    await claimOwnedImages(tx, accountId, pictureRefs(patch.pictureDisplayItemId), new Set(before ? [before] : []));
    const [updated] = await tx
      .update(virtualPets)
      .set({ name, pictureDisplayItemId, details, updatedAt: nextUpdatedAt(virtualPets.updatedAt) })
      .where(
        and(
          eq(virtualPets.id, row.id),
          eq(virtualPets.ownerAccountId, accountId),
          // details is rewritten whole: without a client precondition, still refuse to overwrite a save made since our read.
          unchangedSince(virtualPets.updatedAt, precondition ?? { exact: row.updatedAt }),
        ),
      )
      .returning({ pictureDisplayItemId: virtualPets.pictureDisplayItemId });
    if (!updated) return null;
    return before && updated.pictureDisplayItemId !== before ? releaseUnusedImages(tx, accountId, [before]) : [];
  });
  if (!storageKeys) {
    const now = await getOwnedPet(db, row.id, accountId, 'write');
    if (precondition) throw staleWrite('pet', now.row.updatedAt);
    // Our own read went stale (a concurrent save): apply the patch again on top of it.
    return updatePet(deps, petId, accountId, patch, { exact: now.row.updatedAt });
  }
  const found = (await findPet(db, row.id))!;
  deps.changed(found.row.id);
  await Promise.all(storageKeys.map((key) => deps.storage.delete(key)));
  return found;
}

/** Deletes a pet its owner no longer wants, and its picture unless a card or another pet shows it (its files go after the commit). */
export async function deletePet({ db, storage }: Pick<TPetWriteDeps, 'db' | 'storage'>, petId: string, accountId: string): Promise<void> {
  const { row } = await getOwnedPet(db, petId, accountId, 'write');
  const storageKeys = await db.transaction(async (tx) => {
    await tx.delete(virtualPets).where(and(eq(virtualPets.id, row.id), eq(virtualPets.ownerAccountId, accountId)));
    return releaseUnusedImages(tx, accountId, row.pictureDisplayItemId ? [row.pictureDisplayItemId] : []);
  });
  await Promise.all(storageKeys.map((key) => storage.delete(key)));
}
