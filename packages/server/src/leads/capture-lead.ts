import { createHmac } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
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
import { leadJson, presentLead, type LeadRow } from './present-lead.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { columnsWithout } from '../platform/db/columns-without.ts';

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
 * one batch is one lead). The `lead.created` / `lead.updated` events of the owners some recorder
 * may want are recorded in that same statement (the recorders' IntegrationEventStatement forms, the
 * lead's JSON written by PostgreSQL: leadJson): one statement, its own transaction, one round trip
 * for the batch where a transaction took four. A recorder that takes events only in JavaScript
 * (tests' recorders) gets them from `recordAll` in a transaction with the statement instead.
 */
export function createLeadWriter(
  db: Db,
  integrationEvents: IntegrationEvents,
  batching?: TBatchedCallsOptions,
): (write: TLeadWrite) => Promise<TLeadWritten> {
  const wanted = (ownerAccountId: string) =>
    integrationEvents.wants('lead.created', ownerAccountId) || integrationEvents.wants('lead.updated', ownerAccountId);
  // The statement that also records, built once the recorders are known (at the first batch that records).
  let recording: ReturnType<typeof captureStatement> | undefined;
  const writeBatch = async (writes: readonly TLeadWrite[], tx: Db, inStatement: SQL[] | null): Promise<TLeadWritten[]> => {
    const marked = writes.map((write) => ({ ...write, recorded: wanted(write.ownerAccountId) }));
    const recorded = inStatement !== null && inStatement.length > 0 && marked.some((w) => w.recorded);
    const statement = recorded ? (recording ??= captureStatement('capture_leads_recorded', inStatement)) : plainCapture;
    const answers = await statement(tx).execute({ writes: JSON.stringify(marked) });
    const written: TLeadWritten[] = [];
    const events: TIntegrationEvent[] = [];
    for (const [i, answer] of answers.entries()) {
      if (!answer.fresh) {
        written.push({ leadId: answer.lead.id, fresh: false, lead: null });
        continue;
      }
      const lead = presentLead(answer.lead, answer.ownerName);
      if (inStatement === null && marked[i]!.recorded) {
        events.push({
          type: answer.updated ? 'lead.updated' : 'lead.created',
          accountId: answer.lead.ownerAccountId,
          corporateAccountId: answer.lead.corporateAccountId,
          data: lead,
          occurredAt: new Date(writes[i]!.now),
        });
      }
      written.push({ leadId: answer.lead.id, fresh: true, lead });
    }
    await integrationEvents.recordAll(tx, events);
    return written;
  };
  return batchedCalls((writes) => {
    const inStatement = integrationEvents.inStatement(leadEvents);
    // A recorder in JavaScript: the statement and its events share a transaction.
    if (inStatement === null && writes.some((w) => wanted(w.ownerAccountId))) return db.transaction((tx) => writeBatch(writes, tx, null));
    return writeBatch(writes, db, inStatement);
  }, batching);
}

/**
 * The batch's statement, prepared once per connection (`writes`: the JSON array of the batch's
 * TLeadWrite, each with `recorded`, whether a recorder may want its owner's events); with
 * `recorders`, their expressions recording the events of leadEvents. The record CTE is evaluated
 * once, after every capture (it aggregates them), and the answer joins it so that it runs.
 */
function captureStatement(name: string, recorders: SQL[]) {
  return preparedQuery((db) => {
    const captured = sql`captured as materialized (
      select b.n, (w->>'recorded')::boolean as recorded, (w->>'now') as occurred_at, c.*
        from jsonb_array_elements(${sql.placeholder('writes')}::jsonb) with ordinality as b(w, n)
        cross join lateral capture_lead(
          (w->>'ownerAccountId')::uuid, (w->>'clientRequestId')::uuid, (w->>'corporateProfileId')::uuid, (w->>'cardId')::uuid,
          w->>'cardName', w->>'consentText', w->>'name', w->>'email', w->>'emailKey', w->>'phone', w->>'phoneKey',
          w->>'company', w->>'jobTitle', w->>'message', w->>'source', (w->>'visitorCardId')::uuid, (w->>'visitorAccountId')::uuid,
          (w->>'now')::timestamptz) c)`;
    const batch =
      recorders.length === 0
        ? sql`(with ${captured} select * from captured)`
        : sql`(with ${captured}, recorded as (select ${sql.join(recorders, sql`, `)})
            select captured.* from captured cross join recorded)`;
    // The lead's columns as capture_lead answers them: all but the request (kept for retries, never shown).
    const answered = columnsWithout(leads, 'clientRequestId');
    const lead = Object.fromEntries(
      Object.entries(answered).map(([key, column]) => [key, sql`x.${sql.identifier(column.name)}`.mapWith(column)]),
    ) as { [K in keyof typeof answered]: SQL<LeadRow[K]> };
    return db
      .select({ lead, ownerName: sql<string | null>`x.owner_name`, fresh: sql<boolean>`x.fresh`, updated: sql<boolean>`x.updated` })
      .from(sql`${batch} as x`)
      .orderBy(sql`x.n`)
      .prepare(name);
  });
}

/** The batch's statement when nothing is recorded in it. */
const plainCapture = captureStatement('capture_leads', []);

/** The events of a batch's fresh leads whose owners some recorder may want them for (IntegrationEventStatement's columns). */
const leadEvents = sql`select n, case when updated then 'lead.updated' else 'lead.created' end as type,
  owner_account_id as account_id, corporate_account_id, ${leadJson('captured')} as data, occurred_at
  from captured where fresh and recorded`;

/** The id of the visitor's own card they sent (by id or quickId), or a 400 naming fromVbcId. */
async function visitorCard(db: Db, fromVbcId: string, visitorAccountId: string | undefined): Promise<string> {
  if (!visitorAccountId) throw badRequest('fromVbcId: Sign in to send your card.');
  const found = await findContact(db, fromVbcId);
  if (!found || found.row.ownerAccountId !== visitorAccountId) throw badRequest('fromVbcId: This is not one of your cards.');
  return found.row.id;
}
