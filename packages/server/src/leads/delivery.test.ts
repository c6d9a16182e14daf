/**
 * What an exchange sets off after its commit (issue 26): `LeadReceived` over the real hub (official
 * @microsoft/signalr client), the push to the owner's devices (the local push service), and the
 * visitor's e-mail through a real SMTP sink, with the card as a .vcf (parsed by ical.js) and the
 * signed "Forget my details" link that deletes the lead.
 */
import type { HttpTransportType } from '@microsoft/signalr';
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import ICAL from 'ical.js';
import PostalMime from 'postal-mime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LEAD_HUB_EVENT, type TLead } from '@vbc/shared/leads';
import type { TIntegrationEvent } from '../platform/integration-events/index.ts';
import { buildTestApp, type LogCapture } from '../test/app.ts';
import { openTestDatabase } from '../test/databases.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { TRANSPORTS, nextCall, sleep } from '../test/hub-support.ts';
import { closeListening, listenForHub } from '../test/conversations-support.ts';
import { startSmtpSink } from '../test/notify-sinks.ts';
import { startTestPushService } from '../test/push-service.ts';
import { exchange, exchangeBody, mailParts } from '../test/leads-support.ts';
import type { Database } from '../platform/db/client.ts';
import { chooseLanguage } from '../test/accounts-support.ts';

let vapidKey = '';
const pushService = await startTestPushService(() => vapidKey);
const smtp = await startSmtpSink();
const ctx = {} as { app: FastifyInstance; hubUrl: string; database: Database; log: LogCapture };
const events: TIntegrationEvent[] = [];
const open: HubConnection[] = [];

beforeAll(async () => {
  ctx.database = await openTestDatabase('pglite');
  const built = await buildTestApp(ctx.database, {
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'cards@vbc.test', PUSH_ALLOW_INSECURE_ENDPOINTS: 'true', PUBLIC_URL: 'https://cards.example' },
  });
  ctx.app = built.app;
  ctx.log = built.log;
  ctx.app.integrationEvents.use(async (_tx, recorded) => {
    events.push(...recorded);
  });
  ctx.hubUrl = await listenForHub(ctx.app);
  vapidKey = ctx.app.push.vapidPublicKey;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});
afterAll(async () => {
  if (ctx.app) await closeListening(ctx.app);
  await ctx.database?.close();
  await pushService.close();
  await smtp.close();
});

async function connect(who: { accessToken: string }, transport: HttpTransportType): Promise<HubConnection> {
  const conn = new HubConnectionBuilder()
    .withUrl(ctx.hubUrl, { transport, accessTokenFactory: () => who.accessToken })
    .configureLogging(LogLevel.None)
    .build();
  open.push(conn);
  await conn.start();
  return conn;
}

async function ownerWithCard(fields: Parameters<typeof buildCard>[1] = {}, extras: Parameters<typeof buildCard>[2] = {}) {
  const owner = await buildAccount(ctx.app, { name: 'Olivia Owner' });
  const card = await buildCard(
    ctx.app,
    { firstName: 'Olivia', lastName: 'Reyes', ...fields },
    { ownerAccountId: owner.account.id, ...extras },
  );
  return { owner, card };
}

/** A web push subscription of `who` on the local push service. */
async function subscribe(who: { headers: Record<string, string> }) {
  const sub = pushService.subscribe();
  const reg = await ctx.app.inject({
    method: 'POST',
    url: '/api/personalAccount/registerPushSubscription',
    headers: who.headers,
    payload: { endpoint: sub.endpoint, keyP256Dh: sub.keyP256Dh, keyAuth: sub.keyAuth, expirationTime: null },
  });
  expect(reg.statusCode, reg.body).toBe(204);
  return sub;
}

describe.each(TRANSPORTS)('LeadReceived over %s', (_name, transport) => {
  it("reaches every connection of the card's owner with the lead, and no other account", async () => {
    const { owner, card } = await ownerWithCard();
    const stranger = await buildAccount(ctx.app);
    const phone = await connect(owner, transport);
    const laptop = await connect(owner, transport);
    const strangerGot: unknown[] = [];
    (await connect(stranger, transport)).on(LEAD_HUB_EVENT, (lead: unknown) => strangerGot.push(lead));
    const waits = [phone, laptop].map((c) => nextCall(c, LEAD_HUB_EVENT, 10_000));

    const res = await exchange(ctx.app, card.id, exchangeBody({ name: 'Hub Visitor' }));
    expect(res.statusCode).toBe(201);
    const stored = (await ctx.app.inject({ url: `/api/leads/${res.json().leadId}`, headers: owner.headers })).json<TLead>();
    for (const [lead] of await Promise.all(waits)) expect(lead).toEqual(stored);
    await ctx.app.leads.idle();
    await sleep(200);
    expect(strangerGot).toEqual([]);
  });
});

