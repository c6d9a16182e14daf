import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TCreatedWebhook, TWebhook, TWebhookAttempt } from '@vbc/shared';
import { webhookDeliveries, webhookEndpoints } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { buildBusiness } from '../test/directories-support.ts';
import { setRole } from '../test/announcements-support.ts';
import { leakedSecrets } from '../test/secrets.ts';
import { startWebhookReceiver, type TWebhookReceiver } from '../test/webhook-receiver.ts';

type TAccount = Awaited<ReturnType<typeof buildAccount>>;

function create(app: FastifyInstance, who: TAccount, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/webhooks', headers: who.headers, payload });
}

async function created(app: FastifyInstance, who: TAccount, payload: Record<string, unknown>): Promise<TCreatedWebhook> {
  const res = await create(app, who, payload);
  if (res.statusCode !== 201) throw new Error(`POST /api/webhooks: ${res.statusCode} ${res.body}`);
  return res.json<TCreatedWebhook>();
}

async function attemptsOf(app: FastifyInstance, who: TAccount, webhookId: string): Promise<TWebhookAttempt[]> {
  const res = await app.inject({ url: `/api/webhooks/${webhookId}/attempts`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json<TWebhookAttempt[]>();
}

/** The attempts once there are `count` of them (an attempt is written just after the receiver answers). */
async function attemptsWhen(
  app: FastifyInstance,
  who: TAccount,
  webhookId: string,
  count: number,
  ms = 10_000,
): Promise<TWebhookAttempt[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const attempts = await attemptsOf(app, who, webhookId);
    if (attempts.length >= count || Date.now() > deadline) return attempts;
    await new Promise((r) => setTimeout(r, 20));
  }
}

let receiver: TWebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
let paths = 0;
const newPath = () => `/hook/${++paths}-${Math.random().toString(36).slice(2)}`;

describeEachDatabase(
  'webhooks API and delivery (ALLOW_INSECURE_OUTBOUND)',
  (ctx) => {
    it('registers an endpoint: 201 with a whsec_ secret shown only then, stored sealed, never logged', async () => {
      const ana = await buildAccount(ctx.app);
      const hook = await created(ctx.app, ana, {
        url: receiver.url(newPath()),
        events: ['lead.created', 'message.received', 'lead.created'],
        description: ' CRM ',
      });
      expect(hook).toMatchObject({
        events: ['lead.created', 'message.received'],
        description: 'CRM',
        enabled: true,
        corporateAccountId: null,
      });
      expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(hook.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);

      const [row] = await ctx.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.webhookId));
      expect(row!.secretEncrypted).not.toContain(hook.secret);
      expect(row!.secretEncrypted).not.toContain(hook.secret.slice(6));
      expect(row!.secretEncrypted).toMatch(/^v1\./);

      const list = await ctx.app.inject({ url: '/api/webhooks', headers: ana.headers });
      expect(list.statusCode).toBe(200);
      const listed = list.json<TWebhook[]>();
      expect(listed).toEqual([{ ...hook, secret: undefined }].map(({ secret: _s, ...rest }) => rest));
      expect(list.body).not.toContain(hook.secret);
      expect(leakedSecrets(ctx.log.text, [hook.secret, hook.secret.slice(6)])).toEqual([]);
    });

    it('refuses bad input with a 400 naming the problem, and writes nothing', async () => {
      const ana = await buildAccount(ctx.app);
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ url: 'not a url', events: ['lead.created'] }, /url: /],
        [{ url: 'ftp://127.0.0.1/x', events: ['lead.created'] }, /url: must be an https URL/],
        [{ url: 'http://203.0.113.9/x', events: ['lead.created'] }, /url: must be an https URL/],
        [{ url: 'https://10.1.2.3/x', events: ['lead.created'] }, /url: must be a public address \(it resolves to a private/],
        [{ url: 'https://169.254.169.254/latest', events: ['lead.created'] }, /private, loopback or link-local/],
        [{ url: 'https://user:pw@127.0.0.1/x', events: ['lead.created'] }, /url: must not carry a user name or password/],
        [{ url: receiver.url('/x'), events: [] }, /events: Choose at least one event/],
        [{ url: receiver.url('/x'), events: ['lead.exploded'] }, /events/],
        [{ url: receiver.url('/x'), events: ['lead.created'], secret: 'mine' }, /secret|Unrecognized/i],
        [
          { url: receiver.url('/x'), events: ['lead.created'], corporateAccountId: 'acme' },
          /corporateAccountId: must be a corporate account id/,
        ],
      ];
      for (const [payload, message] of cases) {
        const res = await create(ctx.app, ana, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json<{ message: string }>().message, JSON.stringify(payload)).toMatch(message);
      }
      const rows = await ctx.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, ana.account.id));
      expect(rows).toEqual([]);
      const anonymous = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        payload: { url: receiver.url('/x'), events: ['lead.created'] },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('another account gets 404 on every route of an endpoint it does not own', async () => {
      const [ana, ben] = [await buildAccount(ctx.app), await buildAccount(ctx.app)];
      const path = newPath();
      const hook = await created(ctx.app, ana, { url: receiver.url(path), events: ['message.received'] });
      receiver.setSecret(path, hook.secret);
      await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook.webhookId}/test`, headers: ana.headers });
      await receiver.until((r) => r.some((w) => w.path === path));
      const [attempt] = await attemptsWhen(ctx.app, ana, hook.webhookId, 1);
      const base = `/api/webhooks/${hook.webhookId}`;
      for (const [method, url] of [
        ['DELETE', base],
        ['GET', `${base}/attempts`],
        ['POST', `${base}/test`],
        ['POST', `${base}/attempts/${attempt!.attemptId}/redeliver`],
      ] as const) {
        const res = await ctx.app.inject({ method, url, headers: ben.headers });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json<{ message: string }>().message).toBe('The webhook was not found.');
      }
      const list = await ctx.app.inject({ url: '/api/webhooks', headers: ben.headers });
      expect(list.json()).toEqual([]);
      const badId = await ctx.app.inject({ method: 'DELETE', url: '/api/webhooks/nope', headers: ana.headers });
      expect(badId.statusCode).toBe(400);
      expect(badId.json<{ message: string }>().message).toMatch(/webhookId: must be a webhook id/);
      // Still there for its owner.
      expect((await ctx.app.inject({ url: '/api/webhooks', headers: ana.headers })).json<TWebhook[]>()).toHaveLength(1);
    });

    it('answers 500, 500, then 200: delivered once (verified signature), three attempts logged newest first', async () => {
      const ana = await buildAccount(ctx.app);
      const path = newPath();
      const hook = await created(ctx.app, ana, { url: receiver.url(path), events: ['lead.created'] });
      receiver.setSecret(path, hook.secret);
      receiver.answer(path, [500, 500]);
      await ctx.app.db.transaction((tx) =>
        ctx.app.integrationEvents.record(tx, {
          type: 'lead.created',
          accountId: ana.account.id,
          corporateAccountId: null,
          data: { leadId: 'lead-1', name: 'Ana Lead' },
          occurredAt: new Date('2026-11-28T10:00:00Z'),
        }),
      );
      await receiver.until((r) => r.filter((w) => w.path === path && w.answered === 200).length === 1);
      const got = receiver.received.filter((w) => w.path === path);
      expect(got.map((w) => w.answered)).toEqual([500, 500, 200]);
      expect(got.every((w) => w.verified)).toBe(true);
      expect(new Set(got.map((w) => w.id)).size).toBe(1);
      expect(got[0]!.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(got[0]!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(got[0]!.event).toEqual({
        type: 'lead.created',
        timestamp: '2026-11-28T10:00:00.000Z',
        data: { leadId: 'lead-1', name: 'Ana Lead' },
      });

      const attempts = await attemptsWhen(ctx.app, ana, hook.webhookId, 3);
      expect(attempts.map((a) => [a.status, a.succeeded])).toEqual([
        [200, true],
        [500, false],
        [500, false],
      ]);
      expect(attempts[0]).toMatchObject({ eventId: got[0]!.id, eventType: 'lead.created', response: 'ok', error: null });
      expect(attempts[1]!.response).toBe('refused with 500');
      const [delivery] = await ctx.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.webhookId));
      expect(delivery).toMatchObject({ state: 'delivered', attempts: 3, claimedUntil: null });
      // Nothing more arrives.
      await new Promise((r) => setTimeout(r, 600));
      expect(receiver.received.filter((w) => w.path === path)).toHaveLength(3);
      const metrics = await ctx.app.inject({ url: '/metrics' });
      expect(metrics.body).toMatch(/webhook_deliveries_total [1-9]/);
      expect(metrics.body).toMatch(/webhook_delivery_failures_total\{reason="status"\} [2-9]/);
    });

    it('an answer slower than 10 s is a failed attempt (no status, the timeout named), then retried', async () => {
      const ana = await buildAccount(ctx.app);
      const path = newPath();
      const hook = await created(ctx.app, ana, { url: receiver.url(path), events: ['lead.created'] });
      receiver.setSecret(path, hook.secret);
      receiver.delayMs = 11_000;
      try {
        await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook.webhookId}/test`, headers: ana.headers });
        const [timedOut] = await attemptsWhen(ctx.app, ana, hook.webhookId, 1, 15_000);
        expect(timedOut).toMatchObject({ status: null, succeeded: false, error: 'no answer within 10 s', response: '' });
        expect(timedOut!.durationMs).toBeGreaterThanOrEqual(9_900);
      } finally {
        receiver.delayMs = 0;
      }
      const attempts = await attemptsWhen(ctx.app, ana, hook.webhookId, 2);
      expect(attempts.map((a) => a.status)).toEqual([200, null]);
    }, 40_000);

    it('test event (202), then redelivery of its attempt with the same webhook-id (202)', async () => {
      const ana = await buildAccount(ctx.app);
      const path = newPath();
      const hook = await created(ctx.app, ana, { url: receiver.url(path), events: ['lead.deleted'] });
      receiver.setSecret(path, hook.secret);
      const test = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook.webhookId}/test`, headers: ana.headers });
      expect(test.statusCode).toBe(202);
      const { eventId } = test.json<{ eventId: string }>();
      await receiver.until((r) => r.some((w) => w.path === path));
      const first = receiver.received.find((w) => w.path === path)!;
      expect(first).toMatchObject({ id: eventId, verified: true });
      expect(first.event).toMatchObject({ type: 'webhook.test', data: { webhookId: hook.webhookId } });

      const [attempt] = await attemptsWhen(ctx.app, ana, hook.webhookId, 1);
      expect(attempt).toMatchObject({ eventType: 'webhook.test', status: 200, succeeded: true });
      const again = await ctx.app.inject({
        method: 'POST',
        url: `/api/webhooks/${hook.webhookId}/attempts/${attempt!.attemptId}/redeliver`,
        headers: ana.headers,
      });
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual({ eventId });
      await receiver.until((r) => r.filter((w) => w.path === path).length === 2);
      const second = receiver.received.filter((w) => w.path === path)[1]!;
      expect(second).toMatchObject({ id: eventId, body: first.body, verified: true });

      const unknown = await ctx.app.inject({
        method: 'POST',
        url: `/api/webhooks/${hook.webhookId}/attempts/${crypto.randomUUID()}/redeliver`,
        headers: ana.headers,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<{ message: string }>().message).toBe('The attempt was not found.');
    });

    it("records the events of one transaction together, each to its own account's endpoints subscribed to its type", async () => {
      const register = async () => {
        const owner = await buildAccount(ctx.app);
        const hook = await created(ctx.app, owner, { url: receiver.url(newPath()), events: ['lead.created'] });
        return { owner, hook };
      };
      const [one, two] = [await register(), await register()];
      const quiet = await buildAccount(ctx.app);
      const leadEvent = (accountId: string, n: number, type: 'lead.created' | 'message.received' = 'lead.created') => ({
        type,
        accountId,
        corporateAccountId: null,
        data: { leadId: `lead-${n}` },
        occurredAt: new Date(),
      });
      await ctx.app.db.transaction((tx) =>
        ctx.app.integrationEvents.recordAll(tx, [
          leadEvent(one.owner.account.id, 1),
          leadEvent(two.owner.account.id, 2),
          leadEvent(quiet.account.id, 3),
          leadEvent(one.owner.account.id, 4, 'message.received'),
          leadEvent(one.owner.account.id, 5),
        ]),
      );
      const rows = async (endpointId: string) =>
        (await ctx.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))).map((d) => ({
          eventId: d.eventId,
          leadId: (JSON.parse(d.payload) as { data: { leadId: string } }).data.leadId,
        }));
      const [toOne, toTwo] = [await rows(one.hook.webhookId), await rows(two.hook.webhookId)];
      expect(toOne.map((d) => d.leadId).sort()).toEqual(['lead-1', 'lead-5']);
      expect(toTwo.map((d) => d.leadId)).toEqual(['lead-2']);
      // Each event its own webhook-id.
      expect(new Set([...toOne, ...toTwo].map((d) => d.eventId)).size).toBe(3);
    });

    it('deletes an endpoint (204): gone from the list, its pending deliveries with it', async () => {
      const ana = await buildAccount(ctx.app);
      const hook = await created(ctx.app, ana, { url: receiver.url(newPath()), events: ['lead.updated'] });
      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${hook.webhookId}`, headers: ana.headers });
      expect(del.statusCode).toBe(204);
      expect((await ctx.app.inject({ url: '/api/webhooks', headers: ana.headers })).json()).toEqual([]);
      const again = await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${hook.webhookId}`, headers: ana.headers });
      expect(again.statusCode).toBe(404);
    });

    it('limits endpoints per owner to 20 (409)', async () => {
      const ana = await buildAccount(ctx.app);
      for (let i = 0; i < 20; i++) await created(ctx.app, ana, { url: receiver.url(`/limit/${i}`), events: ['lead.created'] });
      const res = await create(ctx.app, ana, { url: receiver.url('/limit/21'), events: ['lead.created'] });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/At most 20 webhooks/);
    });

    it("a business's endpoints: admins register, list and delete them; members get 403, outsiders 404; its lead events reach it", async () => {
      const [admin, editor, outsider, member] = [
        await buildAccount(ctx.app),
        await buildAccount(ctx.app),
        await buildAccount(ctx.app),
        await buildAccount(ctx.app),
      ];
      const { corporateAccountId } = await buildBusiness(ctx.app, {
        memberEmails: [admin.account.email!, editor.account.email!, member.account.email!],
      });
      await setRole(ctx.app, corporateAccountId, editor.account.id, 'editor');
      const bizPath = newPath();
      const ownPath = newPath();
      const byEditor = await create(ctx.app, editor, { url: receiver.url(bizPath), events: ['lead.created'], corporateAccountId });
      expect(byEditor.statusCode).toBe(403);
      expect(byEditor.json<{ message: string }>().message).toMatch(/admin role/);
      const byOutsider = await create(ctx.app, outsider, { url: receiver.url(bizPath), events: ['lead.created'], corporateAccountId });
      expect(byOutsider.statusCode).toBe(404);

      const biz = await created(ctx.app, admin, { url: receiver.url(bizPath), events: ['lead.created'], corporateAccountId });
      expect(biz.corporateAccountId).toBe(corporateAccountId);
      receiver.setSecret(bizPath, biz.secret);
      const own = await created(ctx.app, member, { url: receiver.url(ownPath), events: ['lead.created'] });
      receiver.setSecret(ownPath, own.secret);

      // The admin lists the business's endpoint (not the member's own); the editor sees none of it.
      const adminList = (await ctx.app.inject({ url: '/api/webhooks', headers: admin.headers })).json<TWebhook[]>();
      expect(adminList.map((w) => w.webhookId)).toEqual([biz.webhookId]);
      const editorList = (await ctx.app.inject({ url: '/api/webhooks', headers: editor.headers })).json<TWebhook[]>();
      expect(editorList).toEqual([]);
      const editorAttempts = await ctx.app.inject({ url: `/api/webhooks/${biz.webhookId}/attempts`, headers: editor.headers });
      expect(editorAttempts.statusCode).toBe(404);

      // A lead a member captured through the business: the member's endpoint and the business's.
      await ctx.app.db.transaction((tx) =>
        ctx.app.integrationEvents.record(tx, {
          type: 'lead.created',
          accountId: member.account.id,
          corporateAccountId,
          data: { leadId: 'lead-biz' },
          occurredAt: new Date(),
        }),
      );
      await receiver.until((r) => r.some((w) => w.path === bizPath) && r.some((w) => w.path === ownPath));
      const [toBiz, toOwn] = [bizPath, ownPath].map((p) => receiver.received.find((w) => w.path === p)!);
      expect(toBiz!.verified && toOwn!.verified).toBe(true);
      expect(toBiz!.event.data).toEqual({ leadId: 'lead-biz' });
      // An event not subscribed to is not sent.
      await ctx.app.db.transaction((tx) =>
        ctx.app.integrationEvents.record(tx, {
          type: 'lead.deleted',
          accountId: member.account.id,
          corporateAccountId,
          data: { leadId: 'lead-biz' },
          occurredAt: new Date(),
        }),
      );
      const deliveries = await ctx.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'lead.deleted'));
      expect(deliveries.filter((d) => [biz.webhookId, own.webhookId].includes(d.endpointId))).toEqual([]);

      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${biz.webhookId}`, headers: admin.headers });
      expect(del.statusCode).toBe(204);
    });
  },
  { env: { ALLOW_INSECURE_OUTBOUND: 'true', WEBHOOK_RETRY_SCHEDULE_MS: '100,100,100' } },
);

describeEachDatabase('webhooks without the test switch', (ctx) => {
  it('refuses loopback and plain http URLs with a 400, and stores nothing', async () => {
    const ana = await buildAccount(ctx.app);
    for (const [url, message] of [
      ['https://127.0.0.1:8443/hook', /url: must be a public address \(it resolves to a private, loopback or link-local address\)/],
      ['https://localhost/hook', /private, loopback or link-local/],
      ['https://[::1]/hook', /private, loopback or link-local/],
      ['http://127.0.0.1:8080/hook', /url: must be an https URL/],
    ] as const) {
      const res = await create(ctx.app, ana, { url, events: ['lead.created'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message, url).toMatch(message);
    }
    expect((await ctx.app.inject({ url: '/api/webhooks', headers: ana.headers })).json()).toEqual([]);
  });
});
