import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZRegisterPushSubscription,
  ZUnregisterPushSubscription,
  type TCheckForPushSubscription,
  type TVapidPublicKey,
} from '@vbc/shared/push';
import { requireAccount } from '../platform/plugins/auth.ts';
import { SECURITY, ZNoContent } from '../platform/plugins/docs.ts';
import type { TPushCaller } from './subscriptions.ts';

const tags = ['push'];

/** The signed-in account and the sign-in (device) the request came from, or a 401. */
function caller(request: FastifyRequest): TPushCaller {
  const account = requireAccount(request);
  return { accountId: account.id, sessionRowId: account.sessionRowId };
}

/** docs/contracts.md §7 push calls and the VAPID public key. */
export default async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/push/vapidPublicKey',
    {
      schema: {
        security: SECURITY.none,
        response: { 200: z.object({ publicKey: z.string() }) },
        tags,
        summary: 'The application server key for pushManager.subscribe',
      },
    },
    async (): Promise<TVapidPublicKey> => ({
      publicKey: app.push.vapidPublicKey,
    }),
  );

  r.get(
    '/api/personalAccount/checkForPushSubscription',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: z.object({ result: z.boolean() }) },
        tags,
        summary: 'Whether this device (this sign-in) has a push subscription or APNs token',
      },
    },
    async (request): Promise<TCheckForPushSubscription> => ({ result: await app.push.check(caller(request)) }),
  );

  r.post(
    '/api/personalAccount/registerPushSubscription',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 204: ZNoContent },
        body: ZRegisterPushSubscription,
        tags,
        summary: "Store this device's web push subscription (endpoint, expirationTime, keyP256Dh, keyAuth) or APNs token (apnDeviceToken)",
      },
    },
    async (request, reply) => {
      await app.push.register(caller(request), request.body);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/personalAccount/unRegisterForPushSubscription',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 204: ZNoContent },
        body: ZUnregisterPushSubscription,
        tags,
        summary: "Remove this device's subscriptions (or the named endpoint / apnDeviceToken)",
      },
    },
    async (request, reply) => {
      await app.push.unregister(caller(request), request.body);
      return reply.code(204).send(null);
    },
  );
}
