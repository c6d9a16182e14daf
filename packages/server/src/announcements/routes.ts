import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAnnouncement,
  ZAnnouncementList,
  ZAuthoredAnnouncement,
  ZCorporateAnnouncementInput,
  ZCorporateAnnouncementUpdate,
} from '@vbc/shared/announcement';
import { requireAccount } from '../platform/plugins/auth.ts';
import { JSON_CONTENT_TYPE, SECURITY, ZNoContent, documentedOnly, orJsonText } from '../platform/plugins/docs.ts';
import { EDITOR_ROLES } from '../corporate/index.ts';
import { uuidParam } from '../platform/http/params.ts';
import { consoleCaller } from '../corporate/index.ts';

const tags = ['announcements'];
const ZAnnouncementParams = z.object({ announcementId: uuidParam('an announcement') });
const ZCorporateParams = z.object({ corporateAccountId: uuidParam('a corporate account') });
const ZCorporateAnnouncementParams = ZCorporateParams.extend({ id: uuidParam('an announcement') });

/** docs/contracts.md §7 and docs/contracts.md §D4 announcement reads, and the console's writes (admin and editor roles). */
export default async function announcementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/personalAccount/announcements',
    {
      ...documentedOnly,
      schema: {
        security: SECURITY.bearer,
        response: { 200: orJsonText(ZAnnouncementList) },
        tags,
        summary: 'Announcements this account received, newest first, each with isRead',
      },
    },
    async (request, reply) => {
      const list = await app.announcements.listAnnouncements(requireAccount(request).id);
      return reply.header('cache-control', 'private, no-store').header('content-type', JSON_CONTENT_TYPE).send(list);
    },
  );

  r.get(
    '/api/personalAccount/announcement/:announcementId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZAnnouncementParams,
        response: { 200: ZAnnouncement },
        tags,
        summary: 'One announcement this account received (404 for anyone else)',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return app.announcements.findAnnouncement(requireAccount(request).id, request.params.announcementId);
    },
  );

  r.post(
    '/api/personalAccount/announcement/:announcementId/read',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZAnnouncementParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'Mark an announcement read',
      },
    },
    async (request, reply) => {
      await app.announcements.markAnnouncementRead(requireAccount(request).id, request.params.announcementId);
      return reply.code(204).send(null);
    },
  );

  /** The caller, if an admin or editor of the business; else 404 (non-member) or 403. */
  const editor = async (request: FastifyRequest, corporateAccountId: string) =>
    (await consoleCaller(app, request, corporateAccountId, EDITOR_ROLES)).account;

  r.get(
    '/api/corporate/:corporateAccountId/announcements',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        response: { 200: z.array(ZAuthoredAnnouncement) },
        tags,
        summary: "Console: the business's announcements, drafts included",
      },
    },
    async (request, reply) => {
      await editor(request, request.params.corporateAccountId);
      reply.header('cache-control', 'private, no-store');
      return app.announcements.listCorporateAnnouncements(request.params.corporateAccountId);
    },
  );

  r.post(
    '/api/corporate/:corporateAccountId/announcements',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        body: ZCorporateAnnouncementInput,
        response: { 201: ZAuthoredAnnouncement },
        tags,
        summary: 'Console: write an announcement (published at once unless publish is false)',
      },
    },
    async (request, reply) => {
      const account = await editor(request, request.params.corporateAccountId);
      const result = await app.announcements.createAnnouncement(
        { kind: 'member', accountId: account.id },
        request.params.corporateAccountId,
        request.body,
      );
      app.announcements.announce(result);
      return reply.code(201).send(result.announcement);
    },
  );

  r.get(
    '/api/corporate/:corporateAccountId/announcements/:id',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateAnnouncementParams,
        response: { 200: ZAuthoredAnnouncement },
        tags,
        summary: 'Console: one announcement (drafts too)',
      },
    },
    async (request, reply) => {
      await editor(request, request.params.corporateAccountId);
      reply.header('cache-control', 'private, no-store');
      return app.announcements.findAuthoredAnnouncement(request.params.corporateAccountId, request.params.id);
    },
  );

  r.put(
    '/api/corporate/:corporateAccountId/announcements/:id',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateAnnouncementParams,
        body: ZCorporateAnnouncementUpdate,
        response: { 200: ZAuthoredAnnouncement },
        tags,
        summary: 'Console: edit an announcement (lastUpdatedAt moves); publish: true publishes a draft',
      },
    },
    async (request) => {
      const account = await editor(request, request.params.corporateAccountId);
      const { corporateAccountId, id } = request.params;
      const result = await app.announcements.updateAnnouncement(
        { kind: 'member', accountId: account.id },
        corporateAccountId,
        id,
        request.body,
      );
      app.announcements.announce(result);
      return result.announcement;
    },
  );

  r.delete(
    '/api/corporate/:corporateAccountId/announcements/:id',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateAnnouncementParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'Console: withdraw an announcement',
      },
    },
    async (request, reply) => {
      await editor(request, request.params.corporateAccountId);
      await app.announcements.withdrawAnnouncement(request.params.corporateAccountId, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
