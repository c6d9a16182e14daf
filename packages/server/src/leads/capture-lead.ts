import { createHmac } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  cardOwnerName,
  EXCHANGE_MIN_FILL_MS,
  exchangeConsentText,
  normalizeLeadPhone,
  type TLead,
  type ZExchangeRequest,
} from '@vbc/shared/leads';
import type { Clock } from '../accounts/index.ts';
import { findContact, isUnadopted, type FoundContact } from '../cards/index.ts';
import type { Db } from '../platform/db/client.ts';
import { leads } from '../platform/db/schema/index.ts';
import { badRequest, notFound, tooManyRequests } from '../platform/errors/app-error.ts';
import type { IntegrationEvents } from '../platform/integration-events/index.ts';
import type { RateLimiter, TRateRule } from '../platform/rate-limit/index.ts';
import { presentLead, type LeadRow } from './present-lead.ts';

const HOUR = 60 * 60_000;
/** One client (a keyed hash of its address) at one card: 5 an hour (leads/README.md). */
export const EXCHANGE_CLIENT_LIMIT = { limit: 5, windowMs: HOUR };
/** Every client together at one card: 200 a day. */
export const EXCHANGE_CARD_LIMIT = { limit: 200, windowMs: 24 * HOUR };
/** What a refused bot (honeypot filled, sent too fast) reads: the same for both, naming neither. */
export const EXCHANGE_BOT_REFUSAL = 'Your details could not be sent: wait a moment, then press Send again.';

export type TExchangeBody = z.output<typeof ZExchangeRequest>;

export interface TCaptureDeps {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  integrationEvents: IntegrationEvents;
  /** The key the client's address is hashed with for the rate-limit counters (never stored with a lead). */
  clientKey: Buffer;
  getPublic(contactId: string): Promise<FoundContact>;
}

export interface TCaptureInput {
  contactId: string;
  body: TExchangeBody;
  /** The signed-in visitor, if any. */
  visitorAccountId: string | undefined;
  /** The client's address (request.ip): only hashed, for the counters. */
  clientAddress: string;
}

export interface TCaptured {
  leadId: string;
  /** False when the clientRequestId was answered before: nothing changed, nothing to announce. */
  fresh: boolean;
  /** The lead after this exchange (fresh ones only). */
  lead: TLead | null;
  ownerAccountId: string;
  /** The card it came through. */
  card: FoundContact;
}

/** The keyed hash a client's counters are kept under: short, not reversible without the server's key. */
export const clientHash = (key: Buffer, address: string): string =>
  createHmac('sha256', key).update(address).digest('base64url').slice(0, 22);

/** The card a visitor may leave their details on: adopted, owned, exchange on (a PIN lock does not matter: it reveals nothing). */
export async function exchangeCard(
  getPublic: TCaptureDeps['getPublic'],
  contactId: string,
): Promise<FoundContact & { ownerAccountId: string }> {
  const found = await getPublic(contactId);
  const { row } = found;
  if (isUnadopted(row) || !row.ownerAccountId || !row.exchangeEnabled) throw notFound('card');
  return { ...found, ownerAccountId: row.ownerAccountId };
}

/** A bot's submission: the honeypot holds something, or the window was open less than EXCHANGE_MIN_FILL_MS (or did not say). */
export const looksAutomated = (body: Pick<TExchangeBody, 'website' | 'fillMs'>): boolean =>
  !!body.website?.trim() || body.fillMs == null || body.fillMs < EXCHANGE_MIN_FILL_MS;

/**
 * POST /api/vbc/virtualcontact/{contactId}/exchange (leads/README.md): checks the card, refuses bots
 * and clients over the limits, then in one statement (the database function `capture_lead`,
 * migration 0017) answers a known clientRequestId with its lead, or merges the details into the
 * owner's lead with the same e-mail or phone, or adds one. When a recorder may keep `lead.created` /
 * `lead.updated` (`integrationEvents.wants`), the statement and the event share a transaction.
 * Two exchanges at once with the same contact details end in one lead: the unique indexes refuse
 * the second write, and the function looks again and finds the first.
 */
