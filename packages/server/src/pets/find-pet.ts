import { asc, eq } from 'drizzle-orm';
import { isUuid, type TVirtualPet } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { accounts, displayItems, virtualContacts, virtualPets } from '../platform/db/schema/index.ts';
import { forbidden, notFound } from '../platform/errors/app-error.ts';

export type PetRow = typeof virtualPets.$inferSelect;

/** A pet with what its public page needs besides the row. */
export interface FoundPet {
  row: PetRow;
  pictureObsecuredId: string | null;
  ownerPhone: string | null;
  ownerVirtualContactId: string | null;
}

/** A pet by id, with its picture handle and its owner's phone; null when there is none. */
export async function findPet(db: Db, petId: string): Promise<FoundPet | null> {
  if (!isUuid(petId.trim())) return null;
  const [found] = await db
    .select({ row: virtualPets, pictureObsecuredId: displayItems.obsecuredId, ownerPhone: accounts.phoneNumber })
    .from(virtualPets)
    .leftJoin(displayItems, eq(displayItems.id, virtualPets.pictureDisplayItemId))
    .leftJoin(accounts, eq(accounts.id, virtualPets.ownerAccountId))
    .where(eq(virtualPets.id, petId.trim().toLowerCase()))
    .limit(1);
  if (!found) return null;
  const ownerId = found.row.ownerAccountId;
  const [card] = ownerId
    ? await db
        .select({ id: virtualContacts.id })
        .from(virtualContacts)
        .where(eq(virtualContacts.ownerAccountId, ownerId))
        .orderBy(asc(virtualContacts.createdAt))
        .limit(1)
    : [];
  return { ...found, ownerVirtualContactId: card?.id ?? null };
}

/** The pet when `accountId` owns it: 404 for reads by anyone else, 403 for writes. */
export async function getOwnedPet(db: Db, petId: string, accountId: string, use: 'read' | 'write'): Promise<FoundPet> {
  const found = await findPet(db, petId);
  if (!found) throw notFound('pet');
  if (found.row.ownerAccountId !== accountId) {
    throw use === 'read' ? notFound('pet') : forbidden('Only the owner of this pet can change it.');
  }
  return found;
}

/**
 * Row → the TVirtualPet of @vbc/shared. The owner's phone is shown only when
 * the owner chose so (or to the owner); otherwise finders reach the owner by message.
 */
export function presentPet({ row, pictureObsecuredId, ownerPhone, ownerVirtualContactId }: FoundPet, viewerIsOwner = false): TVirtualPet {
  const d = row.details;
  return {
    virtualPetId: row.id,
    name: row.name,
    species: d.species,
    breed: d.breed,
    sex: d.sex,
    birthDate: d.birthDate,
    color: d.color,
    pictureDisplayItemId: row.pictureDisplayItemId,
    picture: pictureObsecuredId ? { obsecuredDisplayItemId: pictureObsecuredId } : null,
    description: d.description,
    careNotes: d.careNotes,
    medicalNotes: d.medicalNotes,
    isLost: d.isLost,
    lostMessage: d.lostMessage,
    showOwnerPhone: d.showOwnerPhone,
    ownerPhone: d.showOwnerPhone || viewerIsOwner ? ownerPhone : null,
    ownerVirtualContactId,
    hasPersonalAccount: row.ownerAccountId !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
