import { afterAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TCreatedWebhook, TWebhook } from '@vbc/shared';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../platform/db/schema/index.ts';
import { pruneAttempts } from './endpoint-health.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { startSmtpSink } from '../test/notify-sinks.ts';
import { startWebhookReceiver } from '../test/webhook-receiver.ts';

const smtp = await startSmtpSink();
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await smtp.close();
  await receiver.close();
});

describeEachDatabase(
  'a webhook failing for 3 days',
  (ctx) => {
    it('is disabled with its reason, its queued deliveries given up, and its owner e-mailed', async () => {
      const ana = await buildAccount(ctx.app);
      const path = `/failing-${ctx.kind}`;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: ana.headers,
        payload: { url: receiver.url(path), events: ['lead.created', 'lead.updated'] },
      });
      const hook = res.json<TCreatedWebhook>();
      receiver.answer(
        path,
        Array.from({ length: 50 }, () => 500),
      );
      // It has failed since 4 days ago; one more failure ends it.
      await ctx.app.db
        .update(webhookEndpoints)
        .set({ failingSince: sql`now() - interval '4 days'` })
        .where(eq(webhookEndpoints.id, hook.webhookId));
      await ctx.app.db.transaction(async (tx) => {
        for (const type of ['lead.created', 'lead.updated'] as const) {
          await ctx.app.integrationEvents.record(tx, {
            type,
            accountId: ana.account.id,
            corporateAccountId: null,
            data: { leadId: 'lead-1' },
            occurredAt: new Date(),
          });
        }
      });
      const mail = await smtp.latestTo(ana.account.email!);
      expect(mail?.raw).toMatch(/Subject: Your webhook was disabled/);
      expect(mail?.raw).toContain('every delivery to it failed for 3 days');

      const [listed] = (await ctx.app.inject({ url: '/api/webhooks', headers: ana.headers })).json<TWebhook[]>();
      expect(listed).toMatchObject({ enabled: false, disabledReason: 'Every delivery failed for 3 days.' });
      const rows = await ctx.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.webhookId));
      expect(rows.filter((r) => r.state === 'pending')).toEqual([]);
      const test = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook.webhookId}/test`, headers: ana.headers });
      expect(test.statusCode).toBe(409);
      expect(test.json<{ message: string }>().message).toBe('This webhook is off: turn it on again to receive events.');
      // No more attempts once disabled.
      const before = receiver.received.filter((w) => w.path === path).length;
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.received.filter((w) => w.path === path)).toHaveLength(before);
      expect(smtp.mails.filter((m) => m.to.includes(ana.account.email!.toLowerCase()))).toHaveLength(1);

      // Its owner turns it on again: events reach it, and its failing streak starts afresh.
      receiver.answer(path, []);
      const on = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/webhooks/${hook.webhookId}`,
        headers: ana.headers,
        payload: { enabled: true },
      });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json<TWebhook>()).toMatchObject({ enabled: true, disabledReason: null });
      const [endpoint] = await ctx.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.webhookId));
      expect(endpoint!.failingSince).toBeNull();
      const again = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook.webhookId}/test`, headers: ana.headers });
      expect(again.statusCode).toBe(202);
      await expect
        .poll(() => receiver.received.filter((w) => w.path === path && w.event.type === 'webhook.test' && w.answered === 200).length)
        .toBe(1);
    });

    it('turns a webhook off and on for its owner only; a bad body is a 400 naming the field', async () => {
      const ana = await buildAccount(ctx.app);
      const other = await buildAccount(ctx.app);
      const hook = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers: ana.headers,
          payload: { url: receiver.url('/toggled'), events: ['lead.created'] },
        })
      ).json<TCreatedWebhook>();
      const patch = (headers: Record<string, string>, payload: unknown) =>
        ctx.app.inject({ method: 'PATCH', url: `/api/webhooks/${hook.webhookId}`, headers, payload: payload as object });
      const off = await patch(ana.headers, { enabled: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<TWebhook>()).toMatchObject({ enabled: false, disabledReason: 'Turned off by its owner.' });
      const test = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook.webhookId}/test`, headers: ana.headers });
      expect(test.statusCode).toBe(409);
      expect((await patch(other.headers, { enabled: true })).statusCode).toBe(404);
      const bad = await patch(ana.headers, { enabled: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/enabled/);
      expect((await patch(ana.headers, { enabled: true, url: 'https://example.test' })).statusCode).toBe(400);
      expect((await patch(ana.headers, { enabled: true })).json<TWebhook>()).toMatchObject({ enabled: true, disabledReason: null });
    });

    it('keeps the newest 100 attempts of an endpoint (and their delivery), drops the rest', async () => {
      const ana = await buildAccount(ctx.app);
      const hook = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers: ana.headers,
          payload: { url: receiver.url('/pruned'), events: ['lead.created'] },
        })
      ).json<TCreatedWebhook>();
      const [oldDelivery, newDelivery] = await ctx.app.db
        .insert(webhookDeliveries)
        .values(
          ['old', 'new'].map((n) => ({
            endpointId: hook.webhookId,
            eventId: `msg_${n}`,
            eventType: 'lead.created',
            payload: '{}',
            state: 'delivered' as const,
          })),
        )
        .returning();
      const start = Date.parse('2026-11-01T00:00:00Z');
      await ctx.app.db.insert(webhookAttempts).values(
        Array.from({ length: 130 }, (_, i) => ({
          endpointId: hook.webhookId,
          deliveryId: i < 30 ? oldDelivery!.id : newDelivery!.id,
          eventId: i < 30 ? 'msg_old' : 'msg_new',
          eventType: 'lead.created',
          attemptedAt: new Date(start + i * 1000),
          status: 500,
          durationMs: i,
          response: '',
          succeeded: false,
        })),
      );
      await pruneAttempts(ctx.app.db, hook.webhookId);
      const kept = await ctx.app.db.select().from(webhookAttempts).where(eq(webhookAttempts.endpointId, hook.webhookId));
      expect(kept).toHaveLength(100);
      expect(Math.min(...kept.map((a) => a.durationMs))).toBe(30);
      const deliveries = await ctx.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.webhookId));
      expect(deliveries.map((d) => d.eventId)).toEqual(['msg_new']);
      const listed = await ctx.app.inject({ url: `/api/webhooks/${hook.webhookId}/attempts`, headers: ana.headers });
      expect(listed.json<{ durationMs: number }[]>().map((a) => a.durationMs)).toEqual(Array.from({ length: 100 }, (_, i) => 129 - i));
    });

    it('a success ends the failing streak', async () => {
      const ana = await buildAccount(ctx.app);
      const path = `/recovers-${ctx.kind}`;
      const hook = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers: ana.headers,
          payload: { url: receiver.url(path), events: ['lead.created'] },
        })
      ).json<TCreatedWebhook>();
      await ctx.app.db
        .update(webhookEndpoints)
        .set({ failingSince: sql`now() - interval '2 days'` })
        .where(eq(webhookEndpoints.id, hook.webhookId));
      await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook.webhookId}/test`, headers: ana.headers });
      await receiver.until((r) => r.some((w) => w.path === path && w.answered === 200));
      for (let i = 0; i < 100; i++) {
        const [row] = await ctx.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.webhookId));
        if (row!.failingSince === null) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const [row] = await ctx.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.webhookId));
      expect(row).toMatchObject({ failingSince: null, enabled: true });
    });
  },
  { env: { ALLOW_INSECURE_OUTBOUND: 'true', WEBHOOK_RETRY_SCHEDULE_MS: '100,100,100', SMTP_URL: smtp.url } },
);
