/**
 * captureLead when no recorder wants `lead.created` / `lead.updated`: the exchange is the one
 * statement `capture_lead`, outside any transaction (the app's recorders always want lead events,
 * so the route tests take the other path). On PGlite and PostgreSQL: a new lead, a merge, a known
 * request, and concurrent submits with the same phone ending in one lead.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { normalizeLeadPhone, ZExchangeRequest } from '@vbc/shared/leads';
import { leadRequests, leads } from '../platform/db/schema/index.ts';
import { IntegrationEvents } from '../platform/integration-events/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { exchangeBody, someAddress } from '../test/leads-support.ts';
import { captureLead, type TCaptureDeps } from './capture-lead.ts';

describeEachDatabase('capture_lead as one statement', (ctx) => {
  const deps = (): TCaptureDeps => ({
    db: ctx.app.db,
    clock: ctx.app.clock,
    rateLimiter: ctx.app.rateLimiter,
    integrationEvents: new IntegrationEvents(),
    clientKey: Buffer.alloc(32, 7),
    getPublic: (contactId) => ctx.app.cards.getPublic(contactId),
  });
  const capture = (contactId: string, body: ReturnType<typeof exchangeBody>) =>
    captureLead(deps(), { contactId, body: ZExchangeRequest.parse(body), visitorAccountId: undefined, clientAddress: someAddress() });

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
    const requests = await ctx.app.db.select().from(leadRequests).where(eq(leadRequests.ownerAccountId, owner.account.id));
    expect(requests).toHaveLength(7);
  });
});
