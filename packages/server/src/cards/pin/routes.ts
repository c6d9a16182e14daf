import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setVersionHeaders } from '../../platform/http/precondition.ts';
import { requireAccount } from '../../platform/plugins/auth.ts';
import { ZValidatePinBody } from '@vbc/shared';
import { ZSetPinBody } from './pin-rules.ts';
import { SECURITY } from '../../platform/plugins/docs.ts';
import { ZPinStatus, ZPinValidation } from '../response-schemas.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(100) });
const ZValidateParams = z.object({ virtualContactId: z.string().min(1).max(100) });

/** PIN routes: the owner sets, removes and watches the PIN (docs/contracts.md §D4); visitors validate it (docs/contracts.md §7). */
export default async function pinRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/vbc/virtualcontact/:id/pin',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZPinStatus },
        params: ZIdParams,
        summary: "Owner: the card's PIN status and recent wrong PINs",
        tags: ['pin'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const row = await app.cards.getCardToManagePin(request.params.id, account.id);
      setVersionHeaders(reply, row.updatedAt);
      return app.cards.pinStatus(row);
    },
  );

  r.put(
    '/api/vbc/virtualcontact/:id/pin',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZPinStatus },
        params: ZIdParams,
        body: ZSetPinBody,
        summary: 'Owner: set (4–8 digits) or remove (null) the PIN',
        tags: ['pin'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const row = await app.cards.getCardToManagePin(request.params.id, account.id);
      const updated = await app.cards.setPin(row, request.body);
      setVersionHeaders(reply, updated.updatedAt);
      return app.cards.pinStatus(updated);
    },
  );

  r.post(
    '/api/vbc/validatepincode/:virtualContactId',
    {
      schema: {
        security: SECURITY.none,
        response: { 200: ZPinValidation },
        params: ZValidateParams,
        body: ZValidatePinBody,
        summary: 'A PIN → {accessToken, phones, emails} (docs/contracts.md §3)',
        tags: ['pin'],
      },
    },
    async (request, reply) => {
      const result = await app.cards.validatePin({
        contactId: request.params.virtualContactId,
        pinCode: request.body.pinCode,
        client: request.ip,
      });
      reply.header('cache-control', 'private, no-store');
      return result;
    },
  );
}
