import type { TOwnerVirtualContact } from '@vbc/shared/owner';
import { applyTemplate, templateInfo } from './apply-template.ts';
import type { FoundContact } from './find-contact.ts';
import { presentContact } from './present-card.ts';

export type { TOwnerVirtualContact };

/**
 * Row → the owner's full view (what the editor loads and what every write returns): the
 * template's locked fields as the card shows them, the member's own markdown sections, and which
 * fields the business sets (`template`).
 */
export function presentOwnerCard({ stored, picture, business }: FoundContact): TOwnerVirtualContact {
  const row = applyTemplate(stored, business, true);
  const contact = presentContact(row, picture, { revealContactInfo: true });
  const template = templateInfo(business);
  return {
    ...contact,
    emails: row.emails,
    phones: row.phones,
    pinEnabled: row.pinHash !== null && (row.pinProtectionLevel ?? 0) > 0,
    createdAt: row.createdAt.toISOString(),
    ...(template ? { template } : {}),
  };
}
