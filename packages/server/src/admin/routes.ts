import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDesign } from '@vbc/shared';
import { forbidden, notConfigured, unauthorized } from '../errors/app-error.ts';
import { bearerToken } from '../plugins/auth.ts';
import { adminTokenMatches, resolveAdminToken } from './admin-token.ts';
import { ZCreateCorporateBody } from './create-corporate.ts';
import { SECURITY } from '../plugins/docs.ts';

/** POST /api/admin/cards/mint body. */
export const ZMintBody = z.object({
  count: z.number().int().min(1).max(1000),
  design: ZDesign.default('default'),
});

/**
 * The operators' API (DESIGN §9), behind `Authorization: Bearer <ADMIN_TOKEN>`:
 * no token → 401, a wrong one → 403 (compared in constant time). The hook
 * is encapsulated in this plugin, so it guards only these routes.
 * Announcements (POST /api/admin/announcements) belong to the announcements work.
 */
export default async function adminRoutes(app: FastifyInstance) {
  const token = resolveAdminToken(app.config);
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', async (request) => {
    if (!token) throw notConfigured('The admin API is off: set ADMIN_TOKEN or use a DATA_DIR on disk.');
    const presented = bearerToken(request);
    if (!presented) throw unauthorized('The admin API needs Authorization: Bearer <admin token>.');
    if (!adminTokenMatches(presented, token)) throw forbidden('That is not the admin token.');
  });

  r.post(
    '/api/admin/cards/mint',
    { schema: { security: SECURITY.admin, body: ZMintBody, summary: 'Mint unadopted cards; each passcode is shown only in this answer', tags: ['admin'] } },
    async (request, reply) => {
      const cards = await app.admin.mintCards({ ...request.body, publicUrl: app.config.PUBLIC_URL });
      request.log.info({ count: cards.length }, 'minted unadopted cards');
      reply.header('cache-control', 'no-store');
      return cards;
    },
  );

  r.post(
    '/api/admin/cards/:contactId/unlock',
    { schema: { security: SECURITY.admin, params: z.object({ contactId: z.string().min(1).max(100) }), summary: 'Clear the guessing counters of a card (PIN and adoption)', tags: ['admin'] } },
    async (request) => app.admin.unlockCard(request.params.contactId),
  );

  r.post(
    '/api/admin/cards/:contactId/passcode',
    { schema: { security: SECURITY.admin, params: z.object({ contactId: z.string().min(1).max(100) }), summary: 'A new passcode for an unadopted card (shown only in this answer)', tags: ['admin'] } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.admin.replacePasscode(request.params.contactId, app.config.PUBLIC_URL);
    },
  );

  r.post(
    '/api/admin/corporates',
    { schema: { security: SECURITY.admin, body: ZCreateCorporateBody, summary: 'Create a corporate account, its profile and members', tags: ['admin'] } },
    async (request, reply) => {
      const created = await app.admin.createCorporate(request.body);
      return reply.status(201).send(created);
    },
  );
}
