import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QR } from '@vbc/shared';
import { badRequest } from '../platform/errors/app-error.ts';
import { renderQrPng } from './render-qr.ts';
import { SECURITY, binary } from '../platform/plugins/docs.ts';

/** Longest text a version-40 QR holds at error correction L in byte mode. */
const MAX_QR_BYTES = 2953;

const ZQrQuery = z.object({
  text: z.string().min(1, 'is required'),
  size: z.coerce.number().int().min(64).max(2048).default(QR.size),
});

export default async function qrRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ds/qr',
    {
      schema: {
        security: SECURITY.none,
        response: { 200: binary('image/png', 'The QR code') },
        querystring: ZQrQuery,
        summary: 'A PNG QR code of `text`, `size` px square',
      },
    },
    async (request, reply) => {
      const { text, size } = request.query;
      if (Buffer.byteLength(text) > MAX_QR_BYTES) throw badRequest(`text: too long for a QR code (max ${MAX_QR_BYTES} bytes)`);
      const png = await renderQrPng(text, size);
      return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').send(png);
    },
  );
}
