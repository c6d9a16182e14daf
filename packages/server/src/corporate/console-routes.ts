import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCorporateConsole,
  ZCorporateMember,
  ZCorporateProfileInput,
  ZCorporateRole,
  ZDirectorySwitch,
  ZInvitation,
  ZInvitationInput,
  ZManagedBusiness,
  ZMyInvitation,
  ZRoleChange,
} from '@vbc/shared/corporate';
import type { CorporateRole } from '../platform/db/schema/index.ts';
import { requireAccount } from '../platform/plugins/auth.ts';
import { SECURITY, ZNoContent } from '../platform/plugins/docs.ts';
import { ADMIN_ROLES, EDITOR_ROLES } from './membership.ts';
import { uuidParam } from '../platform/http/params.ts';
import { consoleCaller } from './console-caller.ts';

const tags = ['corporate console'];
const ZCorporateParams = z.object({ corporateAccountId: uuidParam('a corporate account') });
const ZMemberParams = ZCorporateParams.extend({ accountId: uuidParam('an account') });
const ZInvitationParams = ZCorporateParams.extend({ invitationId: uuidParam('an invitation') });
const ZMyInvitationParams = z.object({ invitationId: uuidParam('an invitation') });
const ZAccepted = z.object({ corporateAccountId: z.string(), role: ZCorporateRole, virtualContactId: z.string().nullable() });
const noStore = { 'cache-control': 'private, no-store' };

/**
 * The corporate console (issue 11): the profile (admin, editor), members, invitations and the
 * directory switch (admin); the invitee's own invitations; the businesses the menu lists.
 * A non-member gets 404 for a business's console data, a member without the role 403, as the
 * console's announcement routes answer.
 */
export default async function consoleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The caller and their role, if they hold one of `roles` in the business; else 404 (non-member) or 403. */
  const member = (request: FastifyRequest, corporateAccountId: string, roles: readonly CorporateRole[]) =>
    consoleCaller(app, request, corporateAccountId, roles);

  r.get(
    '/api/personalAccount/businesses',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: z.array(ZManagedBusiness) },
        tags,
        summary: 'Businesses where the caller is admin or editor (the menu lists their consoles)',
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return app.corporate.managedBusinesses(requireAccount(request).id);
    },
  );

  r.get(
    '/api/corporate/:corporateAccountId/profile',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        response: { 200: ZCorporateConsole },
        tags,
        summary: 'Console: the corporate profile, verification and directory switch (admin, editor)',
      },
    },
    async (request, reply) => {
      const { role } = await member(request, request.params.corporateAccountId, EDITOR_ROLES);
      reply.headers(noStore);
      return app.corporate.findConsole(request.params.corporateAccountId, role);
    },
  );

  r.put(
    '/api/corporate/:corporateAccountId/profile',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        body: ZCorporateProfileInput,
        response: { 200: ZCorporateConsole },
        tags,
        summary: 'Console: replace the corporate profile (admin, editor); lastUpdatedAt moves',
      },
    },
    async (request) => {
      const { account, role } = await member(request, request.params.corporateAccountId, EDITOR_ROLES);
      return app.corporate.updateCorporateProfile(account.id, request.params.corporateAccountId, request.body, role);
    },
  );

  r.put(
    '/api/corporate/:corporateAccountId/directory',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        body: ZDirectorySwitch,
        response: { 200: ZDirectorySwitch },
        tags,
        summary: 'Console: open the business directory to anyone with the link, or close it (admin)',
      },
    },
    async (request) => {
      const { account } = await member(request, request.params.corporateAccountId, ADMIN_ROLES);
      return app.corporate.setDirectoryPublic(account.id, request.params.corporateAccountId, request.body.directoryPublic);
    },
  );

  r.get(
    '/api/corporate/:corporateAccountId/members',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        response: { 200: z.array(ZCorporateMember) },
        tags,
        summary: "Console: the business's members with their roles (admin, editor)",
      },
    },
    async (request, reply) => {
      await member(request, request.params.corporateAccountId, EDITOR_ROLES);
      reply.headers(noStore);
      return app.corporate.listMembers(request.params.corporateAccountId);
    },
  );

  r.put(
    '/api/corporate/:corporateAccountId/members/:accountId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZMemberParams,
        body: ZRoleChange,
        response: { 200: ZCorporateMember },
        tags,
        summary: "Console: change a member's role (admin; never the last admin's, 409)",
      },
    },
    async (request) => {
      const { account } = await member(request, request.params.corporateAccountId, ADMIN_ROLES);
      return app.corporate.changeRole(account.id, request.params.corporateAccountId, request.params.accountId, request.body.role);
    },
  );

  r.delete(
    '/api/corporate/:corporateAccountId/members/:accountId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZMemberParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'Console: remove a member and unlink their cards (admin; never the last admin, 409)',
      },
    },
    async (request, reply) => {
      const { account } = await member(request, request.params.corporateAccountId, ADMIN_ROLES);
      await app.corporate.removeMember(account.id, request.params.corporateAccountId, request.params.accountId);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/corporate/:corporateAccountId/invitations',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        response: { 200: z.array(ZInvitation) },
        tags,
        summary: "Console: the business's pending invitations (admin)",
      },
    },
    async (request, reply) => {
      await member(request, request.params.corporateAccountId, ADMIN_ROLES);
      reply.headers(noStore);
      return app.corporate.listInvitations(request.params.corporateAccountId);
    },
  );

  r.post(
    '/api/corporate/:corporateAccountId/invitations',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        body: ZInvitationInput,
        response: { 201: ZInvitation },
        tags,
        summary: 'Console: invite an e-mail or phone with a role (admin); 409 for a member or a pending invitation',
      },
    },
    async (request, reply) => {
      const { account } = await member(request, request.params.corporateAccountId, ADMIN_ROLES);
      return reply.code(201).send(await app.corporate.createInvitation(account.id, request.params.corporateAccountId, request.body));
    },
  );

  r.delete(
    '/api/corporate/:corporateAccountId/invitations/:invitationId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZInvitationParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'Console: revoke a pending invitation (admin)',
      },
    },
    async (request, reply) => {
      const { account } = await member(request, request.params.corporateAccountId, ADMIN_ROLES);
      await app.corporate.revokeInvitation(account.id, request.params.corporateAccountId, request.params.invitationId);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/personalAccount/invitations',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: z.array(ZMyInvitation) },
        tags,
        summary: "The caller's pending invitations (to the e-mail or phone they sign in with)",
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return app.corporate.myInvitations(requireAccount(request).id);
    },
  );

  r.post(
    '/api/personalAccount/invitations/:invitationId/accept',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZMyInvitationParams,
        response: { 200: ZAccepted },
        tags,
        summary: 'Accept an invitation: become a member with the invited role (an imported one also creates a linked card)',
      },
    },
    async (request) => app.corporate.acceptInvitation(requireAccount(request).id, request.params.invitationId),
  );

  r.post(
    '/api/personalAccount/invitations/:invitationId/decline',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZMyInvitationParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'Decline an invitation',
      },
    },
    async (request, reply) => {
      await app.corporate.declineInvitation(requireAccount(request).id, request.params.invitationId);
      return reply.code(204).send(null);
    },
  );
}
