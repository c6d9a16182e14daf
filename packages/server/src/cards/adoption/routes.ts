import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../platform/plugins/auth.ts';
import { presentContact } from '../present-card.ts';
import { SECURITY } from '../../platform/plugins/docs.ts';
import { ZCanAdopt, ZVirtualContact } from '../response-schemas.ts';

const ZContactParams = z.object({ contactId: z.string().min(1).max(100) });
const ZAdoptParams = ZContactParams.extend({ code: z.string().min(1).max(64) });

/** docs/contracts.md §7 adoption: whether a card can be adopted, and adopting it with its passcode (signed in). */
export default async function adoptionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/vbc/canAdopt/:contactId',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZCanAdopt },
        params: ZContactParams,
        summary: '200 when the card can be adopted; 404/409/423 otherwise',
        tags: ['adoption'],
      },
    },
    async (request, reply) => {
      requireAccount(request);
      const row = await app.cards.assertAdoptable(request.params.contactId);
      reply.header('cache-control', 'private, no-store');
      return { canAdopt: true, virtualContactId: row.id, quickId: row.quickId };
    },
  );

  r.get(
    '/api/vbc/adopt/:contactId/:code',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZVirtualContact },
        params: ZAdoptParams,
        summary: 'Adopt the card with its 8-character passcode → the card',
        tags: ['adoption'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const row = await app.cards.adoptCard({ contactId: request.params.contactId, code: request.params.code, accountId: account.id });
      reply.header('cache-control', 'private, no-store');
      return presentContact(row, null, { revealContactInfo: true });
    },
  );
}
