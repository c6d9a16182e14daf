import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PKPASS_FILE_NAME, PKPASS_MIME_TYPE, ZGoogleWalletPass, ZWalletAvailability } from '@vbc/shared/wallet';
import { contentDisposition } from '../platform/http/content-disposition.ts';
import { requestLocale } from '../platform/i18n/translator.ts';
import { requireAccount } from '../platform/plugins/auth.ts';
import { SECURITY, binary } from '../platform/plugins/docs.ts';

const tags = ['wallet'];
const ZIdParams = z.object({ id: z.string().min(1).max(100) });

/** docs/contracts.md §7 wallet calls: the owner's card or pet as an Apple pass or a Google Wallet save JWT. */
export default async function walletRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/wallet/availability',
    {
      schema: {
        security: SECURITY.none,
        tags,
        response: { 200: ZWalletAvailability },
        summary: 'Which wallets this server can make passes for (the app shows only those "Add to … Wallet" buttons)',
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.wallet.walletAvailability();
    },
  );

  r.get(
    '/api/personalAccount/generateAppleWalletPass/:id',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZIdParams,
        tags,
        response: { 200: binary(PKPASS_MIME_TYPE, 'The signed pass (pass.pkpass); 503 when Apple Wallet is not configured') },
        summary: "Owner: one of the account's cards or pets as an Apple Wallet pass that updates itself",
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const bytes = await app.wallet.generateApplePass(request.params.id, account.id, requestLocale(request));
      return reply
        .type(PKPASS_MIME_TYPE)
        .header('content-disposition', contentDisposition('attachment', PKPASS_FILE_NAME))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  r.get(
    '/api/personalAccount/generateGoogleWalletPass/:id',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZIdParams,
        tags,
        response: { 200: ZGoogleWalletPass },
        summary: 'Owner: a Google Wallet "save" JWT for one of the account\'s cards or pets (503 when not configured)',
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      reply.header('cache-control', 'private, no-store');
      return app.wallet.generateGoogleWalletPass(request.params.id, account.id, requestLocale(request));
    },
  );
}