it("pushes '{name} shared their details with you' to the owner's devices, opening /vbc/leads/{leadId}, without holding the answer", async () => {
  const { owner, card } = await ownerWithCard();
  const sub = await subscribe(owner);

  // The push service holds every request: the exchange answers all the same.
  let release = () => {};
  pushService.hold = new Promise<void>((resolve) => (release = resolve));
  const body = exchangeBody({ name: 'Push Visitor' });
  const res = await exchange(ctx.app, card.id, body);
  expect(res.statusCode).toBe(201);
  const { leadId } = res.json<{ leadId: string }>();
  pushService.hold = null;
  release();
  await ctx.app.leads.idle();
  await ctx.app.push.idle();
  const pushes = pushService.received.filter((p) => p.endpoint === sub.endpoint);
  expect(pushes.map((p) => p.payload)).toEqual([
    {
      kind: 'lead',
      title: 'Push Visitor shared their details with you',
      body: 'Through your card Olivia Reyes',
      url: `/vbc/leads/${leadId}`,
      tag: `lead-${leadId}`,
      leadId,
    },
  ]);
  // A replay of the same request tells nobody again.
  expect((await exchange(ctx.app, card.id, body)).statusCode).toBe(200);
  await ctx.app.leads.idle();
  await ctx.app.push.idle();
  expect(pushService.received.filter((p) => p.endpoint === sub.endpoint)).toHaveLength(1);
});

it("pushes the lead in the owner's chosen language (issue 31): Filipino", async () => {
  const { owner, card } = await ownerWithCard();
  await chooseLanguage(ctx.app, owner, 'fil');
  const sub = await subscribe(owner);
  // The visitor's browser language is theirs, not the owner's.
  const res = await exchange(ctx.app, card.id, exchangeBody({ name: 'Push Bisita' }), { headers: { 'accept-language': 'es' } });
  expect(res.statusCode).toBe(201);
  await ctx.app.leads.idle();
  await ctx.app.push.idle();
  const [push] = pushService.received.filter((p) => p.endpoint === sub.endpoint);
  expect(push?.payload).toMatchObject({
    kind: 'lead',
    title: 'Ibinahagi sa iyo ni Push Bisita ang kanyang mga detalye',
    body: 'Sa pamamagitan ng iyong card na Olivia Reyes',
  });
});

