import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** The largest file any route accepts (documents, 20 MB), plus one byte so "over" is detectable. */
export const MULTIPART_MAX_FILE_BYTES = 20 * 1024 * 1024 + 1;

/**
 * multipart/form-data for upload routes (registered once; routes read it with
 * `readUpload` from files/read-upload.ts, which applies each route's own cap).
 * One file and a few small fields per request.
 */
export default fp(
  async function multipartPlugin(app: FastifyInstance) {
    await app.register(multipart, {
      limits: { fileSize: MULTIPART_MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12, headerPairs: 100 },
    });
  },
  { name: 'multipart' },
);
