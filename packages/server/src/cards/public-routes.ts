import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VISIT_SOURCES, VISIT_SOURCE_PARAM, visitSourceOf, withVisitSource } from '@vbc/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../platform/http/content-disposition.ts';
import { notFoundPage, wantsHtml } from '../platform/http/not-found-page.ts';
import { pageLocale, pageVary } from '../platform/i18n/page-locale.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { cardLinkTarget } from './card-link.ts';
import type { TViewer } from './count-view.ts';
import type { FoundContact } from './find-contact.ts';
import { presentContact, publicContactJson, type ContactRow } from './present-card.ts';
import { JSON_CONTENT_TYPE, SECURITY, ZNoContent, binary, documentedOnly, orJsonText } from '../platform/plugins/docs.ts';
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
/** Where the visit came from (issue 29): one of the share surfaces' tags; absent is a direct visit. */
const ZSource = z.enum(VISIT_SOURCES, `must be one of ${VISIT_SOURCES.join(', ')}`).optional();
const ZSourceQuery = z.object({ s: ZSource });
const ZDownloadQuery = z.object({
  accessToken: z.string().max(200).optional(),
  version: z.enum(VCARD_VERSION_QUERY, 'must be 3 or 4').optional(),
  s: ZSource,
});
/** The counting redirect's path: the card and the index of one of its links (0 first). */
const ZLinkParams = ZContactParams.extend({
  n: z.coerce.number('must be a number').int('must be a whole number').min(0, 'must be 0 or more').max(999, 'must be at most 999'),
});

/** docs/contracts.md §7 public card read, the vCard download and the share-link redirects. */
export default async function publicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const isOwner = (row: ContactRow, accountId: string | undefined) => !!accountId && row.ownerAccountId === accountId;
  /** Who is asking, for counting once per visitor per day (count-view.ts keeps only a salted hash of it, in memory). */
  const viewerOf = (request: FastifyRequest): TViewer => ({
    accountId: request.account?.id ?? null,
    address: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  });

  /** A visitor's read of a card: its public JSON. The page that shows it counts the view (POST …/view). */
  const visitorRead = (found: FoundContact): string => publicContactJson(found);
  const CARD_HEADERS = { 'cache-control': 'private, no-store', 'content-type': JSON_CONTENT_TYPE };

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
        querystring: ZSourceQuery,
        summary: "Count a view of the card: once per visitor per day, never the owner's (issue 30), by where it came from (`s`, issue 29)",
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const found = await app.cards.getPublic(request.params.contactId);
      await app.cards.countView(found.row, viewerOf(request), request.query.s ?? null);
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
        source: request.query.s,
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
    if (!found) {
      const language = pageLocale(request);
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', pageVary(language, 'accept'))
        .send(notFoundPage('card', language.locale));
    }
    // The share surface's tag goes on to the page, which counts the view with it (issue 29); any other `s` is dropped.
    const source = visitSourceOf((request.query as Record<string, unknown>)[VISIT_SOURCE_PARAM]);
    return reply.redirect(withVisitSource(`/vbc/${found.row.quickId}`, source), 302);
  });

  r.get(
    '/ds/vbc/l/:contactId/:n',
    {
      schema: {
        security: SECURITY.none,
        response: { 302: ZNoContent },
        params: ZLinkParams,
        querystring: ZSourceQuery,
        summary:
          "A link on the card, counted (issue 29): 302 to the card's own n-th link (0 first); 404 for anything that is not one of them",
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const found = await app.cards.getPublic(request.params.contactId);
      const target = cardLinkTarget(found.row, request.params.n);
      await app.cards.countLinkClick(found.row, viewerOf(request), request.params.n, request.query.s ?? null);
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target, 302);
    },
  );

  r.get(
    '/ds/vp/i/:petId',
    { schema: { params: z.object({ petId: z.string().uuid('must be a pet id') }), hide: true } },
    async (request, reply) => reply.redirect(`/vbc/p/${request.params.petId.toLowerCase()}`, 302),
  );
}
