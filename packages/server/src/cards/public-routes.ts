import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../platform/http/content-disposition.ts';
import { notFoundPage, wantsHtml } from '../platform/http/not-found-page.ts';
import { AppError } from '../platform/errors/app-error.ts';
import type { FoundContact } from './find-contact.ts';
import { presentContact, publicContactJson, type ContactRow } from './present-card.ts';
import { SECURITY, ZNoContent, binary, documentedOnly, orJsonText } from '../platform/plugins/docs.ts';
import { ZVirtualContact } from './response-schemas.ts';
import { VCARD_VERSION_QUERY, vcardFormat } from './vcard-format.ts';

/** A WebFinger answer (RFC 7033 §4.4), as cards/webfinger.ts builds it. */
const ZJrd = z.object({
  subject: z.string(),
  aliases: z.array(z.string()),
  links: z.array(z.object({ rel: z.string(), type: z.string().optional(), href: z.string() })),
});

/** docs/contracts.md §7: the card by id or quickId. */
const CARD_ROUTE = '/api/vbc/virtualcontact/:contactId';
const ZContactParams = z.object({ contactId: z.string().min(1).max(100) });
const ZDownloadQuery = z.object({
  accessToken: z.string().max(200).optional(),
  version: z.enum(VCARD_VERSION_QUERY, 'must be 3 or 4').optional(),
});

/** docs/contracts.md §7 public card read, the vCard download and the share-link redirects. */
export default async function publicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const isOwner = (row: ContactRow, accountId: string | undefined) => !!accountId && row.ownerAccountId === accountId;

  /** A visitor's read of a card: its public JSON. The page that shows it counts the view (POST …/view). */
  const visitorRead = (found: FoundContact): string => publicContactJson(found);
  const CARD_HEADERS = { 'cache-control': 'private, no-store', 'content-type': 'application/json; charset=utf-8' };

  r.get(
    CARD_ROUTE,
    {
      ...documentedOnly,
      schema: {
        security: SECURITY.optionalBearer,
        response: { 200: orJsonText(ZVirtualContact) },
        params: ZContactParams,
        summary: 'A card by full id or quickId (docs/contracts.md §3 VirtualContact)',
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const found = await app.cards.getPublic(request.params.contactId);
      if (isOwner(found.row, request.account?.id)) {
        reply.header('cache-control', CARD_HEADERS['cache-control']);
        return presentContact(found.row, found.picture, { revealContactInfo: true });
      }
      return reply.headers(CARD_HEADERS).send(visitorRead(found));
    },
  );
  // A visitor's read of a card this instance has cached is answered before routing (http/fast-reads.ts).
  app.fastReads.add({
    route: CARD_ROUTE,
    headers: CARD_HEADERS,
    answer: (contactId) => {
      const found = app.cards.cachedPublic(contactId);
      return found && visitorRead(found);
    },
  });

  r.post(
    `${CARD_ROUTE}/view`,
    {
      schema: {
        security: SECURITY.optionalBearer,
        response: { 204: ZNoContent },
        params: ZContactParams,
        summary: "Count a view of the card: once per visitor per day, never the owner's (issue 30)",
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const found = await app.cards.getPublic(request.params.contactId);
      await app.cards.countView(found.row, {
        accountId: request.account?.id ?? null,
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/ds/vbc/download/i/:contactId',
    {
      schema: {
        security: SECURITY.optionalBearer,
        response: {
          200: {
            description: 'The card as a vCard 3.0 file (the default), a vCard 4.0 file or a jCard',
            content: {
              ...binary('text/vcard', '').content,
              ...binary('application/vcard+json', '').content,
            },
          },
        },
        params: ZContactParams,
        querystring: ZDownloadQuery,
        summary:
          'The card as a vCard: 3.0 by default; 4.0 (RFC 6350) for ?version=4 or Accept: text/vcard;version=4.0; jCard (RFC 7095) for Accept: application/vcard+json',
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      reply.header('vary', 'accept');
      const format = vcardFormat(request.query.version, request.headers.accept);
      const { body, contentType, fileName } = await app.cards.downloadVCard({
        contactId: request.params.contactId,
        accountId: request.account?.id,
        accessToken: request.query.accessToken,
        format,
      });
      return reply
        .header('content-type', contentType)
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  r.get(
    '/.well-known/webfinger',
    {
      // The JRD is sent as text with its own content type (application/jrd+json); the schema documents it.
      ...documentedOnly,
      // RFC 7033 §5: any origin may read it, errors included.
      onRequest: (_request, reply, done) => {
        reply.header('access-control-allow-origin', '*');
        done();
      },
      schema: {
        security: SECURITY.none,
        querystring: z.object({
          resource: z.string('is required: acct:{quickId}@{host}').trim().min(1, 'is required: acct:{quickId}@{host}').max(500),
          rel: z.union([z.string().max(200), z.array(z.string().max(200)).max(10)]).optional(),
        }),
        response: { 200: orJsonText(ZJrd) },
        summary: 'WebFinger (RFC 7033): a card as acct:{quickId}@{host} → its JRD (profile page, picture, vCard)',
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const rel = request.query.rel === undefined ? [] : [request.query.rel].flat();
      const jrd = await app.cards.cardWebFinger({ resource: request.query.resource, rel });
      return reply.header('content-type', 'application/jrd+json; charset=utf-8').send(JSON.stringify(jrd));
    },
  );

  // A wrong short link: a browser gets the designed not-found page, an API client the JSON error (issue 30).
  r.get('/ds/vbc/i/:contactId', { schema: { params: ZContactParams, hide: true } }, async (request, reply) => {
    const found = await app.cards.getPublic(request.params.contactId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found' && wantsHtml(request)) return null;
      throw error;
    });
    if (!found) return reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(notFoundPage('card'));
    return reply.redirect(`/vbc/${found.row.quickId}`, 302);
  });

  r.get(
    '/ds/vp/i/:petId',
    { schema: { params: z.object({ petId: z.string().uuid('must be a pet id') }), hide: true } },
    async (request, reply) => reply.redirect(`/vbc/p/${request.params.petId.toLowerCase()}`, 302),
  );
}
