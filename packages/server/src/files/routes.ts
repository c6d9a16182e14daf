import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isUuid } from '@vbc/shared';
import { displayItems, documentFiles } from '../db/schema/index.ts';
import { notFound } from '../errors/app-error.ts';
import type { DisplayItemRow } from './store-files.ts';

/** Images and files never change under one id. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ZId = z.object({ id: z.string().min(1).max(100) });

/** A filename for Content-Disposition: ASCII fallback plus the RFC 5987 UTF-8 form. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Public reads of stored images and documents (SPEC §2 "Public link and file shapes"). */
export default async function fileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function sendImage(reply: FastifyReply, item: DisplayItemRow | undefined, cache = IMMUTABLE) {
    const bytes = item ? await app.storage.read(item.storageKey) : null;
    if (!item || !bytes) throw notFound('image');
    return reply.header('content-type', item.contentType).header('cache-control', cache).send(bytes);
  }
  const byId = async (id: string) =>
    isUuid(id) ? (await app.db.select().from(displayItems).where(eq(displayItems.id, id.toLowerCase())).limit(1))[0] : undefined;

  r.get('/ds/vbc/display/:id', { schema: { params: ZId, hide: true } }, async (request, reply) =>
    sendImage(reply, await byId(request.params.id)),
  );

  r.get('/ds/vbc/odisplay/:id', { schema: { params: ZId, hide: true } }, async (request, reply) => {
    const { id } = request.params;
    const [item] = isUuid(id)
      ? [await byId(id)]
      : await app.db.select().from(displayItems).where(eq(displayItems.obsecuredId, id)).limit(1);
    return sendImage(reply, item);
  });

  // By card: the picture may be replaced, so it is cached briefly.
  r.get('/ds/vbc/profilepicture/:id', { schema: { params: ZId, hide: true } }, async (request, reply) => {
    const found = await app.contacts.getPublic(request.params.id).catch(() => null);
    const pictureId = found?.row.highResPictureDisplayItemId ?? found?.row.pictureDisplayItemId;
    if (!pictureId || found?.row.passcodeHash) throw notFound('picture');
    return sendImage(reply, await byId(pictureId), 'public, max-age=300');
  });

  r.get('/ds/vbc/file/:id', { schema: { params: ZId, hide: true } }, async (request, reply) => {
    const { id } = request.params;
    const [file] = isUuid(id)
      ? await app.db.select().from(documentFiles).where(eq(documentFiles.id, id.toLowerCase())).limit(1)
      : [];
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
