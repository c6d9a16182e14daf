import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDesign } from '@vbc/shared';
import { forbidden, notConfigured, unauthorized } from '../platform/errors/app-error.ts';
import { bearerToken } from '../platform/plugins/auth.ts';
import { adminTokenMatches, resolveAdminToken } from './admin-token.ts';
import { ZCreateCorporateBody, ZCreatedCorporate } from './create-corporate.ts';
import { ZMintedCard } from './mint-cards.ts';
import { SECURITY } from '../platform/plugins/docs.ts';
import { ZAdminAnnouncementInput, ZAuthoredAnnouncement } from '@vbc/shared/announcement';
import { DOCUMENT_MAX_BYTES, PICTURE_MAX_BYTES } from '@vbc/shared/files';
import { readUpload, ZDisplayUpload, ZDocumentUpload } from '../files/index.ts';
import { ZCorporateDomain, ZDomainName, ZVouchDomain } from '@vbc/shared/sso';
import { uuidParam } from '../platform/http/params.ts';

/** POST /api/admin/cards/mint body. */
export const ZMintBody = z.object({
  count: z.number().int().min(1).max(1000),
  design: ZDesign.default('default'),
});

/**
 * The operators' API (docs/contracts.md §D9), behind `Authorization: Bearer <ADMIN_TOKEN>`:
 * no token → 401, a wrong one → 403 (compared in constant time). The hook
 * is encapsulated in this plugin, so it guards only these routes.
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
    {
      schema: {
        security: SECURITY.admin,
        response: { 200: z.array(ZMintedCard) },
        body: ZMintBody,
        summary: 'Mint unadopted cards; each passcode is shown only in this answer',
        tags: ['admin'],
      },
    },
    async (request, reply) => {
      const cards = await app.admin.mintCards({ ...request.body, publicUrl: app.config.PUBLIC_URL });
      request.log.info({ count: cards.length }, 'minted unadopted cards');
      reply.header('cache-control', 'no-store');
      return cards;
    },
  );

  r.post(
    '/api/admin/cards/:contactId/unlock',
    {
      schema: {
        security: SECURITY.admin,
        response: { 200: z.object({ virtualContactId: z.string(), unlocked: z.literal(true) }) },
        params: z.object({ contactId: z.string().min(1).max(100) }),
        summary: 'Clear the guessing counters of a card (PIN and adoption)',
        tags: ['admin'],
      },
    },
    async (request) => app.admin.unlockCard(request.params.contactId),
  );

  r.post(
    '/api/admin/cards/:contactId/passcode',
    {
      schema: {
        security: SECURITY.admin,
        response: { 200: ZMintedCard },
        params: z.object({ contactId: z.string().min(1).max(100) }),
        summary: 'A new passcode for an unadopted card (shown only in this answer)',
        tags: ['admin'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.admin.replacePasscode(request.params.contactId, app.config.PUBLIC_URL);
    },
  );

  r.post(
    '/api/admin/corporates',
    {
      schema: {
        security: SECURITY.admin,
        response: { 201: ZCreatedCorporate },
        body: ZCreateCorporateBody,
        summary: 'Create a corporate account, its profile and members',
        tags: ['admin'],
      },
    },
    async (request, reply) => {
      const created = await app.admin.createCorporate(request.body);
      return reply.status(201).send(created);
    },
  );

  r.put(
    '/api/admin/corporates/:corporateAccountId/domains/:domain',
    {
      schema: {
        security: SECURITY.admin,
        params: z.object({ corporateAccountId: uuidParam('a corporate account'), domain: ZDomainName }),
        body: ZVouchDomain,
        response: { 200: ZCorporateDomain },
        summary: "Vouch for a business's domain (verified: true), or withdraw it (false); adds the domain when missing",
        tags: ['admin'],
      },
    },
    async (request) => {
      const { corporateAccountId, domain } = request.params;
      const result = await app.sso.vouchDomain(corporateAccountId, domain, request.body.verified);
      request.log.info({ corporateAccountId, domain, verified: result.verified }, 'operator set a domain');
      return result;
    },
  );

  r.post(
    '/api/admin/announcements',
    {
      schema: {
        security: SECURITY.admin,
        body: ZAdminAnnouncementInput,
        response: { 201: ZAuthoredAnnouncement },
        summary: 'Publish an announcement: product-wide, or for a business (corporateAccountId)',
        tags: ['admin'],
      },
    },
    async (request, reply) => {
      const { corporateAccountId, ...input } = request.body;
      const result = await app.announcements.createAnnouncement({ kind: 'operator' }, corporateAccountId, { ...input, corporateAccountId });
      app.announcements.announce(result);
      request.log.info(
        { announcementId: result.announcement.announcementId, recipients: result.published?.recipients.length },
        'announcement published',
      );
      return reply.status(201).send(result.announcement);
    },
  );

  // The operator's files for announcements (the CLI's --image and --attach): judged by their bytes as
  // every upload is, owned by no account (no quota).
  r.post(
    '/api/admin/files/display',
    {
      config: { multipartFile: { field: 'file', description: 'The picture' } },
      schema: {
        security: SECURITY.admin,
        response: { 201: ZDisplayUpload },
        summary: 'Upload a picture for an announcement (multipart field "file")',
        tags: ['admin'],
      },
    },
    async (request, reply) =>
      reply.status(201).send(await app.files.uploadDisplayImage(null, await readUpload(request, PICTURE_MAX_BYTES, 'picture'))),
  );

  r.post(
    '/api/admin/files/document',
    {
      config: { multipartFile: { field: 'file', description: 'The document' } },
      schema: {
        security: SECURITY.admin,
        response: { 201: ZDocumentUpload },
        summary: 'Upload a document for an announcement (multipart field "file")',
        tags: ['admin'],
      },
    },
    async (request, reply) =>
      reply.status(201).send(await app.files.uploadDocument(null, await readUpload(request, DOCUMENT_MAX_BYTES, 'document'))),
  );
}