describe("the visitor's e-mail", () => {
  it("is written in the visitor's page language (Accept-Language, issue 31): Arabic, right to left, names still escaped", async () => {
    const { card } = await ownerWithCard({ firstName: 'Olivia', lastName: 'Reyes & <Co>' });
    const email = `ar-${Date.now()}@example.test`;
    const res = await exchange(ctx.app, card.id, exchangeBody({ name: '<i>Omar</i>', email, sendMeTheCard: true }), {
      headers: { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.8' },
    });
    expect(res.statusCode).toBe(201);
    const { leadId } = res.json<{ leadId: string }>();
    await ctx.app.leads.idle();
    const mail = await PostalMime.parse((await smtp.latestTo(email))!.raw);
    expect(mail.subject).toBe('بطاقة Olivia Reyes & <Co>');
    expect(mail.text).toContain('مرحبًا <i>Omar</i>،');
    expect(mail.text).toContain('إليك بطاقة Olivia Reyes & <Co> كما طلبت.');
    expect(mail.text).toMatch(new RegExp(`انسَ بياناتي: https://cards\\.example/ds/leads/${leadId}/forget/\\S+`));
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('مرحبًا &lt;i&gt;Omar&lt;/i&gt;،');
    expect(mail.html).not.toContain('<i>Omar');
    expect(mail.html).toMatch(/<a href="https:\/\/cards\.example\/ds\/leads\/[^"]+">انسَ بياناتي<\/a>/);
    expect(mail.attachments.map((a) => a.mimeType)).toEqual(['text/vcard']);
  });

  it("carries the card as a .vcf (ical.js reads it), the card's link and a forget link; markup in names stays text", async () => {
    const { owner, card } = await ownerWithCard({ firstName: 'Olivia', lastName: 'Reyes & <Co>' });
    const email = `visitor-${Date.now()}@example.test`;
    const name = '<b>Eve</b> "Tester"';
    const res = await exchange(ctx.app, card.id, exchangeBody({ name, email, sendMeTheCard: true }));
    expect(res.statusCode).toBe(201);
    const { leadId } = res.json<{ leadId: string }>();
    await ctx.app.leads.idle();
    const mail = await smtp.latestTo(email);
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('cards@vbc.test');
    const parts = mailParts(mail!.raw);
    const vcf = parts.find((p) => /attachment/i.test(p.headers['content-disposition'] ?? ''))!;
    expect(vcf.headers['content-type']).toMatch(/^text\/vcard/);
    expect(vcf.headers['content-disposition']).toMatch(/\.vcf/);
    const vcard = new ICAL.Component(ICAL.parse(vcf.body) as unknown[]);
    expect(vcard.name).toBe('vcard');
    expect(vcard.getFirstPropertyValue('fn')).toBe('Olivia Reyes & <Co>');
    expect(vcard.getFirstPropertyValue('email')).toBe('ana@example.test');
    expect(vcard.getFirstPropertyValue('url')).toBe(`https://cards.example/ds/vbc/i/${card.quickId}`);
    // The same vCard the card's download route gives.
    const download = await ctx.app.inject({ url: `/ds/vbc/download/i/${card.id}` });
    expect(vcf.body).toBe(download.body);

    const html = parts.find((p) => /^text\/html/.test(p.headers['content-type'] ?? ''))!.body;
    const text = parts.find((p) => /^text\/plain/.test(p.headers['content-type'] ?? ''))!.body;
    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt; &quot;Tester&quot;');
    expect(html).toContain('Reyes &amp; &lt;Co&gt;');
    expect(html).not.toContain('<b>Eve');
    expect(text).toContain(`https://cards.example/ds/vbc/i/${card.quickId}`);
    const forgetUrl = /Forget my details: (\S+)/.exec(text)![1]!;
    expect(forgetUrl.startsWith(`https://cards.example/ds/leads/${leadId}/forget/`)).toBe(true);
    expect(html).toContain(`href="${forgetUrl}"`);
    const path = forgetUrl.slice('https://cards.example'.length);

    // GET (a link scanner) only shows the button; POST deletes at once and tells webhooks.
    const page = await ctx.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`<form method="post" action="${path}">`);
    expect((await ctx.app.inject({ url: `/api/leads/${leadId}`, headers: owner.headers })).statusCode).toBe(200);
    const tampered = await ctx.app.inject({ method: 'POST', url: `${path.slice(0, -2)}xx` });
    expect(tampered.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/leads/${leadId}`, headers: owner.headers })).statusCode).toBe(200);

    const forget = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(forget.statusCode, forget.body).toBe(200);
    expect(forget.body).toContain('Your details were deleted');
    expect((await ctx.app.inject({ url: `/api/leads/${leadId}`, headers: owner.headers })).statusCode).toBe(404);
    expect(events.at(-1)).toMatchObject({ type: 'lead.deleted', accountId: owner.account.id, data: { leadId, email } });
    const again = await ctx.app.inject({ method: 'POST', url: path });
    expect(again.body).toContain('already deleted');
  });

  it("leaves a PIN-locked card's hidden rows out of the attachment", async () => {
    const { card } = await ownerWithCard({}, { pinHash: 'x', pinProtectionLevel: 1 });
    const email = `pin-${Date.now()}@example.test`;
    expect((await exchange(ctx.app, card.id, exchangeBody({ email, sendMeTheCard: true }))).statusCode).toBe(201);
    await ctx.app.leads.idle();
    const vcf = mailParts((await smtp.latestTo(email))!.raw).find((p) => /attachment/i.test(p.headers['content-disposition'] ?? ''))!;
    const vcard = new ICAL.Component(ICAL.parse(vcf.body) as unknown[]);
    expect(vcard.getFirstPropertyValue('fn')).toBe(`Olivia ${card.lastName}`);
    expect(vcard.getAllProperties('email')).toEqual([]);
    expect(vcard.getAllProperties('tel')).toEqual([]);
  });

  it('is not sent unless asked; a mail server that refuses it fails nothing, and the log never holds the address', async () => {
    const { owner, card } = await ownerWithCard();
    const quiet = `quiet-${Date.now()}@example.test`;
    expect((await exchange(ctx.app, card.id, exchangeBody({ email: quiet, sendMeTheCard: false }))).statusCode).toBe(201);
    smtp.refuse = true;
    const refusedTo = `refused-${Date.now()}@example.test`;
    try {
      const res = await exchange(ctx.app, card.id, exchangeBody({ email: refusedTo, sendMeTheCard: true }));
      expect(res.statusCode).toBe(201);
      await ctx.app.leads.idle();
    } finally {
      smtp.refuse = false;
    }
    expect(smtp.refused.some((m) => m.to.includes(refusedTo))).toBe(true);
    expect(smtp.mails.some((m) => m.to.includes(quiet))).toBe(false);
    expect(ctx.log.text).toContain('card e-mail to the visitor failed');
    expect(ctx.log.text).not.toContain(refusedTo);
    expect((await ctx.app.inject({ url: '/api/leads', headers: owner.headers })).json().items).toHaveLength(2);
  });
});
