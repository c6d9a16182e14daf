import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../platform/errors/app-error.ts';
import { contentDisposition } from '../platform/http/content-disposition.ts';
import type { TFileRef } from './private-files.ts';
import type { DisplayItemRow } from './store-files.ts';

/** Images and files never change under one id. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ZId = z.object({ id: z.string().min(1).max(100) });
/** A signed link's query (files/signed-links.ts): a conversation's files are served only with one. */
const ZSignedLink = z.object({
  account: z.string().max(100).optional(),
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});

/** Public reads of stored images and documents (docs/contracts.md §2 "Public link and file shapes"). */
export default async function fileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The cache-control for a file anyone may read (cacheable for a year), or for a private one read
   * by its signed link (private, until the link expires); a 403 naming the problem otherwise.
   */
  async function cacheFor(file: TFileRef, query: z.infer<typeof ZSignedLink>): Promise<string> {
    const verdict = await app.files.fileAccess(file, query);
    if (verdict.access === 'refused') throw new AppError('forbidden', verdict.message, { 'cache-control': 'no-store' });
    return verdict.access === 'public' ? IMMUTABLE : `private, max-age=${verdict.maxAgeSeconds}`;
  }

  async function sendImage(
    reply: FastifyReply,
    item: DisplayItemRow | undefined,
    cache: string | ((item: DisplayItemRow) => Promise<string>),
  ) {
    if (!item) throw notFound('image');
    const cacheControl = typeof cache === 'string' ? cache : await cache(item);
    const bytes = await app.storage.read(item.storageKey);
    if (!bytes) throw notFound('image');
    return reply.header('content-type', item.contentType).header('cache-control', cacheControl).send(bytes);
  }

  const byLink = (query: z.infer<typeof ZSignedLink>) => (item: DisplayItemRow) =>
    cacheFor({ kind: 'display', id: item.id, linkId: item.obsecuredId }, query);

  r.get('/ds/vbc/display/:id', { schema: { params: ZId, querystring: ZSignedLink, hide: true } }, async (request, reply) =>
    sendImage(reply, await app.files.findDisplayItemById(request.params.id), byLink(request.query)),
  );

  r.get('/ds/vbc/odisplay/:id', { schema: { params: ZId, querystring: ZSignedLink, hide: true } }, async (request, reply) =>
    sendImage(reply, await app.files.findDisplayItem(request.params.id), byLink(request.query)),
  );

  // By card: the picture may be replaced, so it is cached briefly.
  r.get('/ds/vbc/profilepicture/:id', { schema: { params: ZId, hide: true } }, async (request, reply) => {
    const found = await app.cards.getPublic(request.params.id).catch(() => null);
    const pictureId = found?.row.highResPictureDisplayItemId ?? found?.row.pictureDisplayItemId;
    if (!pictureId || found?.row.passcodeHash) throw notFound('picture');
    return sendImage(reply, await app.files.findDisplayItemById(pictureId), 'public, max-age=300');
  });

  r.get('/ds/vbc/file/:id', { schema: { params: ZId, querystring: ZSignedLink, hide: true } }, async (request, reply) => {
    const file = await app.files.findDocument(request.params.id);
    if (!file) throw notFound('file');
    const cacheControl = await cacheFor({ kind: 'document', id: file.id, linkId: file.id }, request.query);
    const opened = await app.storage.open(file.storageKey);
    if (!opened) throw notFound('file');
    return reply
      .header('content-type', file.contentType)
      .header('content-length', opened.size)
      .header('content-disposition', contentDisposition('attachment', file.name))
      .header('cache-control', cacheControl)
      .send(opened.stream);
  });
}
