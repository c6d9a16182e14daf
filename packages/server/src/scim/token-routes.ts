import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZScimToken, ZScimTokenCreated } from '@vbc/shared/scim';
import { ADMIN_ROLES } from '../corporate/index.ts';
import { requireAccount } from '../platform/plugins/auth.ts';
import { SECURITY, ZNoContent } from '../platform/plugins/docs.ts';
import { uuidParam } from '../platform/http/params.ts';
import { consoleCaller } from '../corporate/index.ts';

const tags = ['corporate console'];
const ZCorporateParams = z.object({ corporateAccountId: uuidParam('a corporate account') });
const ZTokenParams = ZCorporateParams.extend({ tokenId: uuidParam('a SCIM token') });
const noStore = { 'cache-control': 'private, no-store' };

/** The console's SCIM tokens (issue 27, admins): make one (shown once), list them, revoke one. */
export default async function scimTokenRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = async (request: FastifyRequest, corporateAccountId: string) =>
    (await consoleCaller(app, request, corporateAccountId, ADMIN_ROLES)).account;

  r.get(
    '/api/corporate/:corporateAccountId/scim-tokens',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        response: { 200: z.array(ZScimToken) },
        tags,
        summary: "Console: the business's SCIM tokens, never the tokens themselves (admin)",
      },
    },
    async (request, reply) => {
      await admin(request, request.params.corporateAccountId);
      reply.headers(noStore);
      return app.scim.listScimTokens(request.params.corporateAccountId);
    },
  );

  r.post(
    '/api/corporate/:corporateAccountId/scim-tokens',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        response: { 201: ZScimTokenCreated },
        tags,
        summary: 'Console: make a SCIM token; the answer is the only time it is shown (admin)',
      },
    },
    async (request, reply) => {
      const account = await admin(request, request.params.corporateAccountId);
      reply.headers(noStore);
      return reply.code(201).send(await app.scim.createScimToken(request.params.corporateAccountId, account.id));
    },
  );

  r.delete(
    '/api/corporate/:corporateAccountId/scim-tokens/:tokenId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZTokenParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'Console: revoke a SCIM token at once (admin)',
      },
    },
    async (request, reply) => {
      await admin(request, request.params.corporateAccountId);
      await app.scim.revokeScimToken(request.params.corporateAccountId, request.params.tokenId, requireAccount(request).id);
      return reply.code(204).send(null);
    },
  );
}
