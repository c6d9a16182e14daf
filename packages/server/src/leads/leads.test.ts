/** The exchange and the owner's leads API (issue 26), on PGlite and PostgreSQL: every route and refusal, dedupe, idempotency. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { EXCHANGE_CONTACT_MISSING, exchangeConsentText, type TLead, type TLeadPage } from '@vbc/shared/leads';
import { leadRequests, leads } from '../platform/db/schema/index.ts';
import type { TIntegrationEvent } from '../platform/integration-events/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { buildBusiness } from '../test/directories-support.ts';
import { exchange, exchangeBody, someAddress } from '../test/leads-support.ts';
import { EXCHANGE_BOT_REFUSAL, EXCHANGE_CARD_LIMIT } from './capture-lead.ts';

describeEachDatabase('leads', (ctx) => {
  const events: TIntegrationEvent[] = [];
  beforeAll(() => {
    ctx.app.integrationEvents.use(async (_tx, recorded) => {
      events.push(...recorded);
    });
  });

  /** An owner with one card (exchange on, by default). */
  async function ownerWithCard(fields: Parameters<typeof buildCard>[1] = {}) {
    const owner = await buildAccount(ctx.app, { name: 'Olivia Owner' });
    const card = await buildCard(ctx.app, { firstName: 'Olivia', lastName: 'Reyes', ...fields }, { ownerAccountId: owner.account.id });
    return { owner, card };
  }
  const rowsOf = (ownerAccountId: string) => ctx.app.db.select().from(leads).where(eq(leads.ownerAccountId, ownerAccountId));
  const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

  it('stores a lead (201 {leadId}) with the consent text as shown, its time, the card and the source; no IP or user agent', async () => {
    const { owner, card } = await ownerWithCard();
    const body = exchangeBody({ name: '  Maria Santos ', phone: '+63 917-555-0101', source: 'nfc' });
    const before = Date.now();
    const res = await exchange(ctx.app, card.id, body, { remoteAddress: '203.0.113.77', headers: { 'user-agent': 'UniqueAgent/9.9' } });
    expect(res.statusCode, res.body).toBe(201);
    const { leadId } = res.json<{ leadId: string }>();
    const [row] = await rowsOf(owner.account.id);
    expect(row).toMatchObject({
      id: leadId,
      name: 'Maria Santos',
      email: body.email,
      phone: '+639175550101',
      phoneKey: '639175550101',
      company: 'Acme Logistics',
      jobTitle: 'Buyer',
      message: 'Met you at the expo',
      cardId: card.id,
      cardName: 'Olivia Reyes',
      source: 'nfc',
      consentText: exchangeConsentText('Olivia Reyes'),
      status: 'new',
      seen: false,
      exchangeCount: 1,
      corporateAccountId: null,
      visitorCardId: null,
    });
    expect(row!.consentAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('203.0.113.77');
    expect(stored).not.toContain('UniqueAgent');
    expect(Object.keys(row!).some((k) => /ip|agent|address/i.test(k))).toBe(false);
    const created = events.find((e) => e.type === 'lead.created' && (e.data as TLead).leadId === leadId);
    expect(created).toMatchObject({ accountId: owner.account.id, corporateAccountId: null, data: { leadId, name: 'Maria Santos' } });
  });

  it('answers the same clientRequestId with 200 and the same lead, storing nothing twice', async () => {
    const { owner, card } = await ownerWithCard();
    const body = exchangeBody();
    const first = await exchange(ctx.app, card.id, body);
    const again = await exchange(ctx.app, card.id, { ...body, company: 'Changed' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
    const rows = await rowsOf(owner.account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ exchangeCount: 1, company: 'Acme Logistics' });
    const leadEvents = events.filter((e) => (e.data as TLead).leadId === first.json().leadId);
    expect(leadEvents.map((e) => e.type)).toEqual(['lead.created']);
  });

  it('takes the quickId, and works on a PIN-locked card (the exchange reveals nothing)', async () => {
    const { owner, card } = await ownerWithCard();
    expect((await exchange(ctx.app, card.quickId, exchangeBody())).statusCode).toBe(201);
    const locked = await buildCard(ctx.app, {}, { ownerAccountId: owner.account.id, pinHash: 'x', pinProtectionLevel: 1 });
    const res = await exchange(ctx.app, locked.quickId.toUpperCase(), exchangeBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain('ana@example.test');
  });

  it('answers 404 for an unknown, unadopted, ownerless or exchange-off card, storing nothing', async () => {
    const owner = await buildAccount(ctx.app);
    const unadopted = await buildCard(ctx.app, {}, { passcodeHash: 'hash' });
    const ownerless = await buildCard(ctx.app, {});
    const off = await buildCard(ctx.app, { exchangeEnabled: false }, { ownerAccountId: owner.account.id });
    for (const id of [randomUUID(), 'zzzzzzz', unadopted.id, ownerless.id, off.id, off.quickId]) {
      const res = await exchange(ctx.app, id, exchangeBody());
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'The card was not found.', code: 'not_found' });
    }
    expect(await rowsOf(owner.account.id)).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field, storing nothing', async () => {
    const { owner, card } = await ownerWithCard();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'Al' }, /^name: Min 3 characters/],
      [{ name: undefined }, /^name: /],
      [{ email: null, phone: null }, new RegExp(`^email: ${EXCHANGE_CONTACT_MISSING}`)],
      [{ email: 'not-an-email' }, /^email: Invalid email format/],
      [{ phone: '12-34' }, /^phone: Enter 7 to 15 digits/],
      [{ phone: '+12345678901234567' }, /^phone: /],
      [{ consent: false }, /^consent: Tick the box/],
      [{ consent: undefined }, /^consent: /],
      [{ sendMeTheCard: true, email: null, phone: '09175550101' }, /sendMeTheCard: Needs an e-mail address/],
      [{ note: 'x'.repeat(501) }, /^note: Max 500 characters/],
      [{ name: 'Bad\u0000Name' }, /^name: must not contain control characters/],
      [{ company: 'Esc\u001b[31m' }, /^company: must not contain control characters/],
      [{ clientRequestId: 'one' }, /^clientRequestId: Must be a UUID/],
      [{ source: 'Not A Source!' }, /^source: Unknown source/],
    ];
    for (const [fields, message] of cases) {
      const res = await exchange(ctx.app, card.id, exchangeBody(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message, JSON.stringify(fields)).toMatch(message);
    }
    expect(await rowsOf(owner.account.id)).toEqual([]);
  });

  it('refuses a filled honeypot and a window sent too fast (or without its fill time) with a 400, storing nothing', async () => {
    const { owner, card } = await ownerWithCard();
    for (const fields of [{ website: 'http://spam.example' }, { fillMs: 300 }, { fillMs: undefined }, { fillMs: null }]) {
      const res = await exchange(ctx.app, card.id, exchangeBody(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual({ message: EXCHANGE_BOT_REFUSAL, code: 'bad_request' });
    }
    expect(await rowsOf(owner.account.id)).toEqual([]);
    expect((await exchange(ctx.app, card.id, exchangeBody({ website: '  ', fillMs: 1500 }))).statusCode).toBe(201);
  });

  it('limits one client to 5 an hour per card (429 with Retry-After), others still pass; a card takes 200 a day', async () => {
    const { card } = await ownerWithCard();
    const client = someAddress();
    for (let i = 0; i < 5; i++) expect((await exchange(ctx.app, card.id, exchangeBody(), { remoteAddress: client })).statusCode).toBe(201);
    const refused = await exchange(ctx.app, card.id, exchangeBody(), { remoteAddress: client });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json().code).toBe('too_many_requests');
    expect((await exchange(ctx.app, card.id, exchangeBody())).statusCode).toBe(201);
    // Another card of the same client is counted apart.
    const other = await ownerWithCard();
    expect((await exchange(ctx.app, other.card.id, exchangeBody(), { remoteAddress: client })).statusCode).toBe(201);

    // The card's daily counter, filled to its limit: every client is then refused.
    const busy = await ownerWithCard();
    const now = ctx.app.clock.now().getTime();
    for (let i = 0; i < EXCHANGE_CARD_LIMIT.limit; i++) {
      await ctx.app.rateLimiter.consume([{ key: `lead-exchange-card:${busy.card.id}`, ...EXCHANGE_CARD_LIMIT }], now - 1000);
    }
    const full = await exchange(ctx.app, busy.card.id, exchangeBody());
    expect(full.statusCode).toBe(429);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(80_000);
    expect(await rowsOf(busy.owner.account.id)).toEqual([]);
  });

  it('merges a second exchange with the same e-mail (any case) or phone (digits) into one lead per owner', async () => {
    const { owner, card } = await ownerWithCard();
    const second = await buildCard(ctx.app, { firstName: 'Olivia', lastName: 'Work' }, { ownerAccountId: owner.account.id });
    const first = await exchange(ctx.app, card.id, exchangeBody({ email: 'Maria@Example.TEST', phone: null, company: null }));
    const { leadId } = first.json<{ leadId: string }>();
    await ctx.app.inject({ method: 'PUT', url: `/api/leads/${leadId}`, headers: owner.headers, payload: { seen: true } });
    const again = await exchange(
      ctx.app,
      second.id,
      exchangeBody({ email: 'maria@example.test', phone: '0917 555 0199', company: 'New Co', note: null, source: null }),
    );
    // A new submission answers 201 either way: the visitor does not learn whether the owner had their details.
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ leadId });
    const byPhone = await exchange(
      ctx.app,
      card.id,
      exchangeBody({ email: null, phone: '09175550199', jobTitle: 'Head buyer', company: null }),
    );
    expect(byPhone.json()).toEqual({ leadId });
    const rows = await rowsOf(owner.account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'maria@example.test',
      phone: '09175550199',
      company: 'New Co',
      jobTitle: 'Head buyer',
      message: 'Met you at the expo',
      source: 'qr',
      cardId: card.id,
      exchangeCount: 3,
      seen: false,
    });
    expect(rows[0]!.lastExchangedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.capturedAt.getTime());
    expect(events.filter((e) => (e.data as TLead).leadId === leadId).map((e) => e.type)).toEqual([
      'lead.created',
      'lead.updated',
      'lead.updated',
      'lead.updated',
    ]);

    // Another owner keeps their own lead for the same person.
    const other = await ownerWithCard();
    expect((await exchange(ctx.app, other.card.id, exchangeBody({ email: 'maria@example.test' }))).json()).not.toEqual({ leadId });
  });

  it('ends concurrent submits with the same e-mail in one lead, and concurrent retries of one request in one exchange', async () => {
    const { owner, card } = await ownerWithCard();
    const email = `race-${randomUUID()}@example.test`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => exchange(ctx.app, card.id, exchangeBody({ email }))));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().leadId)).size).toBe(1);
    let rows = await rowsOf(owner.account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.exchangeCount).toBe(5);

    const retry = exchangeBody({ phone: '+15550001111', email: null });
    const client = someAddress();
    const retries = await Promise.all(Array.from({ length: 4 }, () => exchange(ctx.app, card.id, retry, { remoteAddress: client })));
    expect(retries.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(retries.map((a) => a.json().leadId)).size).toBe(1);
    rows = await rowsOf(owner.account.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.phoneKey === '15550001111')!.exchangeCount).toBe(1);
    // Six requests: the two that added a lead are kept on it, the four merges in lead_requests.
    expect(rows.filter((r) => r.clientRequestId)).toHaveLength(2);
    const requests = await ctx.app.db.select().from(leadRequests).where(eq(leadRequests.ownerAccountId, owner.account.id));
    expect(requests).toHaveLength(4);
  });

  it("links a signed-in visitor's own card (fromVbcId); another's card or no sign-in is a 400", async () => {
    const { owner, card } = await ownerWithCard();
    const visitor = await buildAccount(ctx.app);
    const visitorCard = await buildCard(ctx.app, {}, { ownerAccountId: visitor.account.id });
    const res = await exchange(ctx.app, card.id, exchangeBody({ fromVbcId: visitorCard.quickId }), { headers: visitor.headers });
    expect(res.statusCode, res.body).toBe(201);
    const lead = await get(`/api/leads/${res.json().leadId}`, owner.headers);
    expect(lead.json()).toMatchObject({ visitorCardId: visitorCard.id, visitorAccountId: visitor.account.id });

    const notMine = await exchange(ctx.app, card.id, exchangeBody({ fromVbcId: card.id }), { headers: visitor.headers });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe('fromVbcId: This is not one of your cards.');
    const anonymous = await exchange(ctx.app, card.id, exchangeBody({ fromVbcId: visitorCard.id }));
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().message).toMatch(/^fromVbcId: Sign in/);
  });

  it('keeps script, markup and control-free odd text as plain text', async () => {
    const { owner, card } = await ownerWithCard();
    const name = '<script>alert(1)</script> "Bob" O\'Neil';
    const res = await exchange(
      ctx.app,
      card.id,
      exchangeBody({ name, company: '=HYPERLINK("http://x")', note: '<img src=x onerror=alert(1)>\nline 2' }),
    );
    expect(res.statusCode).toBe(201);
    const lead = (await get(`/api/leads/${res.json().leadId}`, owner.headers)).json<TLead>();
    expect(lead).toMatchObject({ name, company: '=HYPERLINK("http://x")', message: '<img src=x onerror=alert(1)>\nline 2' });
  });

  it('the "Let visitors share their details" switch: on by default, in the owner and public views; off answers 404', async () => {
    const owner = await buildAccount(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/vbc/virtualcontact',
      headers: owner.headers,
      payload: { firstName: 'Sam' },
    });
    expect(created.statusCode).toBe(201);
    const card = created.json<{ id: string; exchangeEnabled: boolean }>();
    expect(card.exchangeEnabled).toBe(true);
    expect((await ctx.app.inject({ url: `/api/vbc/virtualcontact/${card.id}` })).json().exchangeEnabled).toBe(true);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/vbc/virtualcontact/${card.id}`,
      headers: owner.headers,
      payload: { exchangeEnabled: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().exchangeEnabled).toBe(false);
    expect((await ctx.app.inject({ url: `/api/vbc/virtualcontact/${card.id}` })).json().exchangeEnabled).toBe(false);
    expect((await exchange(ctx.app, card.id, exchangeBody())).statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/vbc/virtualcontact/${card.id}`,
      headers: owner.headers,
      payload: { exchangeEnabled: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^exchangeEnabled: /);
  });

  it('lists the owner’s leads newest first, cursor-paged, filtered by card, status and text, with the unseen count', async () => {
    const { owner, card } = await ownerWithCard();
    const other = await buildCard(ctx.app, { firstName: 'Olivia', lastName: 'Events' }, { ownerAccountId: owner.account.id });
    const ids: string[] = [];
    const base = new Date('2026-06-01T10:00:00.000Z').getTime();
    const realNow = ctx.app.clock.now;
    try {
      for (let i = 0; i < 5; i++) {
        ctx.app.clock.now = () => new Date(base + i * 60_000);
        const res = await exchange(
          ctx.app,
          i < 3 ? card.id : other.id,
          exchangeBody({ name: `Person Number${i}`, company: i === 2 ? '50% Off_Sale' : 'Plain' }),
        );
        ids.push(res.json().leadId);
      }
    } finally {
      ctx.app.clock.now = realNow;
    }
    const page1 = (await get('/api/leads?limit=2', owner.headers)).json<TLeadPage>();
    expect(page1.items.map((l) => l.leadId)).toEqual([ids[4], ids[3]]);
    expect(page1.newCount).toBe(5);
    expect(page1.nextCursor).toBeTruthy();
    const page2 = (await get(`/api/leads?limit=2&cursor=${page1.nextCursor}`, owner.headers)).json<TLeadPage>();
    expect(page2.items.map((l) => l.leadId)).toEqual([ids[2], ids[1]]);
    const page3 = (await get(`/api/leads?limit=2&cursor=${page2.nextCursor}`, owner.headers)).json<TLeadPage>();
    expect(page3).toMatchObject({ items: [{ leadId: ids[0] }], nextCursor: null });

    expect((await get(`/api/leads?cardId=${other.id}`, owner.headers)).json<TLeadPage>().items.map((l) => l.leadId)).toEqual([
      ids[4],
      ids[3],
    ]);
    expect((await get('/api/leads?cardId=nonsense', owner.headers)).json<TLeadPage>().items).toEqual([]);
    expect((await get('/api/leads?q=50%25%20off_', owner.headers)).json<TLeadPage>().items.map((l) => l.leadId)).toEqual([ids[2]]);
    expect((await get('/api/leads?q=number3', owner.headers)).json<TLeadPage>().items.map((l) => l.leadId)).toEqual([ids[3]]);
    expect((await get('/api/leads?q=%25%25', owner.headers)).json<TLeadPage>().items).toEqual([]);
    expect((await get('/api/leads?q=%25', owner.headers)).json<TLeadPage>().items.map((l) => l.leadId)).toEqual([ids[2]]);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/leads/${ids[1]}`,
      headers: owner.headers,
      payload: { status: 'contacted', note: 'Called back <b>Tuesday</b>', tags: ['expo', 'hot'], seen: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ status: 'contacted', note: 'Called back <b>Tuesday</b>', tags: ['expo', 'hot'], seen: true });
    expect(events.at(-1)).toMatchObject({ type: 'lead.updated', data: { leadId: ids[1], status: 'contacted' } });
    const contacted = (await get('/api/leads?status=contacted', owner.headers)).json<TLeadPage>();
    expect(contacted.items.map((l) => l.leadId)).toEqual([ids[1]]);
    expect(contacted.newCount).toBe(4);
    // Fields left out stay.
    const partial = await ctx.app.inject({
      method: 'PUT',
      url: `/api/leads/${ids[1]}`,
      headers: owner.headers,
      payload: { status: 'won' },
    });
    expect(partial.json()).toMatchObject({ status: 'won', note: 'Called back <b>Tuesday</b>', tags: ['expo', 'hot'] });

    for (const [payload, message] of [
      [{ status: 'lost' }, /^status: /],
      [{ seen: false }, /^seen: /],
      [{ tags: ['x'.repeat(41)] }, /^tags\.0: /],
      [{ leadId: 'x' }, /leadId/],
    ] as const) {
      const res = await ctx.app.inject({ method: 'PUT', url: `/api/leads/${ids[1]}`, headers: owner.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await get('/api/leads?cursor=bm9wZQ', owner.headers)).statusCode).toBe(400);
    expect((await get('/api/leads?status=lost', owner.headers)).statusCode).toBe(400);
    expect((await get('/api/leads?limit=101', owner.headers)).statusCode).toBe(400);

    const one = await get(`/api/leads/${ids[0]}`, owner.headers);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      leadId: ids[0],
      name: 'Person Number0',
      cardId: card.id,
      cardName: 'Olivia Reyes',
      ownerName: 'Olivia Owner',
    });
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/leads/${ids[0]}`, headers: owner.headers });
    expect(del.statusCode).toBe(204);
    expect(events.at(-1)).toMatchObject({ type: 'lead.deleted', accountId: owner.account.id, data: { leadId: ids[0] } });
    expect((await get(`/api/leads/${ids[0]}`, owner.headers)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/leads/${ids[0]}`, headers: owner.headers })).statusCode).toBe(404);
  });

  it('answers another account 404 for every lead route, and a caller without a session 401', async () => {
    const { owner, card } = await ownerWithCard();
    const { leadId } = (await exchange(ctx.app, card.id, exchangeBody())).json<{ leadId: string }>();
    const stranger = await buildAccount(ctx.app);
    expect((await get(`/api/leads/${leadId}`, stranger.headers)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/api/leads/${leadId}`, headers: stranger.headers, payload: { status: 'won' } }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/leads/${leadId}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await get('/api/leads', stranger.headers)).json<TLeadPage>()).toEqual({ items: [], nextCursor: null, newCount: 0 });
    expect((await get(`/api/leads/export.csv?cardId=${card.id}`, stranger.headers)).body).not.toContain('Maria');
    expect((await get('/api/leads/export.vcf', stranger.headers)).body).toBe('');
    expect((await get(`/api/leads/${leadId}`, owner.headers)).statusCode).toBe(200);
    for (const url of ['/api/leads', `/api/leads/${leadId}`, '/api/leads/export.csv', '/api/leads/export.vcf']) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(401);
    }
    expect((await get('/api/leads/not-a-uuid', owner.headers)).statusCode).toBe(400);
  });

  it("shows leads through members' linked cards to the business's admins, with each owner's name; editors 403, others 404", async () => {
    const admin = await buildAccount(ctx.app, { name: 'Ada Admin' });
    const member = await buildAccount(ctx.app, { name: 'Mel Member' });
    const biz = await buildBusiness(ctx.app, { memberEmails: [admin.account.email!, member.account.email!] });
    const linked = await buildCard(
      ctx.app,
      { firstName: 'Mel', lastName: 'Linked' },
      { ownerAccountId: member.account.id, corporateProfileId: biz.corporateProfileId },
    );
    const unlinked = await buildCard(ctx.app, {}, { ownerAccountId: member.account.id });
    const viaBiz = (await exchange(ctx.app, linked.id, exchangeBody({ name: 'Via Business' }))).json<{ leadId: string }>();
    await exchange(ctx.app, unlinked.id, exchangeBody({ name: 'Private Person' }));
    expect(events.find((e) => (e.data as TLead).leadId === viaBiz.leadId)?.corporateAccountId).toBe(biz.corporateAccountId);

    const list = await get(`/api/corporate/${biz.corporateAccountId}/leads`, admin.headers);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<TLeadPage>().items.map((l) => [l.name, l.ownerName])).toEqual([['Via Business', 'Mel Member']]);
    const csv = await get(`/api/corporate/${biz.corporateAccountId}/leads/export.csv`, admin.headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('Via,Business');
    expect(csv.body).toContain('Mel Member');
    expect(csv.body).not.toContain('Private');

    expect((await get(`/api/corporate/${biz.corporateAccountId}/leads`, member.headers)).statusCode).toBe(403);
    const outsider = await buildAccount(ctx.app);
    expect((await get(`/api/corporate/${biz.corporateAccountId}/leads`, outsider.headers)).statusCode).toBe(404);
    expect((await get(`/api/corporate/${biz.corporateAccountId}/leads/export.csv`, outsider.headers)).statusCode).toBe(404);
    expect((await get(`/api/corporate/${randomUUID()}/leads`, admin.headers)).statusCode).toBe(404);
  });
});
