import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { makeQuickId, ZVirtualContactInput, type TVirtualContactInput } from '@vbc/shared';
import type { Db } from '../platform/db/client.ts';
import { virtualContacts } from '../platform/db/schema/index.ts';
import { contactColumns, type ContactRow } from './present-card.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';

/** What only the server sets on a new card: never writable through the card API. */
export interface InsertContactExtras {
  ownerAccountId?: string | null;
  corporateProfileId?: string | null;
  /** A card the business owns (issue 27); `ownerAccountId` is then its assignee. */
  ownerCorporateAccountId?: string | null;
  pinHash?: string | null;
  pinProtectionLevel?: number | null;
  /** Hash of the adoption passcode: the card is unadopted until it is used. */
  passcodeHash?: string | null;
}

/** Creates a card with a fresh quickId (a collision, one in 34 billion, is retried). */
export async function insertContact(
  db: Db,
  input: z.input<typeof ZVirtualContactInput> | TVirtualContactInput,
  extras: InsertContactExtras = {},
): Promise<ContactRow> {
  const fields = ZVirtualContactInput.parse(input);
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(virtualContacts)
        .values({ ...fields, ...extras, quickId: makeQuickId((n) => randomBytes(n)) })
        .returning(contactColumns);
      return row!;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}
