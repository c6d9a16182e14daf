import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TEmailSignature } from '@vbc/shared/owner';
import { contentDisposition } from '../platform/http/content-disposition.ts';
import { requireAccount } from '../platform/plugins/auth.ts';
import { SECURITY, binary } from '../platform/plugins/docs.ts';
import { BACKGROUND_SIZES, type TBackgroundSize } from './video-background.ts';

const ZCardParams = z.object({ contactId: z.string().min(1).max(100) });
const ZSignature = z.object({ html: z.string(), contactInfoHidden: z.boolean() }) satisfies z.ZodType<TEmailSignature>;

/** docs/contracts.md §2 "Share surfaces" (issue 29). */
export default async function sharingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/ds/vbc/qr/:contactId',
    {
      schema: {
        security: SECURITY.none,
        params: ZCardParams,
        querystring: z.object({ format: z.enum(['svg', 'png'], 'must be svg or png').default('png') }),
        response: {
          200: {
            description: 'The QR code as an SVG or a 1200 px PNG, as an attachment',
            content: { ...binary('image/svg+xml', '').content, ...binary('image/png', '').content },
          },
        },
        summary: "The card's QR code for print (issue 29): its short link with s=qr, as SVG or a 1200 px PNG",
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const qr = await app.sharing.cardQr(request.params.contactId, request.query.format);
      return reply
        .header('content-type', qr.contentType)
        .header('content-disposition', contentDisposition('attachment', qr.fileName))
        .header('cache-control', 'public, max-age=300')
        .send(qr.body);
    },
  );

  r.get(
    '/api/vbc/virtualcontact/:contactId/signature',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCardParams,
        response: { 200: ZSignature },
        summary: 'Owner: the card as an e-mail signature (issue 29): HTML for mail clients, and whether PIN-hidden rows were left out',
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const { row } = await app.cards.getOwnedCard(request.params.contactId, account.id, 'read');
      reply.header('cache-control', 'private, no-store');
      return app.sharing.emailSignature(row.id);
    },
  );

  r.get(
    '/api/vbc/virtualcontact/:contactId/background',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCardParams,
        querystring: z.object({
          size: z
            .enum(Object.keys(BACKGROUND_SIZES) as [TBackgroundSize, ...TBackgroundSize[]], 'must be 1920x1080 or 1280x720')
            .default('1920x1080'),
        }),
        response: { 200: binary('image/png', 'The video background, as an attachment') },
        summary: 'Owner: the card as a video-call background (issue 29): a PNG with name, title, organization and a QR code (s=bg)',
        tags: ['cards'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const { row } = await app.cards.getOwnedCard(request.params.contactId, account.id, 'read');
      const png = await app.sharing.videoBackground(row.id, request.query.size);
      const name = `${row.firstName} ${row.lastName}`.trim() || row.quickId;
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', contentDisposition('attachment', `${name} background ${request.query.size}.png`))
        .header('cache-control', 'private, no-store')
        .send(png);
    },
  );
}
