import { expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../platform/db/schema/index.ts';
import type { TIntegrationEvent } from '../platform/integration-events/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildBusiness } from '../test/directories-support.ts';
import { buildAccount } from '../test/factories.ts';
import { subscribe } from '../test/webhooks-support.ts';
import { OUTBOX_CHANNEL } from './record-event.ts';

const event = (type: TIntegrationEvent['type'], accountId: string, corporateAccountId: string | null, n: number): TIntegrationEvent => ({
  type,
  accountId,
  corporateAccountId,
  data: { n },
  occurredAt: new Date('2026-11-30T06:00:00.000Z'),
});

describeEachDatabase(
  'the webhooks recorder: one statement writes the outbox rows of a transaction’s events and wakes the dispatchers',
  (ctx) => {
    it("writes a row per event and subscribed, enabled endpoint (the account's own and the business's), only at commit, and NOTIFYs when it wrote", async () => {
      const [ana, ben, admin] = [await buildAccount(ctx.app), await buildAccount(ctx.app), await buildAccount(ctx.app)];
      const business = await buildBusiness(ctx.app, { memberEmails: [admin.account.email!] });
      const anaLeads = (await subscribe(ctx.app, ana, ['lead.created'])).webhookId;
      const anaMessages = (await subscribe(ctx.app, ana, ['message.received'])).webhookId;
      const anaOff = (await subscribe(ctx.app, ana, ['lead.created'])).webhookId;
      await ctx.app.db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, anaOff));
      const teamLeads = (await subscribe(ctx.app, admin, ['lead.created'], business.corporateAccountId)).webhookId;
      const endpoints = [anaLeads, anaMessages, anaOff, teamLeads];
      const outbox = () =>
        ctx.app.db
          .select({ endpointId: webhookDeliveries.endpointId, eventId: webhookDeliveries.eventId, payload: webhookDeliveries.payload })
          .from(webhookDeliveries)
          .where(inArray(webhookDeliveries.endpointId, endpoints));
      let notified = 0;
      const unlisten = await ctx.database.listen(OUTBOX_CHANNEL, () => notified++);
      try {
        const events = [
          event('lead.created', ana.account.id, business.corporateAccountId, 1), // ana's lead endpoint and the business's
          event('lead.created', ben.account.id, null, 2), // ben has no endpoint
          event('message.received', ana.account.id, null, 3), // ana's message endpoint
          event('lead.updated', ana.account.id, business.corporateAccountId, 4), // nobody subscribes to it
        ];

        // A transaction that does not commit leaves no event behind, and wakes nobody.
        await expect(
          ctx.app.db.transaction(async (tx) => {
            await ctx.app.integrationEvents.recordAll(tx, events);
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
        expect(await outbox()).toEqual([]);

        await ctx.app.db.transaction((tx) => ctx.app.integrationEvents.recordAll(tx, events));
        const rows = await outbox();
        const body = (row: { payload: string }) => JSON.parse(row.payload) as { type: string; timestamp: string; data: { n: number } };
        expect(rows.map((r) => [r.endpointId, body(r).data.n]).sort()).toEqual(
          [
            [anaLeads, 1],
            [teamLeads, 1],
            [anaMessages, 3],
          ].sort(),
        );
        // One event to two endpoints: one webhook-id, one body (Standard Webhooks' {type, timestamp, data}).
        const first = rows.filter((r) => body(r).data.n === 1);
        expect(new Set(first.map((r) => r.eventId)).size).toBe(1);
        expect(first[0]!.eventId).toMatch(/^msg_[0-9a-f]{32}$/);
        expect(body(first[0]!)).toEqual({ type: 'lead.created', timestamp: '2026-11-30T06:00:00.000Z', data: { n: 1 } });
        expect(rows.find((r) => body(r).data.n === 3)!.eventId).not.toBe(first[0]!.eventId);
        await expect.poll(() => notified).toBe(1);

        // Events nobody subscribes to: nothing written, no NOTIFY.
        await ctx.app.db.transaction((tx) => ctx.app.integrationEvents.recordAll(tx, [events[1]!, events[3]!]));
        expect(await outbox()).toHaveLength(3);
        // A marker NOTIFY: notifications arrive in commit order, so a stray one would arrive before it.
        await ctx.app.db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
        await expect.poll(() => notified).toBeGreaterThanOrEqual(2);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(notified).toBe(2);
      } finally {
        await unlisten();
      }
    });
  },
  { env: { ALLOW_INSECURE_OUTBOUND: 'true' }, webhooks: { dispatch: false } },
);
