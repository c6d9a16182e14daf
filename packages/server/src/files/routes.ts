import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors/app-error.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import type { DisplayItemRow } from './store-files.ts';

/** Images and files never change under one id. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ZId = z.object({ id: z.string().min(1).max(100) });

/** Public reads of stored images and documents (SPEC §2 "Public link and file shapes"). */
export default async function fileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function sendImage(reply: FastifyReply, item: DisplayItemRow | undefined, cache = IMMUTABLE) {
    const bytes = item ? await app.storage.read(item.storageKey) : null;
    if (!item || !bytes) throw notFound('image');
    return reply.header('content-type', item.contentType).header('cache-control', cache).send(bytes);
  }

  r.get('/ds/vbc/display/:id', { schema: { params: ZId, hide: true } }, async (request, reply) =>
    sendImage(reply, await app.files.findDisplayItemById(request.params.id)),
  );

  r.get('/ds/vbc/odisplay/:id', { schema: { params: ZId, hide: true } }, async (request, reply) =>
    sendImage(reply, await app.files.findDisplayItem(request.params.id)),
  );

  // By card: the picture may be replaced, so it is cached briefly.
  r.get('/ds/vbc/profilepicture/:id', { schema: { params: ZId, hide: true } }, async (request, reply) => {
    const found = await app.cards.getPublic(request.params.id).catch(() => null);
    const pictureId = found?.row.highResPictureDisplayItemId ?? found?.row.pictureDisplayItemId;
    if (!pictureId || found?.row.passcodeHash) throw notFound('picture');
    return sendImage(reply, await app.files.findDisplayItemById(pictureId), 'public, max-age=300');
  });

  r.get('/ds/vbc/file/:id', { schema: { params: ZId, hide: true } }, async (request, reply) => {
    const file = await app.files.findDocument(request.params.id);
    const opened = file ? await app.storage.open(file.storageKey) : null;
    if (!file || !opened) throw notFound('file');
    return reply
      .header('content-type', file.contentType)
      .header('content-length', opened.size)
      .header('content-disposition', contentDisposition('attachment', file.name))
      .header('cache-control', IMMUTABLE)
      .send(opened.stream);
  });
}
