/**
 * A lead's webhook events recorded in the statement that captures it (capture-lead.ts, the
 * webhooks recorder's IntegrationEventStatement form): the app's only recorder is the webhooks',
 * so an exchange takes that path. Each outbox row's body must be byte for byte what the recorder
 * writes from JavaScript, eventBody(type, occurredAt, presentLead(row)) — PostgreSQL writes the
 * lead's JSON (leadJson) — for a new lead with markup, quotes, a line break and an emoji in it and for
 * a merge into a lead the owner tagged and noted; each with its own `msg_` id; none for an owner
 * without an endpoint, on both engines.
 */
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { leads, webhookDeliveries } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { exchange, exchangeBody, someAddress } from '../test/leads-support.ts';
import { subscribe } from '../test/webhooks-support.ts';
import { eventBody } from '../webhooks/record-event.ts';
import { presentLead } from './present-lead.ts';

describeEachDatabase(
  'lead events recorded in the capture statement',
  (ctx) => {
    it('write each body as the recorder in JavaScript would, the lead as presentLead presents it', async () => {
      const owner = await buildAccount(ctx.app, { name: 'Olivia "O" Reyes' });
      const card = await buildCard(ctx.app, { firstName: 'Olivia', lastName: 'Reyes' }, { ownerAccountId: owner.account.id });
      const hook = await subscribe(ctx.app, owner, ['lead.created', 'lead.updated']);
      const quiet = await buildAccount(ctx.app);
      const quietCard = await buildCard(ctx.app, { firstName: 'Quinn' }, { ownerAccountId: quiet.account.id });

      const email = `zoe-${Date.now()}@example.test`;
      const first = exchangeBody({
        name: 'Zoë "Z" O\'Brien <script>alert(1)</script> \\ 😀',
        email,
        note: 'Line one\nline two, \u2028 separator',
        company: null,
        source: 'nfc',
      });
      const res = await exchange(ctx.app, card.id, first, { remoteAddress: someAddress() });
      expect(res.statusCode, res.body).toBe(201);
      const { leadId } = res.json<{ leadId: string }>();
      const leadAsStored = async () => {
        const [row] = await ctx.app.db.select().from(leads).where(eq(leads.id, leadId));
        return presentLead(row!, owner.account.name);
      };
      const created = await leadAsStored();

      // The owner tags and notes it; the same person exchanges again: a merge, `lead.updated`.
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `/api/leads/${leadId}`,
        headers: owner.headers,
        payload: { status: 'contacted', note: 'Call back "Tuesday"', tags: ['expo', 'vip, maybe'] },
      });
      expect(put.statusCode, put.body).toBe(200);
      const again = await exchange(
        ctx.app,
        card.id,
        exchangeBody({ name: 'Zoë OBrien', email: email.toUpperCase(), phone: '+44 20 7946 0958' }),
        {
          remoteAddress: someAddress(),
        },
      );
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json<{ leadId: string }>().leadId).toBe(leadId);
      const updated = await leadAsStored();
      expect(updated.tags).toEqual(['expo', 'vip, maybe']);
      expect(updated.exchangeCount).toBe(2);

      // An owner without an endpoint: nothing is recorded for their lead.
      const quietRes = await exchange(ctx.app, quietCard.id, exchangeBody(), { remoteAddress: someAddress() });
      expect(quietRes.statusCode, quietRes.body).toBe(201);

      const rows = await ctx.app.db
        .select({
          endpointId: webhookDeliveries.endpointId,
          eventId: webhookDeliveries.eventId,
          type: webhookDeliveries.eventType,
          payload: webhookDeliveries.payload,
        })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.endpointId, [hook.webhookId]))
        .orderBy(webhookDeliveries.createdAt);
      // The owner's edit is recorded from JavaScript (manage-leads.ts), the two exchanges in their statements.
      expect(rows.map((r) => r.type)).toEqual(['lead.created', 'lead.updated', 'lead.updated']);
      expect(rows[0]!.payload).toBe(eventBody('lead.created', new Date(created.capturedAt), created));
      expect(rows[2]!.payload).toBe(eventBody('lead.updated', new Date(updated.lastExchangedAt), updated));
      for (const row of rows) expect(row.eventId).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(new Set(rows.map((r) => r.eventId)).size).toBe(3);
      const everyRow = await ctx.app.db.select({ payload: webhookDeliveries.payload }).from(webhookDeliveries);
      expect(everyRow.filter((r) => r.payload.includes(quiet.account.id))).toEqual([]);
    });
  },
  // Not delivered (the rows stay as written): the endpoint's URL takes the test switch.
  { env: { ALLOW_INSECURE_OUTBOUND: 'true' }, webhooks: { dispatch: false } },
);
