import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardShareUrl, isPinProtected, vcardFileName, writeVCard } from '@vbc/shared';
import { AppError, notFound } from '../errors/app-error.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { isUnadopted, presentContact, publicContactJson, type ContactRow } from './presenter.ts';
import { SECURITY, binary, documentedOnly, orJsonText } from '../plugins/docs.ts';
import { ZVirtualContact } from './responses.ts';

const ZContactParams = z.object({ contactId: z.string().min(1).max(100) });
const ZDownloadQuery = z.object({ accessToken: z.string().max(200).optional() });

/** SPEC §7 public card read, the vCard download and the share-link redirects. */
export default async function publicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const isOwner = (row: ContactRow, accountId: string | undefined) => !!accountId && row.ownerAccountId === accountId;

  r.get(
    '/api/vbc/virtualcontact/:contactId',
    { ...documentedOnly, schema: { security: SECURITY.optionalBearer, response: { 200: orJsonText(ZVirtualContact) }, params: ZContactParams, summary: 'A card by full id or quickId (SPEC §3 VirtualContact)', tags: ['cards'] } },
    async (request, reply) => {
      const found = await app.cards.getPublic(request.params.contactId);
      const { row, picture } = found;
      const owner = isOwner(row, request.account?.id);
      reply.header('cache-control', 'private, no-store');
      if (owner) return presentContact(row, picture, { revealContactInfo: true });
      if (!isUnadopted(row)) app.cards.stats.record(row.id, 'view');
      return reply.type('application/json; charset=utf-8').send(publicContactJson(found));
    },
  );

  r.get(
    '/ds/vbc/download/i/:contactId',
    { schema: { security: SECURITY.optionalBearer, response: { 200: binary('text/vcard', 'The card as a vCard 3.0 file') }, params: ZContactParams, querystring: ZDownloadQuery, summary: 'The card as a vCard 3.0 file', tags: ['cards'] } },
    async (request, reply) => {
      const { row, picture } = await app.cards.getPublic(request.params.contactId);
      if (isUnadopted(row)) throw notFound('card');
      const owner = isOwner(row, request.account?.id);
      if (isPinProtected(row) && !owner && !app.cards.verifyPinAccess(row, request.query.accessToken)) {
        throw new AppError('forbidden', 'This card is protected by a PIN: enter the PIN to download it.');
      }
      const contact = presentContact(row, picture, { revealContactInfo: true });
      const photo = await app.cards.vcardPhoto(picture);
      const vcard = writeVCard(contact, { photo, url: cardShareUrl(app.config.PUBLIC_URL, contact) });
      if (!owner) app.cards.stats.record(row.id, 'download');
      return reply
        .header('content-type', 'text/vcard; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', vcardFileName(contact)))
        .header('cache-control', 'private, no-store')
        .send(vcard);
    },
  );

  r.get('/ds/vbc/i/:contactId', { schema: { params: ZContactParams, hide: true } }, async (request, reply) => {
    const { row } = await app.cards.getPublic(request.params.contactId);
    return reply.redirect(`/vbc/${row.quickId}`, 302);
  });

  r.get('/ds/vp/i/:petId', { schema: { params: z.object({ petId: z.string().uuid('must be a pet id') }), hide: true } }, async (request, reply) =>
    reply.redirect(`/vbc/p/${request.params.petId.toLowerCase()}`, 302),
  );
}
