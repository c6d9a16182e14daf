import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TCreatedWebhook } from '@vbc/shared';
import { describeEachDatabase } from '../test/app.ts';
import { buildBusiness } from '../test/directories-support.ts';
import { buildAccount } from '../test/factories.ts';
import { subscribe } from '../test/webhooks-support.ts';

type TAccount = Awaited<ReturnType<typeof buildAccount>>;

const remove = async (app: FastifyInstance, who: TAccount, hook: TCreatedWebhook) =>
  expect((await app.inject({ method: 'DELETE', url: `/api/webhooks/${hook.webhookId}`, headers: who.headers })).statusCode).toBe(204);

describeEachDatabase(
  'webhook subscribers: who wants which event (a hot write with nobody listening records nothing)',
  (ctx) => {
    it("answers per account and per event, follows endpoint changes, and counts a business's lead endpoints for every lead", async () => {
      const events = ctx.app.integrationEvents;
      const [ana, ben] = [await buildAccount(ctx.app), await buildAccount(ctx.app)];
      expect(events.wants('lead.created', ana.account.id)).toBe(false);
      expect(events.wants('message.received', ana.account.id)).toBe(false);

      const anaMessages = await subscribe(ctx.app, ana, ['message.received']);
      expect(events.wants('message.received', ana.account.id)).toBe(true);
      expect(events.wants('lead.created', ana.account.id)).toBe(false);
      expect(events.wants('message.received', ben.account.id)).toBe(false);

      const anaLeads = await subscribe(ctx.app, ana, ['lead.created', 'lead.deleted']);
      expect(events.wants('lead.created', ana.account.id)).toBe(true);
      expect(events.wants('lead.updated', ana.account.id)).toBe(false);
      await remove(ctx.app, ana, anaLeads);
      expect(events.wants('lead.created', ana.account.id)).toBe(false);
      await remove(ctx.app, ana, anaMessages);
      expect(events.wants('message.received', ana.account.id)).toBe(false);

      // A lead's business is known only inside its statement: a business's lead endpoint makes every lead recorded.
      const admin = await buildAccount(ctx.app);
      const business = await buildBusiness(ctx.app, { memberEmails: [admin.account.email!] });
      const teamHook = await subscribe(ctx.app, admin, ['lead.updated'], business.corporateAccountId);
      expect(events.wants('lead.updated', ben.account.id)).toBe(true);
      expect(events.wants('lead.created', ben.account.id)).toBe(false);
      expect(events.wants('message.received', ben.account.id)).toBe(false);
      await remove(ctx.app, admin, teamHook);
      expect(events.wants('lead.updated', ben.account.id)).toBe(false);
    });
  },
  { env: { ALLOW_INSECURE_OUTBOUND: 'true' } },
);
