import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAccount } from '../platform/plugins/auth.ts';
import { DOCUMENT_MAX_BYTES, PICTURE_MAX_BYTES } from '@vbc/shared/files';
import { readUpload } from './read-upload.ts';
import { STORAGE_QUOTA_BYTES } from './quota.ts';
import { ZDisplayUpload, ZDocumentUpload } from './upload.ts';
import { SECURITY, ZNoContent } from '../platform/plugins/docs.ts';

const ZFileParams = z.object({ id: z.string().min(1).max(100) });

/** docs/contracts.md §D4 uploads (multipart field `file`), the uploader's deletes and storage use. */
export default async function uploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/files/display',
    {
      config: { multipartFile: { field: 'file', description: 'The picture' } },
      schema: {
        security: SECURITY.bearer,
        response: { 201: ZDisplayUpload },
        summary: 'Upload a picture (multipart field "file"; JPEG, PNG, WebP, GIF, AVIF; ≤ 10 MB, ≤ 40 MP)',
        tags: ['files'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const upload = await readUpload(request, PICTURE_MAX_BYTES, 'picture');
      const result = await app.files.uploadDisplayImage(account.id, upload);
      return reply.status(201).header('cache-control', 'no-store').send(result);
    },
  );

  app.post(
    '/api/files/document',
    {
      config: { multipartFile: { field: 'file', description: 'The document' } },
      schema: {
        security: SECURITY.bearer,
        response: { 201: ZDocumentUpload },
        summary: 'Upload a document (multipart field "file"; PDF, office, text, picture, audio, video; ≤ 20 MB)',
        tags: ['files'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const upload = await readUpload(request, DOCUMENT_MAX_BYTES, 'document');
      const result = await app.files.uploadDocument(account.id, upload);
      return reply.status(201).header('cache-control', 'no-store').send(result);
    },
  );

  app.get(
    '/api/files/usage',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: z.object({ usedBytes: z.number(), quotaBytes: z.number() }) },
        summary: "The account's stored bytes and its quota",
        tags: ['files'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      reply.header('cache-control', 'private, no-store');
      return { usedBytes: await app.files.storageUsed(account.id), quotaBytes: STORAGE_QUOTA_BYTES };
    },
  );

  r.delete(
    '/api/files/display/:id',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 204: ZNoContent },
        params: ZFileParams,
        summary: 'Uploader: delete a picture (displayItemId or obsecuredDisplayItemId)',
        tags: ['files'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      await app.files.deleteDisplayItem(request.params.id, account.id);
      return reply.status(204).send(null);
    },
  );

  r.delete(
    '/api/files/document/:id',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 204: ZNoContent },
        params: ZFileParams,
        summary: 'Uploader: delete a document',
        tags: ['files'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      await app.files.deleteDocument(request.params.id, account.id);
      return reply.status(204).send(null);
    },
  );
}
