import { afterAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TCreatedWebhook, TWebhook } from '@vbc/shared';
import { webhookDeliveries, webhookEndpoints } from '../platform/db/schema/index.ts';
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
      expect(test.json<{ message: string }>().message).toBe('This webhook is disabled: register it again to receive events.');
      // No more attempts once disabled.
      const before = receiver.received.filter((w) => w.path === path).length;
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.received.filter((w) => w.path === path)).toHaveLength(before);
      expect(smtp.mails.filter((m) => m.to.includes(ana.account.email!.toLowerCase()))).toHaveLength(1);
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
