import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { virtualPets } from '../db/schema/index.ts';
import type { z } from 'zod';
import type { TVirtualPetInput } from '@vbc/shared';
import type { TPetPatchBody, ZPetCreateBody } from '../cards/card-input.ts';
import { assertOwnedImages } from '../cards/owned-images.ts';
import { nextUpdatedAt, staleWrite, unchangedSince, type TPrecondition } from '../cards/precondition.ts';
import { releaseUnusedImages } from '../files/release-images.ts';
import { findPet, getOwnedPet, type FoundPet, type PetRow } from './find-pet.ts';

type Details = PetRow['details'];

const pictureRefs = (id: string | null | undefined) => (id ? [{ field: 'pictureDisplayItemId', ref: id }] : []);

/** A new pet owned by `accountId`; its picture must be the account's own upload. */
export async function createPet(db: Db, accountId: string, input: z.infer<typeof ZPetCreateBody>): Promise<FoundPet> {
  await assertOwnedImages(db, accountId, pictureRefs(input.pictureDisplayItemId));
  const { name, pictureDisplayItemId, ...details } = input;
  const [row] = await db.insert(virtualPets).values({ ownerAccountId: accountId, name, pictureDisplayItemId, details }).returning({ id: virtualPets.id });
  return (await findPet(db, row!.id))!;
}

/** Writes the given fields of a pet its owner changes; the others keep their values. 409 when stale. */
export async function updatePet(
  db: Db,
  petId: string,
  accountId: string,
  patch: Omit<TPetPatchBody, 'updatedAt'>,
  precondition: TPrecondition,
): Promise<FoundPet> {
  const { row } = await getOwnedPet(db, petId, accountId, 'write');
  await assertOwnedImages(db, accountId, pictureRefs(patch.pictureDisplayItemId), new Set(row.pictureDisplayItemId ? [row.pictureDisplayItemId] : []));
  const { name, pictureDisplayItemId, ...detailPatch } = patch;
  const changes = Object.fromEntries(Object.entries(detailPatch).filter(([, v]) => v !== undefined)) as Partial<Omit<TVirtualPetInput, 'name' | 'pictureDisplayItemId'>>;
  const details: Details = { ...row.details, ...changes };
  const [updated] = await db
    .update(virtualPets)
    .set({ name, pictureDisplayItemId, details, updatedAt: nextUpdatedAt(virtualPets.updatedAt) })
    .where(and(
      eq(virtualPets.id, row.id),
      eq(virtualPets.ownerAccountId, accountId),
      // details is rewritten whole: without a client precondition, still refuse to overwrite a save made since our read.
      unchangedSince(virtualPets.updatedAt, precondition ?? { exact: row.updatedAt }),
    ))
    .returning({ id: virtualPets.id });
  if (!updated) {
    const now = await getOwnedPet(db, row.id, accountId, 'write');
    if (precondition) throw staleWrite('pet', now.row.updatedAt);
    // Our own read went stale (a concurrent save): apply the patch again on top of it.
    return updatePet(db, petId, accountId, patch, { exact: now.row.updatedAt });
  }
  return (await findPet(db, row.id))!;
}

/** Deletes a pet its owner no longer wants, and its picture unless a card or another pet shows it; returns storage keys to remove. */
export async function deletePet(db: Db, petId: string, accountId: string): Promise<string[]> {
  const { row } = await getOwnedPet(db, petId, accountId, 'write');
  return db.transaction(async (tx) => {
    await tx.delete(virtualPets).where(and(eq(virtualPets.id, row.id), eq(virtualPets.ownerAccountId, accountId)));
    return releaseUnusedImages(tx, accountId, row.pictureDisplayItemId ? [row.pictureDisplayItemId] : []);
  });
}
