import { sql, type SQL } from 'drizzle-orm';
import type { TLead } from '@vbc/shared/leads';
import { isoTimestamp } from '../platform/db/json-text.ts';
import type { leads } from '../platform/db/schema/index.ts';

export type LeadRow = typeof leads.$inferSelect;

/** Row → `ZLead` (docs/contracts.md §D4 Leads), as its owner, a business admin, the hub event and webhooks see it. */
export function presentLead(row: Omit<LeadRow, 'clientRequestId'>, ownerName: string | null): TLead {
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

/**
 * `presentLead` written by PostgreSQL: JSON text the same as JSON.stringify of presentLead's
 * answer (the same keys in the same order, no spaces: row_to_json, where json_build_object would
 * write ` : `), for a relation `row` with the leads' columns and `owner_name`. A lead event's
 * payload is built with it inside the statement that captured the lead (capture-lead.ts);
 * lead-events.test.ts holds the two to each other byte for byte.
 */
export function leadJson(row: string): SQL {
  const c = (column: string) => sql.raw(`${row}.${column}`);
  return sql`(select row_to_json(l) from (select ${c('id')} as "leadId", ${c('name')} as "name", ${c('email')} as "email",
    ${c('phone')} as "phone", ${c('company')} as "company", ${c('job_title')} as "jobTitle", ${c('message')} as "message",
    ${c('note')} as "note", array_to_json(array(select jsonb_array_elements_text(${c('tags')}))) as "tags",
    ${c('status')} as "status", ${c('seen')} as "seen", ${c('card_id')} as "cardId", ${c('card_name')} as "cardName",
    ${c('owner_name')} as "ownerName", ${c('visitor_card_id')} as "visitorCardId", ${c('visitor_account_id')} as "visitorAccountId",
    ${c('source')} as "source", ${c('consent_text')} as "consentText", ${isoTimestamp(c('consent_at'))} as "consentAt",
    ${isoTimestamp(c('captured_at'))} as "capturedAt", ${isoTimestamp(c('last_exchanged_at'))} as "lastExchangedAt",
    ${c('exchange_count')} as "exchangeCount") l)`;
}

/** A lead's name as first and last (the last word is the last name; one word is a first name). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1]! };
}
