import { createHmac } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TLocale } from '@vbc/shared/i18n/locales';
import { EXCHANGE_MIN_FILL_MS, normalizeLeadPhone, type TLead, type ZExchangeRequest } from '@vbc/shared/leads';
import type { Clock } from '../accounts/index.ts';
import { findContact, isUnadopted, type FoundContact } from '../cards/index.ts';
import { batchedCalls, type TBatchedCallsOptions } from '../platform/db/batched-calls.ts';
import type { Db } from '../platform/db/client.ts';
import { leads } from '../platform/db/schema/index.ts';
import { badRequest, notFound, tooManyRequests } from '../platform/errors/app-error.ts';
import type { IntegrationEvents, TIntegrationEvent } from '../platform/integration-events/index.ts';
import type { RateLimiter, TRateRule } from '../platform/rate-limit/index.ts';
import { translatorFor } from '../platform/i18n/translator.ts';
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
  /** The key the client's address is hashed with for the rate-limit counters (never stored with a lead). */
  clientKey: Buffer;
  getPublic(contactId: string): Promise<FoundContact>;
  /** The exchange's write (createLeadWriter: one per app, so concurrent exchanges share statements). */
  writeLead(write: TLeadWrite): Promise<TLeadWritten>;
}

export interface TCaptureInput {
  contactId: string;
  body: TExchangeBody;
  /** The signed-in visitor, if any. */
  visitorAccountId: string | undefined;
  /** The client's address (request.ip): only hashed, for the counters. */
  clientAddress: string;
  /** The language the visitor read the form in: the consent sentence is stored in it, as they saw it. */
  locale: TLocale;
}

/**
 * The consent sentence the visitor ticked, in the words the exchange window showed them (the web's
 * catalogue, `card:exchange.consent`, in their language): the card's first and last name, else
 * "the owner" in that language.
 */
export function consentText(card: { firstName: string; lastName: string }, locale: TLocale): string {
  const key = `${locale}\n${card.firstName}\n${card.lastName}`;
  let text = consentTexts.get(key);
  if (text === undefined) {
    const t = translatorFor(locale, 'card');
    const ownerName = `${card.firstName} ${card.lastName}`.trim() || t('exchange.theOwner');
    text = t('exchange.consent', { ownerName });
    if (consentTexts.size >= 1000) consentTexts.delete(consentTexts.keys().next().value!);
    consentTexts.set(key, text);
  }
  return text;
}

/**
 * The sentences made, by language and name (the oldest dropped past 1,000): i18next's formatting
 * was 4% of the server's time an exchange under load, for the same few cards' sentences.
 */
const consentTexts = new Map<string, string>();

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
 * and clients over the limits, then writes (deps.writeLead, the database function `capture_lead`):
 * a known clientRequestId answers its lead, else the details merge into the owner's lead with the
 * same e-mail or phone, or a lead is added. Two exchanges at once with the same contact details end
 * in one lead: the unique indexes refuse the second write, and the function looks again and finds
 * the first.
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
  const phone = (body.phone ? normalizeLeadPhone(body.phone) : null) || null;
  const written = await deps.writeLead({
    ownerAccountId,
    clientRequestId: body.clientRequestId,
    corporateProfileId: card.row.corporateProfileId ?? null,
    cardId: card.row.id,
    cardName: `${card.row.firstName} ${card.row.lastName}`.trim(),
    consentText: consentText(card.row, input.locale),
    name: body.name,
    email: body.email || null,
    emailKey: body.email ? body.email.toLowerCase() : null,
    phone,
    phoneKey: phone ? phone.replace(/^\+/, '') : null,
    company: body.company || null,
    jobTitle: body.jobTitle || null,
    message: body.note || null,
    source: body.source || null,
    visitorCardId,
    visitorAccountId: visitorCardId ? input.visitorAccountId! : null,
    now: deps.clock.now().toISOString(),
  });
  return { ...written, ownerAccountId, card };
}

/** One exchange's arguments of `capture_lead`, by name (timestamps as ISO strings). */
export interface TLeadWrite {
  ownerAccountId: string;
  clientRequestId: string;
  corporateProfileId: string | null;
  cardId: string;
  cardName: string;
  consentText: string;
  name: string;
  email: string | null;
  emailKey: string | null;
  phone: string | null;
  phoneKey: string | null;
  company: string | null;
  jobTitle: string | null;
  message: string | null;
  source: string | null;
  visitorCardId: string | null;
  visitorAccountId: string | null;
  now: string;
}

/** What one exchange's write answers: its lead, whether it changed anything, and the lead as the owner sees it. */
export type TLeadWritten = Pick<TCaptured, 'leadId' | 'fresh' | 'lead'>;

/**
 * The exchanges' writes (`capture_lead`, migration 0017), batched (platform/db/batched-calls.ts):
 * the exchanges that meet under load are one statement, each a call of the function on one element
 * of a JSON array, in order, so a later one sees an earlier one's lead (the same e-mail twice in
 * one batch is one lead). When a recorder may keep `lead.created` / `lead.updated` for an owner in
 * the batch, the statement and the events share a transaction (the event type is known only once
 * the function ran); else the statement is its own transaction.
 */
export function createLeadWriter(
  db: Db,
  integrationEvents: IntegrationEvents,
  batching?: TBatchedCallsOptions,
): (write: TLeadWrite) => Promise<TLeadWritten> {
  const wanted = (ownerAccountId: string) =>
    integrationEvents.wants('lead.created', ownerAccountId) || integrationEvents.wants('lead.updated', ownerAccountId);
  const writeBatch = async (writes: readonly TLeadWrite[], recorded: boolean, tx: Db): Promise<TLeadWritten[]> => {
    const result = await tx.execute(sql`select c.* from jsonb_array_elements(${JSON.stringify(writes)}::jsonb) with ordinality as b(w, n)
      cross join lateral capture_lead(
        (w->>'ownerAccountId')::uuid, (w->>'clientRequestId')::uuid, (w->>'corporateProfileId')::uuid, (w->>'cardId')::uuid,
        w->>'cardName', w->>'consentText', w->>'name', w->>'email', w->>'emailKey', w->>'phone', w->>'phoneKey',
        w->>'company', w->>'jobTitle', w->>'message', w->>'source', (w->>'visitorCardId')::uuid, (w->>'visitorAccountId')::uuid,
        (w->>'now')::timestamptz) c
      order by b.n`);
    const answers = (result as unknown as { rows: TCaptureResult[] }).rows;
    const written: TLeadWritten[] = [];
    const events: TIntegrationEvent[] = [];
    for (const [i, answer] of answers.entries()) {
      if (!answer.fresh) {
        written.push({ leadId: answer.id as string, fresh: false, lead: null });
        continue;
      }
      const row = leadRow(answer);
      const lead = presentLead(row, answer.owner_name);
      if (recorded && wanted(row.ownerAccountId)) {
        events.push({
          type: answer.updated ? 'lead.updated' : 'lead.created',
          accountId: row.ownerAccountId,
          corporateAccountId: row.corporateAccountId,
          data: lead,
          occurredAt: new Date(writes[i]!.now),
        });
      }
      written.push({ leadId: row.id, fresh: true, lead });
    }
    // The batch's events together: one read of their endpoints and one outbox insert, not three round trips an exchange.
    await integrationEvents.recordAll(tx, events);
    return written;
  };
  return batchedCalls((writes) => {
    const recorded = writes.some((w) => wanted(w.ownerAccountId));
    return recorded ? db.transaction((tx) => writeBatch(writes, true, tx)) : writeBatch(writes, false, db);
  }, batching);
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
