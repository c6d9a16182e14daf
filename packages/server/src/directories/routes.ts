import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDirectories, ZDirectoriesQuery, ZDirectory, ZDirectoryQuery, ZDirectorySummary, ZFolderInput } from '@vbc/shared';
import { requireAccount } from '../platform/plugins/auth.ts';
import { JSON_CONTENT_TYPE, SECURITY, ZNoContent, documentedOnly, orJsonText } from '../platform/plugins/docs.ts';
import { uuidParam } from '../platform/http/params.ts';

const ZDirParams = z.object({ dirId: uuidParam('a directory') });
const ZDirCardParams = ZDirParams.extend({ contactId: z.string().trim().min(1, 'must be a card id').max(100, 'must be a card id') });
const tags = ['directories'];

/** docs/contracts.md §D4 directories (list and content) and the owner's folder writes. */
export default async function directoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/directories',
    {
      ...documentedOnly,
      schema: {
        security: SECURITY.bearer,
        querystring: ZDirectoriesQuery,
        response: { 200: ZDirectories },
        tags,
        summary:
          'Businesses the account belongs to or follows, then its folders ("Saved" first); with ?contactId= each says whether it holds that card',
      },
    },
    async (request) => app.directories.listDirectories(requireAccount(request).id, request.query.contactId),
  );

  r.get(
    '/api/directories/:dirId',
    {
      ...documentedOnly,
      schema: {
        security: SECURITY.optionalBearer,
        params: ZDirParams,
        querystring: ZDirectoryQuery,
        response: { 200: orJsonText(ZDirectory) },
        tags,
        summary:
          "A page of a directory's cards (?limit=, ?cursor= from nextCursor, ?q= filters): one's own folder, a business one belongs to or follows, or any public team directory (signed out too)",
      },
    },
    async (request, reply) => {
      const page = await app.directories.findDirectory(request.params.dirId, request.account?.id ?? null, request.query);
      return typeof page === 'string' ? reply.header('content-type', JSON_CONTENT_TYPE).send(page) : page;
    },
  );

  r.post(
    '/api/directories',
    {
      schema: {
        security: SECURITY.bearer,
        body: ZFolderInput,
        response: { 201: ZDirectorySummary },
        tags,
        summary: 'Create a folder (names are unique per account, ignoring case)',
      },
    },
    async (request, reply) => reply.status(201).send(await app.directories.createFolder(requireAccount(request).id, request.body.name)),
  );

  r.put(
    '/api/directories/:dirId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZDirParams,
        body: ZFolderInput,
        response: { 200: ZDirectorySummary },
        tags,
        summary: 'Rename one of your folders ("Saved" keeps its name)',
      },
    },
    async (request) => app.directories.renameFolder(requireAccount(request).id, request.params.dirId, request.body.name),
  );

  r.delete(
    '/api/directories/:dirId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZDirParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'Delete one of your folders (not "Saved"); the cards themselves stay',
      },
    },
    async (request, reply) => {
      await app.directories.deleteFolder(requireAccount(request).id, request.params.dirId);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/api/directories/:dirId/cards/:contactId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZDirCardParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'Save a card (id or quickId) into one of your folders; saving it again changes nothing',
      },
    },
    async (request, reply) => {
      await app.directories.addCardToFolder(requireAccount(request).id, request.params.dirId, request.params.contactId);
      return reply.status(204).send(null);
    },
  );

  r.delete(
    '/api/directories/:dirId/cards/:contactId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZDirCardParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'Take a card out of one of your folders',
      },
    },
    async (request, reply) => {
      await app.directories.removeCardFromFolder(requireAccount(request).id, request.params.dirId, request.params.contactId);
      return reply.status(204).send(null);
    },
  );
}
