import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCorporateProfile } from '@vbc/shared';
import { ZFollowState } from '@vbc/shared/corporate';
import { notFound } from '../platform/errors/app-error.ts';
import { requireAccount } from '../platform/plugins/auth.ts';
import { SECURITY, ZNoContent } from '../platform/plugins/docs.ts';
import { uuidParam } from '../platform/http/params.ts';

const tags = ['corporate'];
const ZProfileParams = z.object({ corporateProfileId: uuidParam('a corporate profile') });
const ZCardLinkParams = z.object({
  corporateAccountId: uuidParam('a corporate account'),
  virtualContactId: uuidParam('a virtual contact'),
});

/** docs/contracts.md §7 corporate profile reads, by profile id and by card; following a business; linking members' cards. */
export default async function corporateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/vbc/corporateProfile/:corporateProfileId',
    { schema: { security: SECURITY.none, response: { 200: ZCorporateProfile }, params: ZProfileParams, tags } },
    async (request) => app.corporate.findCorporateProfile(request.params.corporateProfileId),
  );

  r.get(
    '/api/vbc/virtualContact/:contactId/corporateInfo',
    {
      schema: {
        security: SECURITY.none,
        response: { 200: ZCorporateProfile },
        params: z.object({ contactId: z.string().min(1).max(100) }),
        tags,
      },
    },
    async (request) => {
      const { row } = await app.cards.getPublic(request.params.contactId);
      if (!row.corporateProfileId) throw notFound('corporate profile');
      return app.corporate.findCorporateProfile(row.corporateProfileId);
    },
  );

  r.get(
    '/api/vbc/corporateProfile/:corporateProfileId/follow',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZProfileParams,
        response: { 200: ZFollowState },
        tags,
        summary: 'Whether the caller follows this business (Follow / Following)',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return app.corporate.followState(requireAccount(request).id, request.params.corporateProfileId);
    },
  );

  r.put(
    '/api/vbc/corporateProfile/:corporateProfileId/follow',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZProfileParams,
        response: { 200: ZFollowState },
        tags,
        summary: 'Follow a business: receive its announcements, see its directory',
      },
    },
    async (request) => app.corporate.setFollowing(requireAccount(request).id, request.params.corporateProfileId, true),
  );

  r.delete(
    '/api/vbc/corporateProfile/:corporateProfileId/follow',
    {
      schema: { security: SECURITY.bearer, params: ZProfileParams, response: { 200: ZFollowState }, tags, summary: 'Unfollow a business' },
    },
    async (request) => app.corporate.setFollowing(requireAccount(request).id, request.params.corporateProfileId, false),
  );

  r.post(
    '/api/corporate/:corporateAccountId/cards/:virtualContactId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCardLinkParams,
        response: { 204: ZNoContent },
        tags,
        summary: "Link a member's card to the business (its owner, or a business admin)",
      },
    },
    async (request, reply) => {
      const { corporateAccountId, virtualContactId } = request.params;
      await app.corporate.linkCard(requireAccount(request).id, corporateAccountId, virtualContactId);
      return reply.code(204).send(null);
    },
  );

  r.delete(
    '/api/corporate/:corporateAccountId/cards/:virtualContactId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCardLinkParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'Unlink a card from the business (its owner, or a business admin)',
      },
    },
    async (request, reply) => {
      const { corporateAccountId, virtualContactId } = request.params;
      await app.corporate.unlinkCard(requireAccount(request).id, corporateAccountId, virtualContactId);
      return reply.code(204).send(null);
    },
  );
}
