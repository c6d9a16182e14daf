import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TCreatedWebhook } from '@vbc/shared';
import type { TConversationMessage } from '@vbc/shared/conversation';
import { webhookDeliveries } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildPerson, send, startConversation, type TPerson } from '../test/conversations-support.ts';
import { startWebhookReceiver, type TWebhookReceiver } from '../test/webhook-receiver.ts';

let receiver: TWebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function subscribe(app: FastifyInstance, who: TPerson, path: string, events = ['message.received']): Promise<TCreatedWebhook> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: who.headers,
    payload: { url: receiver.url(path), events },
  });
  expect(res.statusCode).toBe(201);
  const hook = res.json<TCreatedWebhook>();
  receiver.setSecret(path, hook.secret);
  return hook;
}

const at = (path: string) => receiver.received.filter((w) => w.path === path);

describeEachDatabase(
  'message.received webhooks',
  (ctx) => {
    it("a message reaches the recipient's endpoint, never the sender's; a replayed send records nothing", async () => {
      const [ana, ben] = [await buildPerson(ctx.app, 'Ana'), await buildPerson(ctx.app, 'Ben')];
      const anaPath = `/ana-${randomUUID()}`;
      const benPath = `/ben-${randomUUID()}`;
      await subscribe(ctx.app, ana, anaPath);
      const benHook = await subscribe(ctx.app, ben, benPath);

      const summary = await startConversation(ctx.app, ana, ben, 'Hello Ben');
      const clientMessageId = randomUUID();
      const sent = await send(ctx.app, ana, summary.personalConversationId, 'Are you there?', clientMessageId);
      expect(sent.statusCode).toBe(201);
      // A retry of the same send answers the original and is no new event.
      expect((await send(ctx.app, ana, summary.personalConversationId, 'Are you there?', clientMessageId)).statusCode).toBe(200);
      await receiver.until(() => at(benPath).length === 2);

      // Deliveries are not ordered (concurrent): the message's sequence orders them.
      const texts = at(benPath)
        .map((w) => w.event.data as TConversationMessage)
        .sort((a, b) => a.sequence - b.sequence)
        .map((m) => m.message);
      expect(texts).toEqual(['Hello Ben', 'Are you there?']);
      for (const w of at(benPath)) {
        expect(w.verified).toBe(true);
        expect(w.event.type).toBe('message.received');
        expect(w.event.data).toMatchObject({ personalConversationId: summary.personalConversationId, senderAccountId: ana.account.id });
      }
      expect(new Set(at(benPath).map((w) => w.id)).size).toBe(2);

      // Ben answers: Ana's endpoint gets his message, and never got her own.
      expect((await send(ctx.app, ben, summary.personalConversationId, 'Yes!')).statusCode).toBe(201);
      await receiver.until(() => at(anaPath).length === 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(at(anaPath).map((w) => (w.event.data as TConversationMessage).message)).toEqual(['Yes!']);
      expect(at(benPath)).toHaveLength(2);
      const rows = await ctx.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, benHook.webhookId));
      expect(rows).toHaveLength(2);
    });

    it('no event once the endpoint is deleted, or when it does not subscribe to messages', async () => {
      const [ana, ben, cy] = [await buildPerson(ctx.app, 'Ana'), await buildPerson(ctx.app, 'Ben'), await buildPerson(ctx.app, 'Cy')];
      const benPath = `/ben-${randomUUID()}`;
      const cyPath = `/cy-${randomUUID()}`;
      const benHook = await subscribe(ctx.app, ben, benPath);
      const cyHook = await subscribe(ctx.app, cy, cyPath, ['lead.created']);
      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${benHook.webhookId}`, headers: ben.headers });
      expect(del.statusCode).toBe(204);
      await startConversation(ctx.app, ana, ben, 'Hi Ben');
      await startConversation(ctx.app, ana, cy, 'Hi Cy');
      await new Promise((r) => setTimeout(r, 300));
      expect(at(benPath)).toEqual([]);
      expect(at(cyPath)).toEqual([]);
      const rows = await ctx.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, cyHook.webhookId));
      expect(rows).toEqual([]);
    });
  },
  { env: { ALLOW_INSECURE_OUTBOUND: 'true' } },
);
