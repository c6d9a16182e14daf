import type { TLead } from '@vbc/shared/leads';
import type { leads } from '../platform/db/schema/index.ts';

export type LeadRow = typeof leads.$inferSelect;

/** Row → `ZLead` (docs/contracts.md §D4 Leads), as its owner, a business admin, the hub event and webhooks see it. */
export function presentLead(row: LeadRow, ownerName: string | null): TLead {
  return {
    leadId: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    jobTitle: row.jobTitle,
    message: row.message,
    note: row.note,
    tags: row.tags,
    status: row.status,
    seen: row.seen,
    cardId: row.cardId,
    cardName: row.cardName,
    ownerName,
    visitorCardId: row.visitorCardId,
    visitorAccountId: row.visitorAccountId,
    source: row.source,
    consentText: row.consentText,
    consentAt: row.consentAt.toISOString(),
    capturedAt: row.capturedAt.toISOString(),
    lastExchangedAt: row.lastExchangedAt.toISOString(),
    exchangeCount: row.exchangeCount,
  };
}

/** A lead's name as first and last (the last word is the last name; one word is a first name). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1]! };
}
