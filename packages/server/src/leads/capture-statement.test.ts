/**
 * captureLead when no recorder wants `lead.created` / `lead.updated`: the exchange is one
 * statement calling `capture_lead`, outside any transaction (the app's recorders always want lead
 * events, so the route tests take the other path). On PGlite and PostgreSQL: a new lead, a merge, a
 * known request, concurrent submits with the same phone ending in one lead (each its own statement,
 * racing), exchanges batched into one statement, the same e-mail twice among them, and where each
 * request is kept (a new lead's on the lead, a merge's in `lead_requests`, migration 0028) with
 * concurrent retries of both kinds.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { normalizeLeadPhone, ZExchangeRequest } from '@vbc/shared/leads';
import { leadRequests, leads } from '../platform/db/schema/index.ts';
import { IntegrationEvents } from '../platform/integration-events/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { exchangeBody, someAddress } from '../test/leads-support.ts';
import type { TBatchedCallsOptions } from '../platform/db/batched-calls.ts';
import { captureLead, createLeadWriter, type TCaptureDeps } from './capture-lead.ts';

describeEachDatabase('capture_lead as one statement', (ctx) => {
  /** Each call its own writer (so concurrent calls are concurrent statements), unless one is given. */
  const deps = (writeLead = createLeadWriter(ctx.app.db, new IntegrationEvents())): TCaptureDeps => ({
    db: ctx.app.db,
    clock: ctx.app.clock,
    rateLimiter: ctx.app.rateLimiter,
    clientKey: Buffer.alloc(32, 7),
    getPublic: (contactId) => ctx.app.cards.getPublic(contactId),
    writeLead,
  });
  const capture = (contactId: string, body: ReturnType<typeof exchangeBody>, given?: TCaptureDeps) =>
    captureLead(given ?? deps(), {
      contactId,
      body: ZExchangeRequest.parse(body),
      visitorAccountId: undefined,
      clientAddress: someAddress(),
      locale: 'en',
    });

  it('adds, merges by e-mail then phone, answers a known request unchanged, and ends concurrent same-phone submits in one lead', async () => {
    const owner = await buildAccount(ctx.app, { name: 'Olivia Owner' });
    const card = await buildCard(ctx.app, { firstName: 'Olivia', lastName: 'Reyes' }, { ownerAccountId: owner.account.id });
    const first = await capture(card.id, exchangeBody({ email: 'Ana@Example.TEST', phone: null }));
    expect(first).toMatchObject({ fresh: true, ownerAccountId: owner.account.id });
    expect(first.lead).toMatchObject({ leadId: first.leadId, email: 'Ana@Example.TEST', ownerName: 'Olivia Owner', exchangeCount: 1 });

    const known = exchangeBody({ email: 'ana@example.test', phone: '0917 555 0123', company: null });
    const merged = await capture(card.id, known);
    expect(merged).toMatchObject({ leadId: first.leadId, fresh: true });
    expect(merged.lead).toMatchObject({ email: 'ana@example.test', phone: '09175550123', company: 'Acme Logistics', exchangeCount: 2 });
    expect(await capture(card.id, known)).toMatchObject({ leadId: first.leadId, fresh: false, lead: null });

    const phone = `+1555${Math.floor(Math.random() * 1e7)
      .toString()
      .padStart(7, '0')}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => capture(card.id, exchangeBody({ email: `race-${i}-${randomUUID()}@example.test`, phone }))),
    );
    expect(answers.every((a) => a.fresh)).toBe(true);
    expect(new Set(answers.map((a) => a.leadId)).size).toBe(1);
    const rows = await ctx.app.db.select().from(leads).where(eq(leads.ownerAccountId, owner.account.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.phone === normalizeLeadPhone(phone))!.exchangeCount).toBe(5);
    // Seven requests: the two that added a lead are on the leads, the five merges in lead_requests.
    expect(rows.map((r) => r.clientRequestId).filter(Boolean)).toHaveLength(2);
    const requests = await ctx.app.db.select().from(leadRequests).where(eq(leadRequests.ownerAccountId, owner.account.id));
    expect(requests).toHaveLength(5);
  });

  it("keeps a new lead's request on the lead and a merge's in lead_requests; racing retries of either are one exchange", async () => {
    const owner = await buildAccount(ctx.app, { name: 'Rita Retry' });
    const card = await buildCard(ctx.app, { firstName: 'Rita', lastName: 'Retry' }, { ownerAccountId: owner.account.id });
    const email = `retry-${randomUUID()}@example.test`;
    const adding = exchangeBody({ email, phone: null });
    // Four retries of one new person's request at once, each its own statement: one lead, one exchange.
    const added = await Promise.all(Array.from({ length: 4 }, () => capture(card.id, adding)));
    expect(new Set(added.map((a) => a.leadId)).size).toBe(1);
    expect(added.filter((a) => a.fresh)).toHaveLength(1);
    const leadId = added[0]!.leadId;
    const [row] = await ctx.app.db.select().from(leads).where(eq(leads.id, leadId));
    expect(row).toMatchObject({ clientRequestId: adding.clientRequestId, exchangeCount: 1 });
    expect(await ctx.app.db.select().from(leadRequests).where(eq(leadRequests.ownerAccountId, owner.account.id))).toHaveLength(0);

    // The same person again (a merge), its request retried four times at once: counted once.
    const merging = exchangeBody({ email: email.toUpperCase(), phone: null, company: 'Later Ltd' });
    const merged = await Promise.all(Array.from({ length: 4 }, () => capture(card.id, merging)));
    expect(merged.every((a) => a.leadId === leadId)).toBe(true);
    expect(merged.filter((a) => a.fresh)).toHaveLength(1);
    const requests = await ctx.app.db.select().from(leadRequests).where(eq(leadRequests.ownerAccountId, owner.account.id));
    expect(requests).toMatchObject([{ clientRequestId: merging.clientRequestId, leadId }]);

    // Either request later: the same lead, nothing changes.
    expect(await capture(card.id, adding)).toMatchObject({ leadId, fresh: false });
    expect(await capture(card.id, merging)).toMatchObject({ leadId, fresh: false });
    const [after] = await ctx.app.db.select().from(leads).where(eq(leads.id, leadId));
    expect(after).toMatchObject({ exchangeCount: 2, company: 'Later Ltd' });
  });

  it('answers a merged request retried after a later merge changed its lead’s e-mail: the same lead, nothing added', async () => {
    const owner = await buildAccount(ctx.app, { name: 'Mia Moved' });
    const card = await buildCard(ctx.app, { firstName: 'Mia', lastName: 'Moved' }, { ownerAccountId: owner.account.id });
    const phone = '+63 917 555 0100';
    const first = await capture(card.id, exchangeBody({ email: `old-${randomUUID()}@example.test`, phone }));
    const sameEmail = exchangeBody({ email: first.lead!.email!.toUpperCase(), phone: null });
    expect(await capture(card.id, sameEmail)).toMatchObject({ leadId: first.leadId, fresh: true });
    // The same phone with a new e-mail: merged by the phone, and the lead takes the new e-mail.
    const moved = await capture(card.id, exchangeBody({ email: `new-${randomUUID()}@example.test`, phone }));
    expect(moved).toMatchObject({ leadId: first.leadId, fresh: true });
    // No lead has the old e-mail now, yet its request was answered: the retry is that answer.
    expect(await capture(card.id, sameEmail)).toMatchObject({ leadId: first.leadId, fresh: false });
    const rows = await ctx.app.db.select().from(leads).where(eq(leads.ownerAccountId, owner.account.id));
    expect(rows).toMatchObject([{ id: first.leadId, email: moved.lead!.email, exchangeCount: 3 }]);
  });

  it('runs the exchanges that meet while a write is running as one statement, in order: the same e-mail twice is one lead', async () => {
    const owner = await buildAccount(ctx.app, { name: 'Bea Batch' });
    const card = await buildCard(ctx.app, { firstName: 'Bea', lastName: 'Batch' }, { ownerAccountId: owner.account.id });
    const db = ctx.app.db;
    // One write at a time: the first goes alone, the next four wait for it and go together.
    const batching: TBatchedCallsOptions = { maxInFlight: 1 };
    const shared = deps(createLeadWriter(db, new IntegrationEvents(), batching));
    await ctx.app.cards.getPublic(card.id); // cached: every exchange reaches the writer at once
    const same = `same-${randomUUID()}@example.test`;
    const bodies = [
      exchangeBody({ email: `first-${randomUUID()}@example.test`, phone: null }),
      exchangeBody({ email: same, phone: null, company: 'Early & Co.' }),
      exchangeBody({ email: `other-${randomUUID()}@example.test`, phone: null }),
      exchangeBody({ email: same.toUpperCase(), phone: null, company: null }),
      exchangeBody({ email: `last-${randomUUID()}@example.test`, phone: null }),
    ];
    const answers = await Promise.all(bodies.map((body) => capture(card.id, body, shared)));
    expect(answers.every((a) => a.fresh)).toBe(true);
    expect(answers[3]!.leadId).toBe(answers[1]!.leadId);
    expect(answers[3]!.lead).toMatchObject({ email: same.toUpperCase(), company: 'Early & Co.', exchangeCount: 2 });
    const rows = await db.select().from(leads).where(eq(leads.ownerAccountId, owner.account.id));
    expect(rows).toHaveLength(4);
    // Two statements, each its own transaction: the rows each added carry its transaction id (the
    // merged lead is left out: capture_lead's merge runs in a subtransaction, with an id of its own).
    const writers = await db.execute(
      sql`select count(distinct xmin::text)::int as count from leads where owner_account_id = ${owner.account.id} and exchange_count = 1`,
    );
    expect((writers as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(2);
  });
});
