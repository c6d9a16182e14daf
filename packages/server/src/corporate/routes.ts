import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { corporateProfiles, displayItems } from '../db/schema/index.ts';
import { notFound } from '../errors/app-error.ts';
import { presentCorporate } from './present-corporate.ts';

/** SPEC §7 corporate profile reads, by profile id and by card. */
export default async function corporateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function loadProfile(id: string) {
    const [row] = await app.db.select().from(corporateProfiles).where(eq(corporateProfiles.id, id)).limit(1);
    if (!row) throw notFound('corporate profile');
    const ids = [row.heroImageDisplayId, row.profileImageDisplayId].filter((v): v is string => !!v);
    const images = ids.length
      ? await app.db.select({ id: displayItems.id, obsecuredId: displayItems.obsecuredId }).from(displayItems).where(inArray(displayItems.id, ids))
      : [];
    const obsecured = (id: string | null) => images.find((i) => i.id === id)?.obsecuredId ?? null;
    return presentCorporate(row, { hero: obsecured(row.heroImageDisplayId), profile: obsecured(row.profileImageDisplayId) });
  }

  r.get(
    '/api/vbc/corporateProfile/:corporateProfileId',
    { schema: { params: z.object({ corporateProfileId: z.string().uuid('must be a corporate profile id') }), tags: ['corporate'] } },
    async (request) => loadProfile(request.params.corporateProfileId.toLowerCase()),
  );

  r.get(
    '/api/vbc/virtualContact/:contactId/corporateInfo',
    { schema: { params: z.object({ contactId: z.string().min(1).max(100) }), tags: ['corporate'] } },
    async (request) => {
      const { row } = await app.contacts.getPublic(request.params.contactId);
      if (!row.corporateProfileId) throw notFound('corporate profile');
      return loadProfile(row.corporateProfileId);
    },
  );
}
