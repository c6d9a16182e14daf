import { createHmac } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { EXCHANGE_MIN_FILL_MS, exchangeConsentText, normalizeLeadPhone, type TLead, type ZExchangeRequest } from '@vbc/shared/leads';
import type { Clock } from '../accounts/index.ts';
import { findContact, isUnadopted, type FoundContact } from '../cards/index.ts';
import type { Db } from '../platform/db/client.ts';
import { accounts, corporateAccounts, leadRequests, leads } from '../platform/db/schema/index.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
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

/** Raised inside the transaction when a concurrent exchange took the row this one meant to write: the whole transaction runs again. */
class Raced extends Error {}

const ATTEMPTS = 4;

/**
 * POST /api/vbc/virtualcontact/{contactId}/exchange (leads/README.md): checks the card, refuses bots
 * and clients over the limits, then in one transaction answers a known clientRequestId with its lead,
 * or merges the details into the owner's lead with the same e-mail or phone, or adds one; records
 * `lead.created` / `lead.updated` for webhooks in the same transaction. Two exchanges at once with
 * the same contact details end in one lead: the unique indexes refuse the second insert, and the
 * transaction runs again and finds the first.
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
  // The owner's name (the lead's ownerName) and the business a linked card belongs to, in one read.
  const profileId = card.row.corporateProfileId;
  const [owner] = await deps.db
    .select({ name: accounts.name, corporateAccountId: corporateAccounts.id })
    .from(accounts)
    .leftJoin(corporateAccounts, profileId ? eq(corporateAccounts.corporateProfileId, profileId) : sql`false`)
    .where(eq(accounts.id, ownerAccountId))
    .limit(1);
  const corporateAccountId = owner?.corporateAccountId ?? null;
  const cardName = `${card.row.firstName} ${card.row.lastName}`.trim();
  const emailKey = body.email ? body.email.toLowerCase() : null;
  const phone = body.phone ? normalizeLeadPhone(body.phone) : null;
  const phoneKey = phone ? phone.replace(/^\+/, '') : null;

  for (let attempt = 1; ; attempt++) {
    const now = deps.clock.now();
    try {
      return await deps.db.transaction(async (tx) => {
        const [known] = await tx
          .select({ leadId: leadRequests.leadId })
          .from(leadRequests)
          .where(and(eq(leadRequests.ownerAccountId, ownerAccountId), eq(leadRequests.clientRequestId, body.clientRequestId)))
          .limit(1);
        if (known) return { leadId: known.leadId, fresh: false, lead: null, ownerAccountId, card };

        const details = {
          name: body.name,
          cardId: card.row.id,
          cardName,
          corporateAccountId,
          consentText: exchangeConsentText(cardName),
          consentAt: now,
          lastExchangedAt: now,
          updatedAt: now,
        };
        // Fields the visitor left out keep what an earlier exchange gave.
        const given = {
          ...(body.email ? { email: body.email, emailKey } : {}),
          ...(body.company ? { company: body.company } : {}),
          ...(body.jobTitle ? { jobTitle: body.jobTitle } : {}),
          ...(body.note ? { message: body.note } : {}),
          ...(body.source ? { source: body.source } : {}),
          ...(visitorCardId ? { visitorCardId, visitorAccountId: input.visitorAccountId! } : {}),
        };

        const matches = await tx
          .select()
          .from(leads)
          .where(
            and(
              eq(leads.ownerAccountId, ownerAccountId),
              or(emailKey ? eq(leads.emailKey, emailKey) : sql`false`, phoneKey ? eq(leads.phoneKey, phoneKey) : sql`false`),
            ),
          )
          .limit(2);
        // The lead with the same e-mail first; its phone changes only if no other lead of the owner has the new one.
        const match = matches.find((m) => emailKey && m.emailKey === emailKey) ?? matches[0];
        let row: LeadRow;
        if (match) {
          const phoneTaken = matches.some((m) => m.id !== match.id && m.phoneKey === phoneKey);
          const [updated] = await tx
            .update(leads)
            .set({
              ...details,
              ...given,
              ...(phone && !phoneTaken ? { phone, phoneKey } : {}),
              exchangeCount: sql`${leads.exchangeCount} + 1`,
              seen: false,
            })
            .where(eq(leads.id, match.id))
            .returning();
          if (!updated) throw new Raced(); // deleted meanwhile
          row = updated;
        } else {
          const [inserted] = await tx
            .insert(leads)
            .values({ ownerAccountId, ...details, ...given, ...(phone ? { phone, phoneKey } : {}), capturedAt: now })
            .onConflictDoNothing()
            .returning();
          if (!inserted) throw new Raced(); // the same e-mail or phone was added meanwhile
          row = inserted;
        }
        await tx.insert(leadRequests).values({ ownerAccountId, clientRequestId: body.clientRequestId, leadId: row.id, createdAt: now });
        const lead = presentLead(row, owner?.name ?? null);
        await deps.integrationEvents.record(tx, {
          type: match ? 'lead.updated' : 'lead.created',
          accountId: ownerAccountId,
          corporateAccountId: row.corporateAccountId,
          data: lead,
          occurredAt: now,
        });
        return { leadId: row.id, fresh: true, lead, ownerAccountId, card };
      });
    } catch (error) {
      // A concurrent exchange won a unique index (the same contact, or the same clientRequestId): look again.
      if (attempt < ATTEMPTS && (error instanceof Raced || isUniqueViolation(error))) continue;
      throw error;
    }
  }
}

/** The id of the visitor's own card they sent (by id or quickId), or a 400 naming fromVbcId. */
async function visitorCard(db: Db, fromVbcId: string, visitorAccountId: string | undefined): Promise<string> {
  if (!visitorAccountId) throw badRequest('fromVbcId: Sign in to send your card.');
  const found = await findContact(db, fromVbcId);
  if (!found || found.row.ownerAccountId !== visitorAccountId) throw badRequest('fromVbcId: This is not one of your cards.');
  return found.row.id;
}
