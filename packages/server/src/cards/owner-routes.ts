import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../platform/plugins/auth.ts';
import { ZCardCreateBody, ZCardPatchBody } from './card-input.ts';
import { readPrecondition, setVersionHeaders } from '../platform/http/precondition.ts';
import { presentOwnerCard } from './present-owner-card.ts';
import { SECURITY, ZNoContent } from '../platform/plugins/docs.ts';
import { ZCardStats, ZOwnerVirtualContact } from './response-schemas.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(100) });
const ZStatsQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

/** docs/contracts.md §D4 owner routes of a card: create, read for editing, partial update, delete, daily stats. */
export default async function ownerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/vbc/virtualcontact',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 201: ZOwnerVirtualContact },
        body: ZCardCreateBody,
        summary: 'Create a card owned by the caller → the owner view',
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const found = await app.cards.createCard(account.id, request.body);
      return setVersionHeaders(reply.status(201), found.row.updatedAt).send(presentOwnerCard(found));
    },
  );

  r.get(
    '/api/vbc/virtualcontact/:id/edit',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZOwnerVirtualContact },
        params: ZIdParams,
        summary: 'Owner: the full card for the editor (404 for anyone else)',
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const found = await app.cards.getOwnedCard(request.params.id, account.id, 'read');
      return setVersionHeaders(reply, found.row.updatedAt).send(presentOwnerCard(found));
    },
  );

  r.put(
    '/api/vbc/virtualcontact/:id',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZOwnerVirtualContact },
        params: ZIdParams,
        body: ZCardPatchBody,
        summary: 'Owner: change some fields (the rest stay); send updatedAt (or If-Match) to be told of a newer save (409)',
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const { updatedAt, ...patch } = request.body;
      const precondition = readPrecondition(request, updatedAt);
      const found = await app.cards.updateCard(request.params.id, account.id, patch, precondition);
      return setVersionHeaders(reply, found.row.updatedAt).send(presentOwnerCard(found));
    },
  );

  r.delete(
    '/api/vbc/virtualcontact/:id',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 204: ZNoContent },
        params: ZIdParams,
        summary: 'Owner: delete the card',
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      await app.cards.deleteCard(request.params.id, account.id, readPrecondition(request, undefined));
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/vbc/virtualcontact/:id/stats',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZCardStats },
        params: ZIdParams,
        querystring: ZStatsQuery,
        summary: 'Owner: views, downloads and link clicks per UTC day, oldest first, each day split by source (issue 29)',
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const { row } = await app.cards.getOwnedCard(request.params.id, account.id, 'read');
      const [days, linkClickCount] = await Promise.all([
        app.cards.cardDailyStats(row.id, request.query.days),
        app.cards.cardLinkClickCount(row.id),
      ]);
      reply.header('cache-control', 'private, no-store');
      return {
        virtualContactId: row.id,
        days,
        totals: { viewCount: row.viewCount, downloadCount: row.downloadCount, linkClickCount },
      };
    },
  );
}
