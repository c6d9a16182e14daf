import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAssigneeInput, ZBusinessCard, ZBusinessCardInput, ZCorporateTemplate, ZCorporateTemplateInput } from '@vbc/shared/team-template';
import { CORPORATE_ROLES, type CorporateRole } from '../platform/db/schema/index.ts';
import { SECURITY } from '../platform/plugins/docs.ts';
import { uuidParam } from '../platform/http/params.ts';
import { ADMIN_ROLES } from './membership.ts';
import { consoleCaller } from './console-caller.ts';

const tags = ['corporate console'];
const ZCorporateParams = z.object({ corporateAccountId: uuidParam('a corporate account') });
const ZCardParams = ZCorporateParams.extend({ virtualContactId: uuidParam('a card') });
const noStore = { 'cache-control': 'private, no-store' };

/**
 * Teams (issue 27): the brand template (members read, admins write) and the cards the business
 * owns (admin). A non-member gets 404, a member without the role 403, as the rest of the console.
 */
export default async function templateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const member = async (request: FastifyRequest, corporateAccountId: string, roles: readonly CorporateRole[]) =>
    (await consoleCaller(app, request, corporateAccountId, roles)).account;

  r.get(
    '/api/corporate/:corporateAccountId/template',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        response: { 200: ZCorporateTemplate },
        tags,
        summary: "The business's brand template: what its linked cards show, and which fields are locked (any member)",
      },
    },
    async (request, reply) => {
      await member(request, request.params.corporateAccountId, CORPORATE_ROLES);
      reply.headers(noStore);
      return app.corporate.findTemplate(request.params.corporateAccountId);
    },
  );

  r.put(
    '/api/corporate/:corporateAccountId/template',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        body: ZCorporateTemplateInput,
        response: { 200: ZCorporateTemplate },
        tags,
        summary: 'Console: replace the brand template; every linked card shows it at once (admin)',
      },
    },
    async (request, reply) => {
      const account = await member(request, request.params.corporateAccountId, ADMIN_ROLES);
      reply.headers(noStore);
      return app.corporate.updateTemplate(account.id, request.params.corporateAccountId, request.body);
    },
  );

  r.get(
    '/api/corporate/:corporateAccountId/cards',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        response: { 200: z.array(ZBusinessCard) },
        tags,
        summary: 'Console: the cards the business owns, with their assignees (admin)',
      },
    },
    async (request, reply) => {
      await member(request, request.params.corporateAccountId, ADMIN_ROLES);
      reply.headers(noStore);
      return app.corporate.listBusinessCards(request.params.corporateAccountId);
    },
  );

  r.post(
    '/api/corporate/:corporateAccountId/cards',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        body: ZBusinessCardInput,
        response: { 201: ZBusinessCard },
        tags,
        summary: 'Console: create a card the business owns, optionally assigned to a member (admin)',
      },
    },
    async (request, reply) => {
      const account = await member(request, request.params.corporateAccountId, ADMIN_ROLES);
      const card = await app.corporate.createBusinessCard(account.id, request.params.corporateAccountId, request.body);
      return reply.status(201).headers(noStore).send(card);
    },
  );

  r.put(
    '/api/corporate/:corporateAccountId/cards/:virtualContactId/assignee',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCardParams,
        body: ZAssigneeInput,
        response: { 200: ZBusinessCard },
        tags,
        summary: 'Console: assign a business-owned card to a member, or take it back with null (admin)',
      },
    },
    async (request, reply) => {
      await member(request, request.params.corporateAccountId, ADMIN_ROLES);
      reply.headers(noStore);
      return app.corporate.setAssignee(request.params.corporateAccountId, request.params.virtualContactId, request.body.accountId);
    },
  );
}