export async function captureLead(deps: TCaptureDeps, input: TCaptureInput): Promise<TCaptured> {
  const card = await exchangeCard(deps.getPublic, input.contactId);
  const { body } = input;
  if (looksAutomated(body)) throw badRequest(EXCHANGE_BOT_REFUSAL);
  const visitorCardId = body.fromVbcId ? await visitorCard(deps.db, body.fromVbcId, input.visitorAccountId) : null;

  const rules: TRateRule[] = [
    { key: `lead-exchange-client:${card.row.id}:${clientHash(deps.clientKey, input.clientAddress)}`, ...EXCHANGE_CLIENT_LIMIT },
    { key: `lead-exchange-card:${card.row.id}`, ...EXCHANGE_CARD_LIMIT },
  ];
  const decision = await deps.rateLimiter.consume(rules, deps.clock.now().getTime());
  if (!decision.allowed) {
    const minutes = Math.max(1, Math.ceil(decision.retryAfterMs / 60_000));
    throw tooManyRequests(
      `Too many details were sent to this card. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      decision.retryAfterMs / 1000,
    );
  }

  const ownerAccountId = card.ownerAccountId;
  const cardName = `${card.row.firstName} ${card.row.lastName}`.trim();
  const phone = (body.phone ? normalizeLeadPhone(body.phone) : null) || null;
  const now = deps.clock.now();
  const capture = (db: Db) =>
    db.execute(sql`select * from capture_lead(
      ${ownerAccountId}::uuid, ${body.clientRequestId}::uuid, ${card.row.corporateProfileId ?? null}::uuid, ${card.row.id}::uuid,
      ${cardName}, ${exchangeConsentText(cardOwnerName(card.row))}, ${body.name},
      ${body.email || null}, ${body.email ? body.email.toLowerCase() : null}, ${phone}, ${phone ? phone.replace(/^\+/, '') : null},
      ${body.company || null}, ${body.jobTitle || null}, ${body.note || null}, ${body.source || null},
      ${visitorCardId}::uuid, ${visitorCardId ? input.visitorAccountId! : null}::uuid, ${now.toISOString()}::timestamptz)`);

  // The event type (lead.created or lead.updated) is known only once the function ran: when a
  // recorder may keep either, the function and the event share a transaction; else the function
  // is one statement, its own transaction.
  const recorded =
    deps.integrationEvents.wants('lead.created', ownerAccountId) || deps.integrationEvents.wants('lead.updated', ownerAccountId);
  const answered = async (db: Db): Promise<TCaptured> => {
    const [answer] = ((await capture(db)) as unknown as { rows: TCaptureResult[] }).rows;
    if (!answer) throw new Error('capture_lead answered no row');
    if (!answer.fresh) return { leadId: answer.id as string, fresh: false, lead: null, ownerAccountId, card };
    const row = leadRow(answer);
    const lead = presentLead(row, answer.owner_name);
    if (recorded) {
      await deps.integrationEvents.record(db, {
        type: answer.updated ? 'lead.updated' : 'lead.created',
        accountId: ownerAccountId,
        corporateAccountId: row.corporateAccountId,
        data: lead,
        occurredAt: now,
      });
    }
    return { leadId: row.id, fresh: true, lead, ownerAccountId, card };
  };
  return recorded ? deps.db.transaction(answered) : answered(deps.db);
}

/** What `capture_lead` answers: the lead's columns (only `id` for a known request), the owner's name, and how it went. */
type TCaptureResult = Record<string, unknown> & { owner_name: string | null; fresh: boolean; updated: boolean };

/** A row of `leads` as the database driver gave it, read as drizzle reads it. */
function leadRow(raw: Record<string, unknown>): LeadRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(leads))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as LeadRow;
}

/** The id of the visitor's own card they sent (by id or quickId), or a 400 naming fromVbcId. */
async function visitorCard(db: Db, fromVbcId: string, visitorAccountId: string | undefined): Promise<string> {
  if (!visitorAccountId) throw badRequest('fromVbcId: Sign in to send your card.');
  const found = await findContact(db, fromVbcId);
  if (!found || found.row.ownerAccountId !== visitorAccountId) throw badRequest('fromVbcId: This is not one of your cards.');
  return found.row.id;
}
