import type { TOwnerVirtualContact } from '@vbc/shared/owner';
import type { FoundContact } from './find-contact.ts';
import { presentContact } from './present-card.ts';

export type { TOwnerVirtualContact };

/** Row → the owner's full view (what the editor loads and what every write returns). */
export function presentOwnerCard({ row, picture }: FoundContact): TOwnerVirtualContact {
  const contact = presentContact(row, picture, { revealContactInfo: true });
  return {
    ...contact,
    emails: row.emails,
    phones: row.phones,
    pinEnabled: row.pinHash !== null && (row.pinProtectionLevel ?? 0) > 0,
    createdAt: row.createdAt.toISOString(),
  };
}
