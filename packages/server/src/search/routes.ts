import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSearchQuery, ZSearchResult } from '@vbc/shared';
import { requireAccount } from '../platform/plugins/auth.ts';
import { JSON_CONTENT_TYPE, SECURITY, documentedOnly, orJsonText } from '../platform/plugins/docs.ts';

/** docs/contracts.md §D4 card search. */
export default async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/vbc/search',
    {
      ...documentedOnly,
      schema: {
        security: SECURITY.bearer,
        querystring: ZSearchQuery,
        response: { 200: orJsonText(ZSearchResult) },
        tags: ['search'],
        summary:
          'Cards by name, job title or organization (every word) among your recents, your folders, your businesses and public team directories; best first',
      },
    },
    async (request, reply) =>
      reply.header('content-type', JSON_CONTENT_TYPE).send(await app.cardSearch.searchCards(requireAccount(request).id, request.query.q)),
  );
}
