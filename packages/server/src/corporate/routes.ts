import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors/app-error.ts';
import { SECURITY } from '../plugins/docs.ts';

/** SPEC §7 corporate profile reads, by profile id and by card. */
export default async function corporateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/vbc/corporateProfile/:corporateProfileId',
    { schema: { security: SECURITY.none, params: z.object({ corporateProfileId: z.string().uuid('must be a corporate profile id') }), tags: ['corporate'] } },
    async (request) => app.corporate.findCorporateProfile(request.params.corporateProfileId.toLowerCase()),
  );

  r.get(
    '/api/vbc/virtualContact/:contactId/corporateInfo',
    { schema: { security: SECURITY.none, params: z.object({ contactId: z.string().min(1).max(100) }), tags: ['corporate'] } },
    async (request) => {
      const { row } = await app.cards.getPublic(request.params.contactId);
      if (!row.corporateProfileId) throw notFound('corporate profile');
      return app.corporate.findCorporateProfile(row.corporateProfileId);
    },
  );
}
